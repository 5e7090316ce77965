/**
 * Clause rules for English sentences: possessives (X's Y is Z, the Y of X is Z, my Y is Z), roles
 * (X is our new Y), occupations (I'm a Y), places (X lives in Y), and allergies (X is allergic to Y);
 * events (X renews on a date) are in rule-english-event.ts. Values may be in any script
 * ("I'm allergic to 호두"). Each regex is anchored at the start and the clause is short (the extractor
 * caps clause length), so a lazy group scans the clause at most once per split point.
 */
import { isEnglishStopWord } from "../text/english.js";
import { containsHangul } from "../text/korean.js";
import { words as wordList } from "../text/word-list.js";
import { execAfterHead, inSet, splitAtFirstWith, splitAtSeparator, trimEndWhile } from "../text/trim.js";
import { FIRST_PERSON_EN } from "./normalize.js";
import { isKinship, topicHasFacts, type ClauseContext, type ClauseRule } from "./rule-common.js";
import { EN_SUBORDINATE_RE, EN_TRAILING_ADVERBS_RE, EN_TRAILING_PHRASE_RE } from "./rule-patterns.js";
import { ANIMAL_WORDS, ENGLISH_BREED_WORDS } from "./words/animals.js";
import { NAME_WORDS } from "./words/attributes.js";
import { ENGLISH_PERSON_HEADS, OCCUPATION_HEADS, occupationAttribute } from "./words/people.js";
import { isEnglishTimeWord } from "./words/value-words.js";

/** Longest English value, in words; a longer "is …" is a sentence, not a value. */
const MAX_EN_VALUE_WORDS = 6;
/** Longest English attribute, in words ("favorite food", "home phone number"). */
export const MAX_EN_ATTRIBUTE_WORDS = 3;

/** Between a subject and its value: " is ", " are ", " was ", " = ". */
const IS_SEPARATOR_RE = / (?:is|are|was|=) /giu;
/** After an owner: "'s " or "' ". */
const POSSESSIVE_MARK_RE = /'s? /giu;
const POSSESSIVE_PRONOUN_RE = /^(my|our|his|her|their|its) /iu;
/** "shift's Sunday": "is" contracted onto the attribute. */
const CONTRACTED_IS_RE = /'s /gu;
const OF_SEPARATOR_RE = / of /giu;
/** "called Max", "named nabi" after a possessive's "is": the name (one word, or two capitalised). */
const CALLED_RE = /^(?:called|named) (\p{L}[\p{L}'-]*|\p{Lu}[\p{L}'-]* \p{Lu}[\p{L}'-]*)$/u;
/** "I have a cat named Nabi", "We adopted a puppy called Bori", "I've got a brother named Owen". */
const HAS_NAMED_RE =
  /^(?:I|[Ww]e)(?:'ve| have)? (?:have|got|adopted|own) (?:a|an) ([a-z]+) (?:named|called) (\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?)$/u;
const LEADING_THE_RE = /^the /iu;

/**
 * `^(?:(.+?)'s?|(my|our|his|her|their|its)) (.+?) IS (.+)$` read without backtracking, laid out as
 * `exec` would: [text, owner, pronoun, attribute, value], or null. Only the first possessive mark can
 * lead to a match: a later one leaves a tail of the first one's tail.
 */
function matchPossessive(text: string): (string | undefined)[] | null {
  const owned = splitAtSeparator(text, POSSESSIVE_MARK_RE);
  const fact = owned && splitAtSeparator(owned[1], IS_SEPARATOR_RE);
  if (owned && fact) return [text, owned[0], undefined, ...fact];
  const pronoun = POSSESSIVE_PRONOUN_RE.exec(text);
  const afterPronoun = pronoun && text.slice(pronoun[0].length);
  // "his shift's Sunday": the 's of "is" after the attribute, when no " is " follows.
  const pronounFact =
    afterPronoun &&
    (splitAtSeparator(afterPronoun, IS_SEPARATOR_RE) ?? splitAtSeparator(afterPronoun, CONTRACTED_IS_RE));
  return pronoun && pronounFact ? [text, undefined, pronoun[1], ...pronounFact] : null;
}

/** `^(?:the )?(.+?) of (.+?) IS (.+)$` read without backtracking: [text, attribute, owner, value], or null. */
function matchOf(text: string): (string | undefined)[] | null {
  const starts = LEADING_THE_RE.test(text) ? [4, 0] : [0];
  for (const start of starts) {
    const split = splitAtSeparator(text.slice(start), OF_SEPARATOR_RE);
    const fact = split && splitAtSeparator(split[1], IS_SEPARATOR_RE);
    if (split && fact) return [text, split[0], ...fact];
  }
  return null;
}
/**
 * "Wren is our new QA lead", "Ivy is our building's janitor", "Dr. Ahn is the kids' doctor": after the
 * one named, `/ (?:is|'s) (my|our|the)(?: POSSESSIVE)?(?: MODIFIER)* (.+)$/iu`, read a part at a time by
 * `isOurRest` (as one pattern, the modifiers and the value can share words, which the ReDoS analyser
 * does not show linear).
 */
const IS_OUR_RE = / (?:is|'s) (my|our|the)/iuy;
const IS_OUR_POSSESSIVE_RE = / [\p{L}-]+(?:'s|s')/iuy;
const IS_OUR_MODIFIER_RE = / (?:new|current|team's|main|usual|regular)/iuy;
/** "Greta Kim from apt 803": where someone is from, by a numbered unit. */
const FROM_UNIT_RE = / from (unit|room|apt|apartment|suite|floor|ward|class|team) ([\p{L}\d-]{1,8})$/iuy;
/** "open 9 to 6", "hours 10am-7pm": opening hours after the place they belong to. */
const HOURS_RE =
  /^(?:open|opens|hours(?: are)?|open hours|business hours)(?: from)? (\d{1,2}(?::\d{2})?(?: ?[ap]m)? ?(?:to|-|–|~) ?\d{1,2}(?::\d{2})?(?: ?[ap]m)?)$/iu;
/**
 * "lives in", "I live in", "I'm living in", "moved to", "is moving to": where someone lives (a move says
 * where they live from then on).
 */
const LIVES_RE =
  /(?: (?:lives?|am living|is living|are living|moved|has moved|have moved|stays?|am moving|is moving)|'m living|'s living|'m moving|'s moving) (?:in|to) (.+)$/iuy;
/** "I just moved", "she still lives": adverbs between the one named and the verb are no part of the name. */
const HEAD_ADVERBS = new Set(wordList("just recently now currently still also finally actually already"));
/** "my mom", "our son": a relative named by kinship alone is the entity by that word (엄마, 아들). */
const OWN_RELATIVE_RE = /^(?:my|our) ([\p{L}-]+(?: [\p{L}-]+)?)$/iu;
/** "Just moved to X", "Moved to X last week", "living in X now": a note without its I. */
const SUBJECTLESS_MOVE_RE = /^(?:just |recently |finally )?(?:moved|moving|living) (?:in|to) (.+)$/iu;
const LOCATED_RE = / (?:is|are) (?:located |based )?in (.+)$/iuy;
/** Subjects that are no entity ("This is my favorite café", "She is in a meeting"). */
const PRONOUN_RE = /^(?:this|that|these|those|it|he|she|they|we|you|there|here|what|which|who)$/iu;
/** Phrases after "is in" that are a state, not a place ("in charge", "in a meeting"). */
const NOT_A_PLACE_RE = /^(?:charge|trouble|love|time|a |an |the middle)/iu;
/** Months, seasons and times of day after "in": a time, not a place. */
const MONTH_OR_TIME_RE =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|spring|summer|fall|autumn|winter|the (?:morning|afternoon|evening)|progress|person)/iu;
const I_AM_ALLERGIC_RE = /^I(?:'m| am) allergic to (.+)$/iu;
/** After the one who is allergic (see `execAfterHead`). */
const ALLERGIC_RE = /(?: is| are|'s) allergic to (.+)$/iuy;

/** "Dr. Park at Smile Dental": a name, then where (capitalised words, at most four). */
const NAME_AT_PLACE_RE =
  /^((?:(?:Dr|Mr|Mrs|Ms|Prof)\.? )?\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+){0,2}) at ((?:the )?\p{Lu}[\p{L}'&-]*(?: \p{Lu}[\p{L}'&-]*){0,3})$/u;

/** A capitalised name of two letters or more ("Lucy", "Mr. Gong"), not "O" (a blood type). */
const LATIN_NAME_RE =
  /^(?:(?:Dr|Mr|Mrs|Ms|Prof)\.? )?\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?(?: \p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?){0,2}$/u;

/**
 * A noun phrase for a person's role or relation ("landlord", "manager", "dentist", "sister", "plumbing
 * guy", "front desk rep"): its last word is a kinship word, a person noun or an agent noun.
 */
function isPersonRole(phrase: string): boolean {
  if (isKinship(phrase)) return true;
  const words = phrase.split(" ");
  const head = words.pop()?.toLowerCase() ?? "";
  // "the new guy": a bare "guy" or "person" says no role; "plumbing guy" does.
  if (GENERIC_PERSON_RE.test(head) && words.every((word) => /^(?:new|old|current)$/iu.test(word)))
    return false;
  return ENGLISH_PERSON_HEADS.has(head) || /^[a-z]+(?:er|or|ist|lord|ian|ant|ent)$/iu.test(head);
}

/** Person nouns that say a role only with a modifier ("plumbing guy", not "guy"). */
const GENERIC_PERSON_RE = /^(?:guy|man|woman|lady|person|one)$/iu;

/** "The fire drill" → "fire drill": an article is no part of a name. */
export function withoutArticle(phrase: string): string {
  return phrase.replace(/^the /iu, "");
}

/** "Greta Kim from apt 803" → Greta Kim, stating (Greta Kim, apt, 803) on the way. */
function subjectOf(phrase: string, state: ClauseContext["state"]): string {
  const from = execAfterHead(phrase, FROM_UNIT_RE);
  if (from === null) return withoutArticle(phrase);
  const [, who = "", unit = "", number = ""] = from;
  state.emit(who, unit.toLowerCase(), number);
  return who;
}

/** A place after "in": not a time ("in May", "in 2 weeks"), nor a state ("in charge", "in a meeting"). */
function isPlace(phrase: string): boolean {
  return (
    !NOT_A_PLACE_RE.test(phrase) &&
    !/^\d/u.test(phrase) &&
    !MONTH_OR_TIME_RE.test(phrase) &&
    !startsWithTimeWord(phrase)
  );
}

/** Marks that may end a word before what follows ("Thursday."). */
const isEndMark = inSet(".,!?");

/** "Thursday", "Tue/Thu", "next week", "tomorrow at noon": where a lesson "moved to" is a time, not a place. */
function startsWithTimeWord(phrase: string): boolean {
  // "Tue/Thu", "Mon-Wed": the first of days joined by a mark is a time word too.
  const first = trimEndWhile((phrase.trimStart().split(/[\s/&,-]/u)[0] ?? "").toLowerCase(), isEndMark);
  return isEnglishTimeWord(first);
}

/** "his", "her", "their", "its": the one the text is about. */
function isPossessivePronoun(word: string | undefined): boolean {
  return word !== undefined && /^(?:his|her|their|its)$/iu.test(word);
}

/** Words that open a description rather than a value ("a 3-year-old tabby", "so dead", "not sure"). */
const DESCRIPTION_START_RE =
  /^(?:(?:a|an|so|very|really|too|not|pretty|kinda|quite|still|on|at|off|out|away|in|with)\s|(?:busy|sick|closed|open|late|away|back|gone|done|here|there)\b)/iu;

/** "moving to Lisbon", "staying in a hotel": what someone does, not a value of theirs. */
const DOING_PHRASE_RE = /^\p{L}+ing (?:to|in|into|from|at|on|for|with) /iu;

/** Trims trailing adverbs ("now") and splits "A and B" / "A, B" lists. */
function values(raw: string): string[] {
  const trimmed = raw.replace(EN_TRAILING_ADVERBS_RE, "").trim();
  return trimmed
    .split(/,|(?<=\s)and(?=\s)/u)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export function words(text: string): number {
  return text.split(/\s+/u).length;
}

/** "Rory's birthday is Feb 2", "My blood type is O", "My brother's name is Owen" (→ Owen's relation). */
/** " at work", " in our building" closing an attribute (one place word; not "in law"). */
const PLACE_AFTER_ATTRIBUTE_RE = /(?<=\S) (?:at|in) (?:the |my |our )?(?!law$)[\p{L}-]+$/iu;

/** An attribute that names a preference: its value is one of a kind ("favorite coffee", "go-to snack"). */
const PREFERENCE_RE = /^(?:favou?rite|usual|go-to|regular|preferred) /iu;

/** "new " or "current " opening an attribute of two words or more ("new manager", not "new"). */
const NOW_BEFORE_ATTRIBUTE_RE = /^(?:new|current) (?=\S)/iu;

export const englishPossessive: ClauseRule = ({ text, typed, state }) => {
  const match = matchPossessive(text);
  if (match === null) return false;
  const [, owner = "", possessive, placed = "", fullValue = ""] = match;
  // "my parking spot at work is B2-11": where the thing is says which one, and is no part of its name;
  // "my new manager is …": new says the value changed, and is no part of it either.
  const attribute = placed.replace(PLACE_AFTER_ATTRIBUTE_RE, "").replace(NOW_BEFORE_ATTRIBUTE_RE, "");
  // "… is 010-… if you ever need it": the clause after the value is no part of it.
  const rawValue = fullValue.replace(EN_SUBORDINATE_RE, "");
  if (words(attribute) > MAX_EN_ATTRIBUTE_WORDS || words(rawValue) > MAX_EN_VALUE_WORDS) return false;
  const value = rawValue.replace(EN_TRAILING_ADVERBS_RE, "");
  // "his clinic is in Jamsil": his/her/their speak of the text's topic.
  const third = isPossessivePronoun(possessive);
  if (third && !topicHasFacts(state)) return false;
  const mine = third ? undefined : possessive;
  const located = /^in (.+)$/iu.exec(value);
  // "My exam is in 2 weeks", "my birthday is in May": a time, which this rule does not read.
  if (located !== null && !isPlace(located[1] ?? "")) return false;
  if (located !== null) {
    // "X's office is in Building C", "his clinic is in Jamsil": where X's office is.
    const entity = third ? (state.topic ?? "") : mine !== undefined ? FIRST_PERSON_EN : owner;
    return state.emit(entity, `${attribute} location`, located[1] ?? "");
  }
  // "my dog is called Max" says what "my dog's name is Max" does.
  const called = mine === undefined ? null : CALLED_RE.exec(value);
  // "my dog is called a good boy": what it is called, not its name, nor a value of mine.
  if (called === null && /^(?:called|named) /iu.test(value)) return false;
  if (NAME_WORDS.has(attribute.toLowerCase()) || called !== null) {
    // "my sister's name is Irene": the named person is the entity, the owner phrase its relation.
    const relation = called === null ? owner.replace(/^(?:my|our) /iu, "") : attribute;
    const name = called?.[1] ?? value;
    if (!isKinship(relation) && !ANIMAL_WORDS.has(relation.toLowerCase())) return false;
    const emitted = state.emit(
      name,
      ANIMAL_WORDS.has(relation.toLowerCase()) ? "kind" : "relation",
      relation,
    );
    if (emitted) state.topic = name;
    return emitted;
  }
  // "my dentist is Dr. Park at Smile Dental": the person, and where they hold the role.
  const at = mine !== undefined && isPersonRole(attribute) ? NAME_AT_PLACE_RE.exec(value) : null;
  const person = at?.[1] ?? value;
  if (mine !== undefined && isPersonRole(attribute) && LATIN_NAME_RE.test(person)) {
    // "Our landlord is Mr. Gong", "Our plumbing guy is Felix Berg": the person holds the role.
    const emitted = state.emit(person, isKinship(attribute) ? "relation" : "role", attribute);
    if (emitted && at?.[2] !== undefined) state.emit(person, "workplace", at[2]);
    if (emitted) state.topic = person;
    return emitted;
  }
  const entity = third ? (state.topic ?? "") : mine !== undefined ? FIRST_PERSON_EN : ownRelative(owner);
  // "Felix's wedding is May 3 in Eugene", "my birthday is on Feb 2": the date is the value, and the
  // attribute says so.
  const valueStart = text.length - fullValue.length + (/^on /iu.test(rawValue) ? "on ".length : 0);
  const date = typed.find((found) => found.kind === "date" && found.start === valueStart);
  if (date !== undefined) {
    const dated = /(?:date|day|birthday|time|deadline)$/iu.test(attribute) ? attribute : `${attribute} date`;
    return state.emit(entity, dated, date.value);
  }
  // "my car is a Kia Ray": a proper name after the article is the value, with the words that describe
  // it ("a grey Kia Niro"); so is any kind after a preference ("my favorite coffee is a flat white":
  // which one of its kind is the value).
  const named = /^(?:a|an) (.+)$/iu.exec(value)?.[1];
  const proper =
    named !== undefined && (describedProperName(named) || PREFERENCE_RE.test(attribute)) ? named : undefined;
  // "my arms are so sore", "my cat is a tabby", "my landlord is on holiday": a description, not a value.
  if (proper === undefined && (DESCRIPTION_START_RE.test(value) || DOING_PHRASE_RE.test(value))) return false;
  const emitted = state.emit(entity, attribute, proper ?? value);
  // "Seoul Library's phone is …, open 9 to 6": what follows is still about the owner.
  if (emitted && mine === undefined) state.topic = entity;
  return emitted;
};

/** "The birthday of Ada is April 2". */
export const englishOf: ClauseRule = ({ text, state }) => {
  const match = matchOf(text);
  if (match === null) return false;
  const [, attribute = "", owner = "", value = ""] = match;
  if (words(attribute) > MAX_EN_ATTRIBUTE_WORDS || words(value) > MAX_EN_VALUE_WORDS) return false;
  return state.emit(owner, attribute, value.replace(EN_TRAILING_ADVERBS_RE, ""));
};

/**
 * The rest of "X is our new Y" from index `i` of a text without line terminators, as the one pattern
 * in `IS_OUR_RE`'s comment reads it: the possessive is taken when the rest can follow it, and the most
 * modifiers that still leave a value. Each part is read once from where the last one ended.
 */
function isOurRest(text: string, i: number): { determiner: string; value: string } | undefined {
  IS_OUR_RE.lastIndex = i;
  const opening = IS_OUR_RE.exec(text);
  if (opening === null) return undefined;
  const afterOpening = i + opening[0].length;
  IS_OUR_POSSESSIVE_RE.lastIndex = afterOpening;
  const possessive = IS_OUR_POSSESSIVE_RE.exec(text);
  const starts = possessive === null ? [afterOpening] : [afterOpening + possessive[0].length, afterOpening];
  for (const start of starts) {
    const ends = [start];
    for (;;) {
      IS_OUR_MODIFIER_RE.lastIndex = ends[ends.length - 1] ?? start;
      const modifier = IS_OUR_MODIFIER_RE.exec(text);
      if (modifier === null) break;
      ends.push(IS_OUR_MODIFIER_RE.lastIndex);
    }
    for (let j = ends.length - 1; j >= 0; j--) {
      const at = ends[j] ?? start;
      if (text[at] === " " && at + 1 < text.length)
        return { determiner: opening[1] ?? "", value: text.slice(at + 1) };
    }
  }
  return undefined;
}

/**
 * "Wren is our new QA lead" → role; "Owen is my brother" → relation; "Dr. Hale Moon is the kids'
 * doctor" → role (after "the", only a noun for a person).
 */
export const englishIsOur: ClauseRule = ({ text, state }) => {
  const found = splitAtFirstWith(text, (i) => isOurRest(text, i));
  if (found === undefined) return false;
  const rawEntity = found.head;
  const { determiner, value: rawValue } = found.match;
  const value = rawValue.replace(EN_TRAILING_ADVERBS_RE, "");
  if (words(value) > MAX_EN_ATTRIBUTE_WORDS || words(rawEntity) > MAX_EN_ATTRIBUTE_WORDS + 3) return false;
  if (PRONOUN_RE.test(rawEntity) || (determiner.toLowerCase() === "the" && !isPersonRole(value)))
    return false;
  const entity = subjectOf(rawEntity, state);
  if (words(entity) > MAX_EN_ATTRIBUTE_WORDS) return false;
  // "Miso is our cat": an animal's kind, not a role.
  const attribute = ANIMAL_WORDS.has(value.toLowerCase()) ? "kind" : isKinship(value) ? "relation" : "role";
  const emitted = state.emit(entity, attribute, value);
  if (emitted) state.topic = entity;
  return emitted;
};

/** "open 9 to 6" after a place: (place, hours, 9 to 6). */
export const englishHours: ClauseRule = ({ text, state }) => {
  const match = HOURS_RE.exec(text);
  return match !== null && state.topic !== undefined && state.emit(state.topic, "hours", match[1] ?? "");
};

/** "Jude lives in Daegu now" → residence; "The clinic is in Ilsan" → location. */
export const englishPlace: ClauseRule = ({ text, state }) => {
  // "Just moved to Mapo": a note to oneself leaves out the I.
  const own = SUBJECTLESS_MOVE_RE.exec(text);
  const lives = own === null ? execAfterHead(text, LIVES_RE) : [text, FIRST_PERSON_EN, own[1]];
  const located = lives === null ? execAfterHead(text, LOCATED_RE) : null;
  const match = lives ?? located;
  if (match === null) return false;
  const [, head = "", rawPlace = ""] = match;
  const place = rawPlace.replace(EN_TRAILING_PHRASE_RE, "").replace(EN_TRAILING_ADVERBS_RE, "");
  const named = withoutTrailingAdverbs(head);
  // "my mom lives in Daegu": the relative; "my exam is in May", "her office is in …": a possessive's
  // fact is read by englishPossessive.
  const entity = lives !== null ? ownRelative(named) : named;
  if (words(place) > MAX_EN_ATTRIBUTE_WORDS || words(entity) > MAX_EN_ATTRIBUTE_WORDS) return false;
  // "The meeting is in 10 minutes", "she is in a meeting" name no place.
  if (PRONOUN_RE.test(entity) || !isPlace(place) || /\d/u.test(place)) return false;
  if (/^(?:my|our|his|her|their|its) /iu.test(entity)) return false;
  // "I live in fear", "lives in the city": one lives in a place that is named.
  if (lives !== null && !/^[\p{Lu}\p{Script=Hangul}]/u.test(place)) return false;
  return state.emit(entity, lives !== null ? "residence" : "location", place);
};

/** A head without the adverbs that end it ("I just" → "I"). */
function withoutTrailingAdverbs(head: string): string {
  const parts = head.split(" ");
  while (parts.length > 1 && HEAD_ADVERBS.has((parts.at(-1) ?? "").toLowerCase())) parts.pop();
  return parts.join(" ");
}

/** "my mom" → "mom", "our son" → "son": a relative named by kinship alone; any other phrase as it is. */
export function ownRelative(phrase: string): string {
  const relative = OWN_RELATIVE_RE.exec(phrase)?.[1];
  return relative !== undefined && isKinship(relative) ? relative : phrase;
}

/** "I'm allergic to walnuts and mango" → one fact per allergen. */
export const englishAllergy: ClauseRule = ({ text, state }) => {
  const mine = I_AM_ALLERGIC_RE.exec(text);
  const match = mine === null ? execAfterHead(text, ALLERGIC_RE) : [text, FIRST_PERSON_EN, mine[1]];
  if (match === null) return false;
  const entity = match[1] ?? "";
  let emitted = false;
  for (const value of values(match[2] ?? "")) emitted = state.emit(entity, "allergy", value) || emitted;
  return emitted;
};

/** "Head of Research", "VP of Ops", "CTO": a job title said after a person. */
const TITLE_PHRASE_RE =
  /^(?:(?:Head|VP|Vice President|Director|Chief|Manager|Lead|Dean|Chair) of [\p{L}& ]{2,40}|C[A-Z]O|VP [\p{L} ]{2,30})$/u;
/**
 * "I teach at X", "Nikhil works at Y as a Z", "she studies at X", "I started a new job at X", "got a job
 * at X", "started working for X": where someone works or studies.
 */
const WORKS_AT_RE =
  / (works?|worked|teach(?:es)?|taught|stud(?:y|ies)|is working|is studying|started working|(?:started|got|landed|took|has|have) (?:a|an|my|his|her|their) (?:new )?job) (?:at|for) (.+)$/iuy;
/** A note that opens with the verb of a new job, its I left out ("Started a new job at …"). */
const SELF_NOTE_JOB_RE = /^(?:started|got|landed|took) (?:working|(?:a|an|my) (?:new )?job) /iu;
/** "… as a clerk" after the place. */
const AS_JOB_RE = / as (?:an? |the )?(.+)$/iuy;
/**
 * "Bagel (my beagle) goes to Brightvet Clinic in Bojeong": where someone or a pet goes regularly; "Leo
 * switched to Oak Elementary": where they go now (a clinic or a school by its name's head, below).
 */
const GOES_TO_RE =
  /(?: \((?:my|our|a|an|the) ([\p{L} -]{2,30})\))? (?:goes|go|went|switched|transferred|changed) to (.+)$/iuy;
/** "… in Bojeong" after the place. */
const IN_PLACE_RE = / in (.+)$/iuy;
/** "12 Hwarang-ro, Suwon", "17 Elm Lane": a street address. */
export const STREET_ADDRESS_RE =
  /^\d{1,5}[A-Za-z]?(?:-\d{1,4})? (?:[\p{Lu}][\p{L}]*[- ])*[\p{Lu}][\p{L}]*(?:-(?:daero|ro|gil|dong)|\s(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Boulevard|Blvd\.?|Lane|Ln\.?|Drive|Way|Place|Square))\b/u;
/** Heads of a place's name that say what it is: a clinic (a pet's vet), a school. */
const CLINIC_HEAD_RE = /(?:clinic|hospital|vet|veterinary|animal center|medical center)$/iu;
const SCHOOL_HEAD_RE = /(?:school|elementary|academy|university|college|kindergarten|daycare|preschool)$/iu;

/** "…, Head of Product" after a person: their title. */
export const englishTitle: ClauseRule = ({ text, state }) => {
  if (!TITLE_PHRASE_RE.test(text) || state.topic === undefined || !topicHasFacts(state)) return false;
  return state.emit(state.topic, "title", text);
};

/** "I teach at Maple Ridge School" → (I, school, …); "Lee works at Initech as a clerk" → workplace, job. */
export const englishWorksAt: ClauseRule = ({ text, state }) => {
  // "Started a new job at X", "got a job at X": a note to oneself leaves out the I.
  const match = execAfterHead(SELF_NOTE_JOB_RE.test(text) ? `I ${text}` : text, WORKS_AT_RE);
  if (match === null) return false;
  const [, rawEntity = "", verb = "", rest = ""] = match;
  const [, rawPlace = "", job] = execAfterHead(rest, AS_JOB_RE) ?? [rest, rest];
  const place = rawPlace.replace(EN_TRAILING_ADVERBS_RE, "").replace(EN_TRAILING_PHRASE_RE, "");
  if (PRONOUN_RE.test(rawEntity) || words(rawEntity) > MAX_EN_ATTRIBUTE_WORDS) return false;
  if (words(place) > MAX_EN_VALUE_WORDS || !/^\p{Lu}/u.test(place)) return false;
  // "my wife works at …": the relative, by kinship alone, as englishPlace names one.
  const entity = /^i$/iu.test(rawEntity) ? FIRST_PERSON_EN : withoutArticle(ownRelative(rawEntity));
  const attribute =
    /^(?:teach|taught|stud)/iu.test(verb) || SCHOOL_HEAD_RE.test(place) ? "school" : "workplace";
  const emitted = state.emit(entity, attribute, place);
  if (job !== undefined && words(job) <= MAX_EN_ATTRIBUTE_WORDS)
    state.emit(entity, occupationAttribute(false), job);
  if (emitted) state.topic = place;
  return emitted;
};

/** "I'm a nurse", "Ada is an accountant", "I work as a barista": after the one named, what they do. */
const IS_A_RE = /(?: (?:is|am|was|works as|work as|worked as)|'m|'s) (?:a|an) (.+)$/iuy;
/** "… at Seoul Hospital" after an occupation: where it is held. */
const AT_PLACE_RE = / (?:at|for) (.+)$/iuy;

/**
 * "I'm a pharmacist" → (I, occupation, pharmacist); "my wife is a nurse at Hanbit Hospital" → (wife,
 * occupation, nurse) and (wife, workplace, Hanbit Hospital). The phrase must end in an occupation noun
 * (words/people.ts `OCCUPATION_HEADS`): "I'm a big fan" and "she's a night owl" state no job.
 */
export const englishOccupation: ClauseRule = ({ text, state }) => {
  const match = execAfterHead(text, IS_A_RE);
  if (match === null) return false;
  const [, head = "", rest = ""] = match;
  const [, rawJob = "", place] = execAfterHead(rest, AT_PLACE_RE) ?? [rest, rest];
  const job = rawJob.replace(EN_TRAILING_ADVERBS_RE, "");
  const entity = ownRelative(withoutTrailingAdverbs(head));
  if (PRONOUN_RE.test(entity) || /^(?:my|our|his|her|their|its) /iu.test(entity)) return false;
  if (words(entity) > MAX_EN_ATTRIBUTE_WORDS || words(job) > MAX_EN_ATTRIBUTE_WORDS) return false;
  if (!/^I$/u.test(entity) && !LATIN_NAME_RE.test(entity) && !isKinship(entity)) return false;
  const last = job.split(" ").pop()?.toLowerCase() ?? "";
  if (!OCCUPATION_HEADS.includes(last)) return false;
  const emitted = state.emit(entity, occupationAttribute(false), job);
  const workplace = place?.replace(EN_TRAILING_PHRASE_RE, "");
  if (
    emitted &&
    workplace !== undefined &&
    /^\p{Lu}/u.test(workplace) &&
    words(workplace) <= MAX_EN_VALUE_WORDS
  )
    state.emit(
      entity,
      last === "student" || SCHOOL_HEAD_RE.test(workplace) ? "school" : "workplace",
      workplace,
    );
  return emitted;
};

/** "I'm 34", "Lily is 7", "my son is 5 years old": after the one named, an age. */
const AGE_RE = /(?: is| am|'m|'s) (\d{1,3}(?: years? old| yrs? old)?)$/iuy;
/** "I drive a Kia Morning": the car one drives, named by its maker and model. */
const DRIVES_RE = /^(?:(?:and |so )?now )?I (drive|own|have) (?:a|an) (.+)$/u;

/**
 * "I'm 34" → (I, age, 34); "my son is 5 years old" → (son, age, 5 years old): of the speaker, a person
 * named, or a relative named by kinship ("my car is 5 years old" is no one's age).
 */
export const englishAge: ClauseRule = ({ text, state }) => {
  const match = execAfterHead(text, AGE_RE);
  if (match === null) return false;
  const entity = ownRelative(withoutTrailingAdverbs(match[1] ?? ""));
  if (!/^I$/u.test(entity) && !LATIN_NAME_RE.test(entity) && !isKinship(entity)) return false;
  return state.emit(entity, "age", match[2] ?? "");
};

/**
 * "I drive a Hyundai Avante" → (I, car, Hyundai Avante), "now I drive a grey Kia Niro": a proper name,
 * each word capitalised or a number, after at most a few words that describe it.
 */
export const englishDrives: ClauseRule = ({ text, state }) => {
  const [, verb, named] = DRIVES_RE.exec(text) ?? [];
  const car = named?.replace(EN_TRAILING_ADVERBS_RE, "");
  // What one owns or has may be anything ("a ferret named Bolt"): only a bare proper name is a car.
  const isCar = verb === "drive" ? describedProperName : isProperName;
  if (car === undefined || !isCar(car) || words(car) > MAX_EN_ATTRIBUTE_WORDS) return false;
  return state.emit(FIRST_PERSON_EN, "car", car);
};

/** A name each of whose words is capitalised or a number ("Hyundai Ioniq 5", "Kia Ray"). */
function isProperName(phrase: string): boolean {
  return phrase.split(" ").every((word) => /^(?:\p{Lu}[\p{L}\d-]*|\d+)$/u.test(word));
}

/** Most lower-case words that may describe a proper name ("grey", "second-hand"): "a grey Kia Niro". */
const MAX_DESCRIBING_WORDS = 1;

/**
 * A proper name ({@link isProperName}), or one after at most {@link MAX_DESCRIBING_WORDS} lower-case
 * word that is no function word: "grey Kia Niro", "blue Brompton" — not "tabby" (no name), nor
 * "ferret named Bolt".
 */
function describedProperName(phrase: string): boolean {
  const words = phrase.split(" ");
  const first = words.findIndex((word) => /^\p{Lu}/u.test(word));
  if (first < 0 || first > MAX_DESCRIBING_WORDS) return false;
  return (
    words.slice(0, first).every((word) => /^[\p{Ll}-]+$/u.test(word) && !isEnglishStopWord(word)) &&
    isProperName(words.slice(first).join(" "))
  );
}

/** "Bagel (my beagle) goes to Brightvet Clinic in Bojeong" → breed, vet, and where the clinic is. */
export const englishGoesTo: ClauseRule = ({ text, state }) => {
  const match = execAfterHead(text, GOES_TO_RE);
  if (match === null) return false;
  const [, rawEntity = "", kind, rest = ""] = match;
  const [, place = "", where] = execAfterHead(rest, IN_PLACE_RE) ?? [rest, rest];
  if (PRONOUN_RE.test(rawEntity) || words(rawEntity) > MAX_EN_ATTRIBUTE_WORDS || !/^\p{Lu}/u.test(place))
    return false;
  if (words(place) > MAX_EN_VALUE_WORDS) return false;
  const entity = withoutArticle(rawEntity);
  const folded = kind?.toLowerCase() ?? "";
  const breed = ENGLISH_BREED_WORDS.some((word) => folded.endsWith(word));
  const animal = breed || ANIMAL_WORDS.has(folded) || isKnownAnimal(entity, state);
  let attribute: string | undefined;
  if (CLINIC_HEAD_RE.test(place)) attribute = animal ? "vet" : "clinic";
  else if (SCHOOL_HEAD_RE.test(place)) attribute = "school";
  if (attribute === undefined) return false;
  if (kind !== undefined && breed) state.emit(entity, "breed", kind);
  else if (kind !== undefined && ANIMAL_WORDS.has(folded)) state.emit(entity, "kind", kind);
  const emitted = state.emit(entity, attribute, place);
  if (where !== undefined && isPlace(where) && words(where) <= MAX_EN_ATTRIBUTE_WORDS)
    state.emit(place, "location", where);
  if (emitted) state.topic = place;
  return emitted;
};

/** True when the text already said what kind of animal `entity` is. */
function isKnownAnimal(entity: string, state: ClauseContext["state"]): boolean {
  const name = entity.toLowerCase();
  return state.triplets.some(
    (triplet) => triplet.entity.toLowerCase() === name && /^(?:breed|kind|종|품종)$/u.test(triplet.attribute),
  );
}

/** "12 Hwarang-ro, Suwon" after a place: its address. */
export const englishAddress: ClauseRule = ({ text, state }) => {
  if (!STREET_ADDRESS_RE.test(text) || state.topic === undefined || containsHangul(text)) return false;
  return state.emit(state.topic, "address", text);
};

/** "Minho Seo is Vera's deputy": a role towards another person. */
export const englishRoleOf: ClauseRule = ({ text, state }) => {
  const match = /^(?:and |but |also )?(.+?) is ([\p{Lu}][\p{L}]+'s? [\p{L} ]+)$/u.exec(text);
  if (match === null) return false;
  const [, rawEntity = "", role = ""] = match;
  const head = role.split(" ").pop() ?? "";
  if (!isPersonRole(head) || words(role) > MAX_EN_ATTRIBUTE_WORDS || !LATIN_NAME_RE.test(rawEntity))
    return false;
  const emitted = state.emit(rawEntity, isKinship(head) ? "relation" : "role", role);
  if (emitted) state.topic = rawEntity;
  return emitted;
};

/** "I have a cat named Nabi" → (Nabi, kind, cat); "We have a son called Theo" → (Theo, relation, son). */
export const englishHasNamed: ClauseRule = ({ text, state }) => {
  const match = HAS_NAMED_RE.exec(text);
  if (match === null) return false;
  const [, what = "", name = ""] = match;
  const animal = ANIMAL_WORDS.has(what);
  if (!animal && !isKinship(what)) return false;
  const emitted = state.emit(name, animal ? "kind" : "relation", what);
  if (emitted) state.topic = name;
  return emitted;
};
