/**
 * The clause rules of the triplet extractor, by name, in the order they are tried: for each clause the
 * first rule that emits a fact wins. Specific shapes come first, the generic copula rules last. Lines of
 * `label: value` pairs are read before any clause rule (rule-key-value.ts), and a clause that opens with
 * a kinship word, an animal kind or a role and a name is narrowed to the name first (rule-clauses.ts
 * withLeadingRelation). Each rule's examples are its unit tests (test/extraction/rules.test.ts).
 */
import { bornOn, typedValues } from "./rule-clauses.js";
import { numberedThing, ownedAttribute } from "./rule-bare-attribute.js";
import type { ClauseRule } from "./rule-common.js";
import {
  englishAddress,
  englishAge,
  englishAllergy,
  englishDrives,
  englishGoesTo,
  englishHasNamed,
  englishHours,
  englishIsOur,
  englishOf,
  englishPlace,
  englishPossessive,
  englishRoleOf,
  englishTitle,
  englishOccupation,
  englishWorksAt,
} from "./rule-english.js";
import { englishEvent } from "./rule-english-event.js";
import { flightRoute } from "./rule-flight.js";
import { allergy, attributeIsValue, changedTo, identity, nameIntro, ownAnimalNamed } from "./rule-korean.js";
import {
  closedDay,
  employer,
  eventPlace,
  homeIs,
  movedHome,
  moveThenPlace,
  placeOfSubject,
  workplace,
  worksAs,
} from "./rule-places.js";
import {
  listContinuation,
  roleChangedTo,
  roleIsPerson,
  roleNameTitle,
  roleTaken,
  roleThenName,
  titledSubject,
} from "./rule-roles.js";
import { activitySchedule, startsFrom } from "./rule-schedule.js";

/** One named clause rule. */
export interface ExtractionRule {
  /** Short kebab-case name, unique in {@link RULES}. */
  readonly name: string;
  /** The shape it reads and the facts it states. */
  readonly description: string;
  /** Emits the clause's facts through `clause.state`; true when it emitted one (the clause is done). */
  readonly apply: ClauseRule;
}

/** The clause rules in the order they are tried. */
export const RULES: readonly ExtractionRule[] = [
  {
    name: "flight-route",
    description: "A flight number and an arrowed route (CODE A→B): the flight's route.",
    apply: flightRoute,
  },
  {
    name: "english-age",
    description:
      "I'm N / X is N (years old) / my RELATIVE is N: the age of the speaker, a person or a relative.",
    apply: englishAge,
  },
  {
    name: "english-drives",
    description: "I drive / own a MAKER MODEL: the speaker's car, a proper name.",
    apply: englishDrives,
  },
  {
    name: "english-allergy",
    description: "X is allergic to A and B / I'm allergic to A: one allergy fact per allergen.",
    apply: englishAllergy,
  },
  {
    name: "english-works-at",
    description:
      "X works at / teaches at / studies at PLACE (as JOB): workplace or school, and the occupation.",
    apply: englishWorksAt,
  },
  {
    name: "english-occupation",
    description: "I'm a JOB / X is a JOB (at PLACE) / X works as a JOB: the occupation, and the workplace.",
    apply: englishOccupation,
  },
  {
    name: "english-goes-to",
    description: "PET (my BREED) goes to CLINIC in AREA: the breed, the vet or school, where that is.",
    apply: englishGoesTo,
  },
  {
    name: "english-role-of",
    description: "X is Y's deputy / backup / successor: a role towards another person.",
    apply: englishRoleOf,
  },
  {
    name: "english-has-named",
    description: "I/we have a(n) PET-OR-KIN named/called N: N's kind or relation.",
    apply: englishHasNamed,
  },
  {
    name: "english-possessive",
    description: "X's Y is Z, my Y is Z (Y may be a kinship word, then Z's relation).",
    apply: englishPossessive,
  },
  {
    name: "english-of",
    description: "The Y of X is Z.",
    apply: englishOf,
  },
  {
    name: "english-is-our",
    description: "X is our (new) ROLE / my KIN / the PERSON-NOUN: a role or a relation.",
    apply: englishIsOur,
  },
  {
    name: "english-place",
    description: "X lives in / moved to PLACE (residence); X is (located) in PLACE (location).",
    apply: englishPlace,
  },
  {
    name: "english-event",
    description: "X renews on / is on / is scheduled for / was pushed to DATE: the event's date.",
    apply: englishEvent,
  },
  {
    name: "english-hours",
    description: "open H to H after a place: its hours.",
    apply: englishHours,
  },
  {
    name: "english-title",
    description: "A title phrase (VP of Sales, Head of X) after a person: their title.",
    apply: englishTitle,
  },
  {
    name: "english-address",
    description: "A street address after a place: its address.",
    apply: englishAddress,
  },
  {
    name: "name-intro",
    description: "X 이름은/성함은 N: N is named, with X's relation, kind or role; N becomes the topic.",
    apply: nameIntro,
  },
  {
    name: "own-animal-named",
    description: "우리/내 ANIMAL는 N(이)야: N is named, with the animal as its kind.",
    apply: ownAnimalNamed,
  },
  {
    name: "role-taken",
    description: "ROLE는 N님이 맡음: N holds the role.",
    apply: roleTaken,
  },
  {
    name: "allergy",
    description: "(X) A 알레르기 있음, X는 A랑 B 알레르기가 있어요: one allergy fact per allergen.",
    apply: allergy,
  },
  {
    name: "place-of-subject",
    description: "X는 PLACE에 있어 (위치), X는 PLACE에 살아 (거주지).",
    apply: placeOfSubject,
  },
  {
    name: "workplace",
    description: "X는 ORG에서 일해 (직장), X는 UNIT에서 일해 (소속), a numbered unit by its own noun.",
    apply: workplace,
  },
  {
    name: "works-as",
    description: "X는 JOB로 일해 / 근무해: X's 직업, when the noun ends in an occupation's head.",
    apply: worksAs,
  },
  {
    name: "home-is",
    description: "(우리) 집은 PLACE(동/구/시…): where the speaker lives.",
    apply: homeIs,
  },
  {
    name: "move-then-place",
    description: "이사했어 (no place), then 이제 / 새 주소 PLACE(동/구/시…): where the speaker lives now.",
    apply: moveThenPlace,
  },
  {
    name: "moved-home",
    description: "(X는) Y로 이사했어/왔어/갈 거야: where X (or the speaker) lives from then on.",
    apply: movedHome,
  },
  {
    name: "employer",
    description: "(X는) Y로 이직했어 / Y에 입사했어 / ORG 다녀: X's (or the speaker's) workplace.",
    apply: employer,
  },
  {
    name: "titled-subject",
    description: "N TITLE은 …: the title is N's (직함), and the rest is read as said of N.",
    apply: titledSubject,
  },
  {
    name: "activity-schedule",
    description: "(X) DAYS TIME ACTIVITY (근무, 수업, 배송): the activity's schedule.",
    apply: activitySchedule,
  },
  {
    name: "born-on",
    description: "X는 DATE생, X는 YEAR(년 MONTH월)생: X's birthday, or the year X was born.",
    apply: bornOn,
  },
  {
    name: "starts-from",
    description: "N MONTH부터 NOUN: the noun starts then (NOUN 시작).",
    apply: startsFrom,
  },
  {
    name: "typed-values",
    description:
      "Typed values (phone, date, time, age, measure, amount, e-mail, address, code) and the words before them.",
    apply: typedValues,
  },
  {
    name: "numbered-thing",
    description:
      "X 번호 N, X번호 N, X 자리 N (a number-like N, maybe N로 + a verb of change): whose by the words before.",
    apply: numberedThing,
  },
  {
    name: "role-changed-to",
    description: "ROLE이/가 PERSON(으)로 바뀌었어: the person who holds the role now.",
    apply: roleChangedTo,
  },
  {
    name: "changed-to",
    description: "X Y VALUE로 옮겼어/바꿨어: the new value of X's Y; the new place becomes the topic.",
    apply: changedTo,
  },
  {
    name: "role-name-title",
    description: "ROLE N TITLE (three words): N's 직함 is the role.",
    apply: roleNameTitle,
  },
  {
    name: "role-then-name",
    description: "ROLE N after a business or an event: its role is held by N; later names continue the list.",
    apply: roleThenName,
  },
  {
    name: "list-continuation",
    description: "A bare name (with a title) after a list clause: one more item of that list.",
    apply: listContinuation,
  },
  {
    name: "event-place",
    description: "A bare place, or PLACE에서 열려요, after an event's date: where it is held.",
    apply: eventPlace,
  },
  {
    name: "closed-day",
    description: "DAY 휴무 after a shop: its closed day.",
    apply: closedDay,
  },
  {
    name: "role-is-person",
    description: "(UNIT) ROLE은 N이야: N's role (and unit); a title repeated after N is N's title.",
    apply: roleIsPerson,
  },
  {
    name: "identity",
    description: "X는 NOUN이야 with a known kind of noun: job, role, breed, diet, blood type, affiliation.",
    apply: identity,
  },
  {
    name: "attribute-is-value",
    description: "X Y는 Z, X의 Y는 Z, 내 Y는 Z, X는 Y가 Z; after a topic, Y는 Z.",
    apply: attributeIsValue,
  },
  {
    name: "owned-attribute",
    description: "내/kin + everyday attribute + one value word, no particle (내 혈액형 B형).",
    apply: ownedAttribute,
  },
];
