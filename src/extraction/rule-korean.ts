/**
 * Clause rules for Korean sentences, by structure: a subject marked with 은/는/이/가 (or 의, or none) and
 * what is said of it — "X Y는 Z(이)야", "X의 Y는 Z", "X는 Y가 Z", "X는 Z(이)야" (직업/역할/관계/종 by
 * the shape of Z), "A 알레르기 있어", "남편 이름은 태수야", "X Y Z로 옮겼어요". Places are in
 * `rule-places.ts`, roles and titles in `rule-roles.ts`, reading subjects and values in `rule-subject.ts`.
 */
import {
  CONNECTIVE_COPULA_RE,
  entityOf,
  findSubject,
  isAttributePhrase,
  isFirstPersonPlural,
  isFirstPersonPossessive,
  isSpeakersOwnerWord,
  isFirstPersonSubject,
  MAX_ATTRIBUTE_WORDS,
  ownerLength,
  valueWords,
} from "./rule-subject.js";
import { leadingUnit, predicateOf } from "./rule-predicate.js";
import {
  COPULA_END_RE,
  foldText,
  stripParticle,
  syllableJamo,
  TOPIC_PARTICLES,
  TOPIC_SUBJECT_PARTICLES,
} from "../text/korean.js";
import { cleanValue, entityDisplayName, FIRST_PERSON_KO } from "./normalize.js";
import {
  breedOf,
  hasSubjectParticle,
  hasTopicParticle,
  isKinship,
  isLexiconNoun,
  isNameLike,
  isPredicate,
  topicHasFacts,
  type ClauseContext,
  type ClauseRule,
} from "./rule-common.js";
import {
  CHANGE_VERB_RE,
  CONNECTIVE_ENDING_RE,
  HAS_CLOCK_TIME_RE,
  MODIFIER_END_RE,
  WEEK_WORD_RE,
  WEEKDAYS_WORD_RE,
} from "./rule-patterns.js";
import { findTypedValues } from "./rule-typed.js";
import { valueChangedTo } from "./words/value-words.js";
import { words } from "../text/word-list.js";
import { locatedValue, placeAttribute, POSITION_NOUN_RE } from "./rule-places.js";
import { HONORIFIC_WORD_RE, personPhrase, roleAttribute } from "./rule-roles.js";
import { ANIMAL_CARE_WORDS, ANIMAL_DESCRIPTION_WORDS, ANIMAL_WORDS } from "./words/animals.js";
import { NAME_WORDS, ONE_SYLLABLE_ATTRIBUTES } from "./words/attributes.js";
import { EVENT_HEADS, LESSON_SUBJECTS } from "./words/events.js";
import { FILLER_WORDS, FREQUENCY_ADVERBS, NON_ENTITY_WORDS } from "./words/function-words.js";
import { BUSINESS_SUFFIXES, ORGANISATION_SUFFIXES } from "./words/organisations.js";

/** "단골 약국은 …", "단골 미용실은 …": a regular's place, the speaker's. */
const REGULAR_WORDS = new Set(["단골", "자주가는", "주거래"]);
/** "다니는 병원", "가는 미용실": attending, which only says whose the place is. */
const ATTENDING_RE = /^(?:다니는|다니던|가는|다니시는)$/u;
/**
 * The verb of attending that closes "요가 학원은 망원동 ○○요가 다녀" (one word, or "다니고 있어", "다니는
 * 중"): it says that the place is where one goes, and is no part of the value.
 */
const ATTENDS_LAST_RE = /^(?:다녀요?|다님|다닌다|다닙니다|있어요?|있음|중|중이야|중이에요)$/u;
const ATTENDS_BEFORE_LAST_RE = /^(?:다니고|다니는)$/u;

/** `tokens` without the verb of attending that ends them (ATTENDS_LAST_RE). */
function withoutAttendingVerb(tokens: readonly string[]): readonly string[] {
  const last = tokens.at(-1) ?? "";
  if (!ATTENDS_LAST_RE.test(last)) return tokens;
  if (/^다/u.test(last)) return tokens.slice(0, -1);
  return ATTENDS_BEFORE_LAST_RE.test(tokens.at(-2) ?? "") ? tokens.slice(0, -2) : tokens;
}

/** "병원" whose value is an animal clinic ("…동물병원", "…동물의료센터") is the pet's 동물병원. */
function animalClinic(attribute: string, value: string): string {
  return attribute === "병원" && value.includes("동물") ? "동물병원" : attribute;
}

/** A value that names a business or an organisation by its ending ("해밀약국", "다솔동물의료센터"). */
function isBusinessName(value: string): boolean {
  return (
    !value.includes(" ") &&
    [...BUSINESS_SUFFIXES, ...ORGANISATION_SUFFIXES].some(
      (suffix) => value.length > suffix.length + 1 && value.endsWith(suffix),
    )
  );
}

/**
 * "주간 회고는 매주 금요일 오전 11시, 소회의실에서 해요", "주민센터 요가교실은 매주 수요일 오전 10시": a word and an
 * event noun before a date or a clock time name the event, not an attribute of the first word, unless the
 * first word marks a person (예림이, 동수씨, 나, 엄마, 뭉치의) or is the one the text is about. The event
 * becomes the topic, and its place may follow.
 */
function eventEntity(
  tokens: readonly string[],
  owner: number,
  attributeWords: readonly string[],
  value: string,
  state: ClauseContext["state"],
): boolean | undefined {
  const [first = ""] = tokens;
  const [head = ""] = attributeWords;
  if (owner !== 1 || attributeWords.length !== 1 || !EVENT_HEADS.some((word) => head.endsWith(word)))
    return undefined;
  const clock = HAS_CLOCK_TIME_RE.test(value);
  if (!clock && !DATE_VALUE_RE.test(value)) return undefined;
  const marked =
    entityDisplayName(first) !== first ||
    /(?:씨|님|의)$/u.test(first) ||
    isKinship(first) ||
    isFirstPersonPossessive(first) ||
    (topicHasFacts(state) && foldText(entityDisplayName(state.topic ?? "")) === foldText(first));
  if (marked || !isNameLike(first) || /\d/u.test(first)) return undefined;
  const event = `${first} ${head}`;
  const emitted = state.emit(event, clock ? "일시" : "날짜", value);
  if (emitted) {
    state.topic = event;
    state.eventPlace = { entity: event, attribute: "장소", bare: clock };
  }
  return emitted;
}

/** A value that is a date: "3월 5일", "매주 화요일", "Mar 26". */
const DATE_VALUE_RE = /(?:\d{1,2}월 ?\d{1,2}일|[월화수목금토일]요일)/u;

/** Particles joining the items of a list ("땅콩이랑 우유", "새우와 게"). */
const LIST_PARTICLES: readonly string[] = ["이랑", "랑", "하고", "와", "과"];
/** Most items of a list read as one fact each. */
const MAX_LIST_ITEMS = 4;
/** Shortest attribute noun ("같은" is an adjective, not an attribute). */
const MIN_ATTRIBUTE_CHARS = 2;

/** "A 알레르기(가) 있어/있음": an allergy. */
const ALLERGY_RE =
  /^(.+?) (?:알레르기|알러지)(?:(?:가|는)? (?:있어요?|있음|있다|있습니다|있대|있으심)|(\S*))$/u;
/** "우석이는 계란 알레르기", "…알레르기야": no verb, or the copula, after the allergen. */
const BARE_ALLERGY_TAIL_RE = /^(?:|야|이야|임|예요|이에요|입니다)$/u;
/** "땅콩이랑 우유", "새우, 게" → ["땅콩", "우유"]; undefined when a word is no list item. */
function listItems(words: readonly string[]): string[] | undefined {
  const items = words.map((word, i) => (i < words.length - 1 ? stripParticle(word, LIST_PARTICLES) : word));
  if (items.length > MAX_LIST_ITEMS || items.some((item, i) => i < items.length - 1 && item === words[i]))
    return undefined;
  return items.every((item) => isNameLike(item)) ? items : undefined;
}

/** "(나) 땅콩 알레르기 있음", "딸 예림이는 새우 알레르기가 있어요", "우석이는 계란 알레르기". */
export const allergy: ClauseRule = ({ text, tokens, state }) => {
  if (!text.includes("알레르기") && !text.includes("알러지")) return false;
  // "참깨 알레르기가 있어요": the allergy itself stands in the subject slot; whose it is, is the topic's.
  const found = findSubject(tokens);
  const subject = /알레르기|알러지/u.test(found?.entity ?? "") ? undefined : found;
  const predicate = subject?.rest.join(" ") ?? tokens.join(" ");
  const match = ALLERGY_RE.exec(predicate);
  if (match === null) return false;
  // Without "있어" the clause needs its subject ("우석이는 계란 알레르기"): a bare "우유 알레르기" is a label.
  const tail = match[2];
  if (tail !== undefined && (!BARE_ALLERGY_TAIL_RE.test(tail) || subject === undefined)) return false;
  const words = (match[1] ?? "").split(" ");
  // "나 땅콩 알레르기": without a particle, a first word before the allergen is the subject.
  let entity = subject?.entity;
  let allergen = words;
  if (entity === undefined && words.length >= 2 && isNameLike(words[0] ?? "")) {
    entity = words[0];
    allergen = words.slice(1);
  }
  const items = listItems(allergen);
  if (items === undefined) return false;
  let emitted = false;
  for (const item of items)
    emitted =
      state.emit(
        entity ?? (topicHasFacts(state) ? state.topic : undefined) ?? FIRST_PERSON_KO,
        "알레르기",
        item,
      ) || emitted;
  return emitted;
};

/**
 * "남편 이름은 태수야" → (태수, 관계, 남편); "가온이 아버님 성함 오세진" → (오세진, 관계, 가온이 아버님);
 * "우리 강아지 이름은 곰이" → (곰이, 종, 강아지); "영양사 선생님 성함은 류하진" → (류하진, 역할, 영양사);
 * "우리 카페 이름은 다락" → (나, 카페, 다락). The named one becomes the topic.
 */
export const nameIntro: ClauseRule = ({ tokens, state, korean }) => {
  const at = tokens.findIndex(
    (token, i) => i > 0 && NAME_WORDS.has(stripParticle(token, TOPIC_SUBJECT_PARTICLES)),
  );
  const nameToken = tokens[at + 1];
  if (at < 1 || nameToken === undefined || tokens.length > at + 3) return false;
  // "류하진 선생님이야": the honorific after the name is no part of it.
  const name = cleanValue(nameToken);
  const before = tokens.slice(0, at);
  const mine = before.some(isSpeakersOwnerWord);
  const owner = before.filter((word) => !isSpeakersOwnerWord(word));
  const last = owner[owner.length - 1];
  // After "이름은" any word is a name, even one that ends like a verb ("탱고", "하루").
  if (last === undefined || name.length === 0 || NON_ENTITY_WORDS.has(name) || isPredicate(name))
    return false;
  const emitted = introduce(name, owner, mine, state, korean);
  if (emitted) state.topic = name;
  return emitted;
};

/**
 * Last syllables of an informal predicate ("귀여워", "착해", "예뻐", "아파", "졸려", "잔다"): a bare word
 * ending in one is said of the animal, not its name.
 */
const INFORMAL_PREDICATE_END_RE = /[워와해어여져려뻐빠파커써요다지네음함임돼죠게셔]$/u;

/** 우리, 저희 and 집 before an animal word, apart or glued (우리 집, 우리집): whose it is. */
const OWN_HOME_RE = /^(?:우리|저희|집|우리집|저희집)$/u;

/**
 * "우리 고양이는 나비야", "내 강아지는 초코예요" → (나비, 종, 고양이): one's own animal, then its name with a
 * copula (or a bare name in a short note), as "우리 고양이 이름은 나비야" says. Only of an animal word
 * after a first-person possessive:
 * "고양이는 귀여워" says nothing of a name, and a predicate is no name.
 */
export const ownAnimalNamed: ClauseRule = ({ tokens, state, korean }) => {
  if (tokens.length < 3 || tokens.length > 4) return false;
  const owner = tokens.slice(0, -2);
  const [animalToken = "", nameToken = ""] = tokens.slice(-2);
  if (!owner.every((word) => OWN_HOME_RE.test(word) || isFirstPersonPossessive(word))) return false;
  const animal = stripParticle(animalToken, TOPIC_PARTICLES);
  if (animal === animalToken || !ANIMAL_WORDS.has(animal)) return false;
  const name = cleanValue(nameToken);
  // "우리 고양이는 모찌야", or in a short note without the copula "우리집 고양이는 모찌"; a bare word must
  // read as a name: no predicate, number or word that describes an animal ("우리 강아지는 수컷").
  const bare = name === nameToken;
  if (
    bare &&
    (!isNameLike(nameToken) ||
      /\d/u.test(nameToken) ||
      ANIMAL_DESCRIPTION_WORDS.has(nameToken) ||
      INFORMAL_PREDICATE_END_RE.test(nameToken))
  )
    return false;
  if (name.length === 0 || NON_ENTITY_WORDS.has(name) || isPredicate(nameToken)) return false;
  // "내 강아지는 말티즈야" gives its breed, not its name.
  if (breedOf(nameToken) !== undefined || ANIMAL_WORDS.has(name)) return false;
  const emitted = state.emit(name, korean ? "종" : "kind", animal);
  if (emitted) state.topic = name;
  return emitted;
};

/** What the words before "이름은" say of the one named (see {@link nameIntro}). */
function introduce(
  name: string,
  owner: readonly string[],
  mine: boolean,
  state: ClauseContext["state"],
  korean: boolean,
): boolean {
  const last = owner[owner.length - 1] ?? "";
  if (ANIMAL_WORDS.has(last)) return state.emit(name, korean ? "종" : "kind", last);
  if (isKinship(last)) return state.emit(name, korean ? "관계" : "relation", owner.join(" "));
  // "영양사 선생님 성함은": a position, then the honorific that goes with it; after what one is taught
  // ("피아노 선생님"), 선생님 is the position itself.
  const taught = LESSON_SUBJECTS.has(owner[owner.length - 2] ?? "");
  const position = HONORIFIC_WORD_RE.test(last) && owner.length > 1 && !taught ? owner.slice(0, -1) : owner;
  const role = taught
    ? korean
      ? "역할"
      : "role"
    : roleAttribute(position[position.length - 1] ?? "", korean);
  if (role !== undefined || position !== owner) {
    return state.emit(name, role ?? (korean ? "역할" : "role"), position.join(" "));
  }
  // "우리 카페 이름은 다락": the name of something of mine; "엄마 가게 이름은 …": of the one before it.
  if (!isAttributePhrase([last]) || owner.length > 2) return false;
  const possessor = mine ? FIRST_PERSON_KO : owner.length === 2 ? owner[0] : undefined;
  return possessor !== undefined && state.emit(possessor, last, name);
}

/** "보경이는 프리랜서 번역가야", "형은 경찰관이고", "서이든님이 우리 팀 새 QA예요", "나 락토 채식주의자임". */
export const identity: ClauseRule = (clause) => {
  const { tokens, state } = clause;
  const subject = findSubject(tokens);
  // "인턴은 마서진이고 | 월요일 마감 담당이에요", "토끼 이름은 폭신, 롭이어야": a later part of a chain, or a
  // lone predicate after a comma, speaks of the subject named before.
  const lone = clause.continued === true || tokens.length === 1;
  if (subject === undefined && lone && state.topic !== undefined)
    return predicateOf(state.topic, tokens, clause) || breedOfAnimal(state.topic, tokens, state);
  // "준서 반 담임은 최유리 선생님이야" names an attribute ("X Y는 Z"); a copula's subject is one word, or a
  // person with a title ("Rhea Kim 선생님이").
  const entity = subject?.entity.includes(" ") === true ? titledPerson(subject.entity) : subject?.entity;
  if (subject === undefined || entity === undefined) return false;
  const emitted = predicateOf(entity, subject.rest, clause);
  const last = subject.rest[subject.rest.length - 1] ?? "";
  // "꼬미는 비글이고 …": the subject stays the topic of what follows.
  if (emitted || CONNECTIVE_COPULA_RE.test(last) || COPULA_END_RE.test(last)) state.topic = entity;
  return emitted;
};

/** "Rhea Kim 선생님이" → Rhea Kim; undefined for a subject of several words that is no person. */
function titledPerson(subject: string): string | undefined {
  const words = subject.split(" ");
  const last = stripParticle(words.pop() ?? "", TOPIC_SUBJECT_PARTICLES);
  return personPhrase([...words, last]);
}

/**
 * "토끼 이름은 폭신, 롭이어야": after the kind of an animal, a lone noun with a copula names its breed.
 * Any noun: breeds are too many to list, and the kind already says what the noun can be.
 */
function breedOfAnimal(topic: string, tokens: readonly string[], state: ClauseContext["state"]): boolean {
  const [word = ""] = tokens;
  if (tokens.length !== 1 || !COPULA_END_RE.test(word)) return false;
  const breed = cleanValue(word);
  if (!isNameLike(breed) || /\d/u.test(breed)) return false;
  const animal = foldText(entityDisplayName(topic));
  const isAnimal = state.triplets.some(
    (triplet) =>
      foldText(triplet.entity) === animal && (triplet.attribute === "종" || triplet.attribute === "kind"),
  );
  return isAnimal && state.emit(topic, "품종", breed);
}

/**
 * "X Y는 Z", "X의 Y는 Z", "내 Y는 Z", "X는 Y가 Z", "X가 좋아하는 Y는 Z"; after a topic, "Y는 Z"
 * ("…, 담당은 윤서진 대리"). "우리 X Y는 Z": 우리/저희 before an owner says only that the owner is the
 * speaker's ("우리 언니 직업은 …" is 언니's).
 */
export const attributeIsValue: ClauseRule = (context) => {
  const { tokens } = context;
  const [first = "", second = ""] = tokens;
  if (isFirstPersonPlural(first) && tokens.length >= 4 && !hasTopicParticle(second))
    return attributeOfOwner(tokens.slice(1), context.state);
  return attributeOfOwner(tokens, context.state);
};

function attributeOfOwner(tokens: string[], state: ClauseContext["state"]): boolean {
  const first = tokens[0] ?? "";
  const topicFirst = hasTopicParticle(first) && !isFirstPersonPossessive(first);
  // The attribute ends at a later word with 은/는 (or 이/가 after a topic "X는"); the last such word, so
  // that a modifier ending in 는 ("좋아하는 꽃은") stays inside the attribute.
  const attrEnd = tokens.findLastIndex(
    (token, i) =>
      i >= 1 &&
      i <= MAX_ATTRIBUTE_WORDS &&
      i < tokens.length - 1 &&
      (topicFirst ? hasSubjectParticle(token) : hasTopicParticle(token)),
  );
  if (attrEnd < 0) return attributeOfTopic(tokens, state);
  const named = [...tokens.slice(0, attrEnd), stripParticle(tokens[attrEnd] ?? "", TOPIC_SUBJECT_PARTICLES)];
  const owner = ownerLength(named);
  // "단골 빵집은 밀담베이커리", "자주 가는 카페는 …": a regular's place has no owner word; it is the
  // speaker's.
  const regular =
    (REGULAR_WORDS.has(first) || (FREQUENCY_ADVERBS.has(first) && MODIFIER_END_RE.test(tokens[1] ?? ""))) &&
    attrEnd >= 1;
  const ownerEntity =
    owner > 1 ? named.slice(0, owner).join(" ") : (entityOf(first) ?? nounEndingInGo(tokens));
  const entity = regular ? FIRST_PERSON_KO : ownerEntity;
  if (entity === undefined) return false;
  // "나비 다니는 병원은": the verb of attending only says whose the place is.
  const attributeWords = (regular ? named : named.slice(owner)).filter(
    (word) => !ATTENDING_RE.test(word) && !FREQUENCY_ADVERBS.has(word),
  );
  if (attributeWords.length === 0) return false;
  const attribute = attributeWords.join(" ");
  const tooShort = [...attribute].length < MIN_ATTRIBUTE_CHARS && !ONE_SYLLABLE_ATTRIBUTES.has(attribute);
  if (tooShort || !isAttributePhrase(tokens.slice(owner, attrEnd + 1))) return false;
  const valueTokens = withoutAttendingVerb(tokens.slice(attrEnd + 1));
  if (valueTokens.length === 0) return false;
  // "밤비 병원은 분당에 있는 해솔동물병원": the value, and where it is.
  const relative = locatedValue(valueTokens);
  const value = relative?.value ?? valueWords(valueTokens);
  if (value === undefined) return false;
  // "주간 회고는 매주 금요일 오전 11시": an event named by two words, and when it is.
  const event = eventEntity(tokens, owner, attributeWords, value, state);
  if (event !== undefined) return event;
  const emitted = state.emit(entity, placeAttribute(animalClinic(attribute, value), value), value);
  // "헬스장 이름은 바디업이고 월 7만원": what follows a name is said of the one named; so does what follows
  // a business ("단골 빵집은 밀담베이커리입니다. 전화는 …").
  const namesIt = NAME_WORDS.has(attribute.split(" ").pop() ?? "") || isBusinessName(value);
  if (emitted) state.topic = namesIt ? value : entity;
  // "진수 수학 과외는 화요일 저녁 7시, 대치동 해법학원": an appointment's place may follow its time.
  if (emitted && HAS_CLOCK_TIME_RE.test(value))
    state.eventPlace = { entity, attribute: `${attribute} 장소`, bare: true };
  if (emitted && relative !== undefined && state.emit(relative.value, "위치", relative.place))
    state.topic = relative.value;
  return emitted;
}

/**
 * "탱고 사료는 …", "창고 위치는 …": a first word ending in 고 reads like a verb's connective ("먹고"), but one
 * followed by an attribute with 은/는 owns it, as a verb's -고 is not followed by "Y는 Z".
 */
function nounEndingInGo(tokens: readonly string[]): string | undefined {
  const [first = "", next = ""] = tokens;
  if (!/[^이하]고$/u.test(first) || !hasTopicParticle(next) || isFirstPersonSubject(next)) return undefined;
  return NON_ENTITY_WORDS.has(first) ? undefined : first;
}

/** "엄혜숙 선생님", "설동민 과장": a person's name and a title or an honorific after it. */
function isTitledPerson(value: string): boolean {
  const words = value.split(" ");
  return words.length === 2 && HONORIFIC_WORD_RE.test(words[1] ?? "") && personPhrase(words) !== undefined;
}

/** "연락은 카톡 단톡방으로", "예약은 전화로": how it is done, a means with (으)로. */
const MEANS_RE =
  /^(연락|문의|예약|신청|결제|접수)(?:은|는) (.{1,30}?)(?:으로|로)(?:만|해요?|하면 ?돼요?|주세요|요)?$/u;

/** "담당은 윤서진 대리" after the topic was named: (topic, 담당, 설동민 과장). */
function attributeOfTopic(tokens: readonly string[], state: ClauseContext["state"]): boolean {
  const [first = "", ...rest] = tokens;
  if (state.topic === undefined || !hasTopicParticle(first) || FILLER_WORDS.has(first)) return false;
  // "담임은 엄혜숙 선생님, 연락은 …": how to reach the person just named, else the topic.
  const means = MEANS_RE.exec(tokens.join(" "));
  const person = state.triplets.findLast((triplet) => isTitledPerson(triplet.value))?.value;
  if (means !== null && (person !== undefined || topicHasFacts(state)))
    return state.emit(person ?? state.topic, `${means[1] ?? ""} 방법`, means[2] ?? "");
  // Only a topic that facts were already told about: a sentence's first word is no owner by itself
  // ("봄 신제품 …, 팝업은 합정" is not 봄's 팝업).
  if (!topicHasFacts(state)) return false;
  const attribute = stripParticle(first, TOPIC_PARTICLES);
  if (foldText(entityDisplayName(attribute)) === foldText(entityDisplayName(state.topic))) return false;
  // "반은 3반": a one-syllable attribute is safe when the value repeats it as its unit.
  const short = [...attribute].length < MIN_ATTRIBUTE_CHARS && leadingUnit(rest)?.noun !== attribute;
  if (short || !isNameLike(attribute) || rest.length > 3) return false;
  const value = valueWords(rest);
  return value !== undefined && state.emit(state.topic, attribute, value);
}

/** "이준이 수영 바다수영장으로 옮겼어요" → (이준, 수영, 바다수영장); the new place becomes the topic. */
export const changedTo: ClauseRule = ({ tokens, state }) => {
  // Subject, attribute and new value all named: "이준이 수영 바다수영장으로 옮겼어요".
  const verbAt = tokens.findIndex((token, i) => i >= 3 && CHANGE_VERB_RE.test(token));
  if (verbAt < 3) return false;
  const value = valueChangedTo(tokens[verbAt - 1] ?? "", tokens[verbAt]);
  if (!value) return false;
  const words = tokens.slice(0, verbAt - 1);
  // "주간 회의가 화요일 2시로 바뀌었어": the words up to one with 이/가 or 은/는 are what changed, and the
  // words after it, with the new value, are when it is now.
  const subjectEnd = words.findIndex((word) => endsWithSubjectParticle(word));
  if (subjectEnd > 0) {
    const whenSaid = [...words.slice(subjectEnd + 1), value].join(" ");
    const when = timeAttributeOf(whenSaid) ?? dayAndTimeAttribute(whenSaid);
    const what = [
      ...words.slice(0, subjectEnd),
      stripParticle(words[subjectEnd] ?? "", TOPIC_SUBJECT_PARTICLES),
    ];
    if (when !== undefined && what.every(isNameLike)) return state.emit(what.join(" "), when, whenSaid);
  }
  const attributeWords = verbAt >= 3 ? words.slice(1) : words;
  // "일산에서 파주로": a place it moved from, not an attribute; "계곡 쪽 B-12로": a position is part of
  // where the thing is now, so the words name no attribute.
  if (attributeWords.length > MAX_ATTRIBUTE_WORDS || !attributeWords.every(isNameLike)) return false;
  if (attributeWords.some((word) => POSITION_NOUN_RE.test(word))) return false;
  if (attributeWords.some((word) => /(?:에서|부터|에게|한테)$/u.test(word))) return false;
  const subject = verbAt >= 3 ? words[0] : state.topic;
  if (subject === undefined || !isNameLike(subject)) return false;
  // "작업실 합정역 쪽으로 옮겼어": a position after a place says where the thing is now, near the place.
  if (POSITION_NOUN_RE.test(value))
    return attributeWords.length === 1 && state.emit(subject, "위치", attributeWords[0] ?? "");
  // "피아노 학원 수요일로 옮김": a weekday, a date or a clock time is when the thing is now, not a
  // thing of it: the words name what moved, with the kind of time as the attribute's last word.
  const when = timeAttributeOf(value);
  if (when !== undefined) {
    // "산악회 넷째주 일욜로 옮김": which week is part of when too.
    const week = WEEK_WORD_RE.test(attributeWords.at(-1) ?? "") ? 1 : 0;
    const named = attributeWords.slice(0, attributeWords.length - week);
    // Only the last word may carry a particle: a 는 before it ends a verb that modifies the noun
    // ("끝나는 시간", "시작하는 날"), no topic.
    const what = named
      .map((word, i) => (i === named.length - 1 ? stripParticle(word, TOPIC_SUBJECT_PARTICLES) : word))
      .join(" ");
    const whenSaid = week === 1 ? `${attributeWords.at(-1) ?? ""} ${value}` : value;
    // "끝나는 시간 7시로": the words already end in a noun of time, which names the attribute.
    const timed = TIME_NOUNS.has(what.split(" ").at(-1) ?? "");
    return state.emit(subject, what === "" ? when : timed ? what : `${what} ${when}`, whenSaid);
  }
  // "모임 장소 카페 온도로 바꿈": after an attribute noun, the words up to the verb are the value; so
  // after a noun of the lexicon or of an animal's care followed by words that are not ("사료 연어
  // 그레인프리로 바꿈", "밥 X 스틱으로 바꿈").
  const [head = "", ...named] = attributeWords;
  const thingHead = isLexiconNoun(head) || ANIMAL_CARE_WORDS.has(head);
  const split =
    named.length > 0 &&
    (VALUE_NAMING_ATTRIBUTES.has(head) ||
      (thingHead && !named.some((word) => isLexiconNoun(word) || endsClause(word))));
  const newValue = split ? [...named, value].join(" ") : value;
  const emitted = state.emit(subject, split ? head : attributeWords.join(" "), newValue);
  if (emitted && isNameLike(newValue)) state.topic = newValue;
  return emitted;
};

/**
 * Whether a word is a noun with 이/가 or 은/는 after it. A final 이 is the particle only after a noun of
 * the lexicon ("회식이"): many nouns end in 이 themselves ("물갈이", "고양이").
 */
function endsWithSubjectParticle(word: string): boolean {
  const bare = stripParticle(word, TOPIC_SUBJECT_PARTICLES);
  if (bare === word) return false;
  return !word.endsWith("이") || isLexiconNoun(bare);
}

/**
 * 일시 for a day said by words and then a clock time ("화요일 2시", "다음주 목요일 7시", "매주 월요일
 * 10시"), which the typed values read as a time alone; undefined for anything else.
 */
function dayAndTimeAttribute(value: string): string | undefined {
  const typed = findTypedValues(value);
  const time = typed[0];
  if (typed.length !== 1 || time === undefined || time.kind !== "time" || time.end !== value.length)
    return undefined;
  const day = value.slice(0, time.start).trim().split(" ");
  const isDay = (word: string): boolean => WEEKDAYS_WORD_RE.test(word) || WEEK_WORD_RE.test(word);
  return day.length > 0 && day.every(isDay) && day.some((word) => WEEKDAYS_WORD_RE.test(word))
    ? "일시"
    : undefined;
}

/** Nouns of time an attribute may end in ("끝나는 시간", "마감 날짜", "정기 휴무 요일"). */
const TIME_NOUNS: ReadonlySet<string> = new Set(words("시간 시각 날짜 일시 요일 날 일정 time date day"));

/**
 * The attribute word for a new value that is a time: 요일 for weekdays alone, else 일시, 날짜 or 시간 by
 * the typed value it is in full (rule-typed.ts); undefined for any other value.
 */
function timeAttributeOf(value: string): string | undefined {
  if (WEEKDAYS_WORD_RE.test(value)) return "요일";
  const [typed, ...more] = findTypedValues(value);
  if (typed === undefined || more.length > 0 || typed.start !== 0 || typed.end !== value.length)
    return undefined;
  if (typed.kind === "time") return "시간";
  if (typed.kind !== "date") return undefined;
  return HAS_CLOCK_TIME_RE.test(typed.value) ? "일시" : "날짜";
}

/**
 * Whether a word ends a clause rather than a name: a verb (isPredicate) or a connective ending, with
 * the contracted 아서/어서 forms the connective pattern leaves out (미뤄서, 당겨서, 바꿔서): 서 after a
 * syllable with no final consonant whose vowel is one such a form ends in (ㅏ ㅐ ㅓ ㅕ ㅘ ㅙ ㅝ).
 */
function endsClause(word: string): boolean {
  if (isPredicate(word) || CONNECTIVE_ENDING_RE.test(word)) return true;
  if (word.length < 2 || !word.endsWith("서")) return false;
  const before = syllableJamo(word.charCodeAt(word.length - 2));
  return before !== undefined && before.final === 0 && CONTRACTED_CONNECTIVE_VOWELS.has(before.medial);
}

/** Medial indices (Unicode order) of ㅏ ㅐ ㅓ ㅕ ㅘ ㅙ ㅝ: the vowels a contracted 아/어 form ends in. */
const CONTRACTED_CONNECTIVE_VOWELS: ReadonlySet<number> = new Set([0, 1, 4, 6, 9, 10, 14]);

/** Attribute nouns whose value is a name that may take several words (장소 카페 온도). */
const VALUE_NAMING_ATTRIBUTES: ReadonlySet<string> = new Set(
  words("장소 위치 가게 병원 학원 미용실 거래처 업체 담당"),
);
