/**
 * Clause rules for Korean sentences, by structure: a subject marked with 은/는/이/가 (or 의, or none) and
 * what is said of it — "X는 Y에 있어" (위치), "X는 Y에 살아" (거주지), "X Y는 Z(이)야", "X의 Y는 Z",
 * "X는 Y가 Z", "X는 Z(이)야" (직업/역할/관계/종 by the shape of Z), "아내 이름은 민지야", "X 대리는 Y
 * 소속이에요", "PM은 X님이 맡음", "X Y Z로 옮겼어요". Names are never looked up: a subject is whatever
 * stands in the subject slot.
 */
import {
  COPULA_END_RE,
  foldText,
  isHangulSyllable,
  stripCopula,
  stripParticle,
  TOPIC_PARTICLES,
  TOPIC_SUBJECT_PARTICLES,
} from "../text/korean.js";
import { cleanValue, entityDisplayName, FIRST_PERSON_KO, NOUNS_ENDING_IN_UI } from "./normalize.js";
import {
  breedOf,
  hasSubjectParticle,
  hasTopicParticle,
  isKinship,
  isKoreanPersonName,
  isNameLike,
  isPersonName,
  isPredicate,
  type ClauseContext,
  type ClauseRule,
} from "./rule-common.js";
import {
  ADVERBIAL_WORD_RE,
  AFFILIATION_NOUNS,
  ANIMAL_WORDS,
  CONNECTIVE_ENDING_RE,
  CHANGE_VERB_RE,
  FILLER_WORDS,
  NAME_WORDS,
  NON_ENTITY_WORDS,
  OCCUPATION_HEADS,
  ROLE_WORDS,
  TITLE_WORDS,
  VALUE_LEADING_ADVERBS,
} from "./rule-patterns.js";

/** Particles joining the items of a list ("땅콩이랑 우유", "새우와 게"). */
const LIST_PARTICLES: readonly string[] = ["이랑", "랑", "하고", "와", "과"];
/** Most items of a list read as one fact each. */
const MAX_LIST_ITEMS = 4;
/** Times of day that follow a date and are no place ("6월 6일 점심"). */
const TIME_OF_DAY_RE = /^(?:점심|저녁|아침|오전|오후|새벽|밤|낮|쯤|경)$/u;
/** Most words of a subject ("Maple 회의실은", "노지훈 대리는"). */
const MAX_SUBJECT_WORDS = 3;
/** Most words of an attribute phrase ("좋아하는 꽃은", "피아노 학원"). */
const MAX_ATTRIBUTE_WORDS = 3;
/** Longest value of "X Y는 Z", in words. */
const MAX_VALUE_WORDS = 5;
/** Shortest attribute noun ("같은" is an adjective, not an attribute). */
const MIN_ATTRIBUTE_CHARS = 2;

/** Dependent nouns that open a clause, not a value ("거 6회", "거요", "게 좋아"). */
const DEPENDENT_NOUN_RE = /^(?:거|것|게|걸|데|수|때문)(?:요|야|예요|이에요)?$/u;
/** A cheap test that a clause may say where something is, before the subject is looked for. */
const PLACE_HINT_RE = /에(?:서)? (?:있|살|사|거주|위치)/u;
/** "Y에 있어/있어요/있음/위치" after a subject: where it is. */
const LOCATED_RE = /^(.+?)에 (?:있어요?|있음|있다|있습니다|있는데|위치해(?:요|있어요?)?|위치함?)$/u;
/** "Y에 살아/살아요/살고 있어/삶/거주": where someone lives. */
const LIVES_RE =
  /^(.+?)에(?:서)? (?:살아요?|살아|삶|산다|사셔요?|사십니다|살고 ?있어요?|살고 ?있음|살고요|사심|사세요|거주(?:해요?|함|중|하고 ?있어요?)?)$/u;
/** "A 알레르기(가) 있어/있음": an allergy. */
const ALLERGY_RE = /^(.+?) 알레르기(?:가|는)? (?:있어요?|있음|있다|있습니다|있대|있으심)$/u;
/** A predicate noun phrase closed by a copula or its connective form ("소방관이고", "포메라니안이고"). */
const CONNECTIVE_COPULA_RE = /(?:이고|고)$/u;
/** "우리 팀 새 PM": words before a role that say whose team it is. */
const TEAM_WORDS = new Set(["우리", "팀", "우리팀", "회사", "새", "신규", "이번", "저희", "저희팀"]);
/** Blood types ("B형", "AB형"). */
const BLOOD_TYPE_RE = /^(?:A|B|O|AB)형$/iu;
/** Latin role acronyms ("PM", "PO", "CTO", "TL"). */
const ROLE_ACRONYM_RE = /^[A-Z]{2,4}$/u;
/** An MBTI type ("ENFP"): checked before the role acronyms it looks like. */
const MBTI_RE = /^[EI][NS][TF][JP]$/u;
/** Diets ("페스코 베지테리언", "비건"). */
const DIET_RE = /(?:베지테리언|비건|채식주의자|채식|vegan|vegetarian)$/iu;

/** A subject: the words before and including the first one with a particle, and what follows. */
interface Subject {
  entity: string;
  /** The particle ended the subject: 은/는 (topic) or 이/가 (subject). */
  marked: boolean;
  rest: string[];
}

/** The subject of a clause: up to three words, the last carrying 은/는/이/가 ("Maple 회의실은"). */
function findSubject(tokens: readonly string[]): Subject | undefined {
  // "우리 회사는": whose it is says nothing about which one.
  const start = tokens[0] === "우리" ? 1 : 0;
  // "내 혈액형은 …", "또리의 품종은 …": an owner and an attribute, not a subject.
  const first = tokens[start] ?? "";
  if (isFirstPersonPossessive(first) || possessiveOwner(first) !== undefined) return undefined;
  const limit = Math.min(tokens.length - 1, start + MAX_SUBJECT_WORDS);
  for (let i = start; i < limit; i += 1) {
    const token = tokens[i] ?? "";
    if (!isNameLike(token) && !isFirstPersonSubject(token)) return undefined;
    if (hasSubjectParticle(token) || isFirstPersonSubject(token)) {
      // 은/는 go here ("형은" → 형); 이/가 go when the fact is stored (entityDisplayName), where a name
      // keeps two syllables ("솜이" stays, "승준이" → 승준).
      const words = [...tokens.slice(start, i), stripParticle(token, TOPIC_PARTICLES)];
      return { entity: words.join(" "), marked: true, rest: tokens.slice(i + 1) };
    }
  }
  return undefined;
}

/** "나", "난", "나는", "저는": a first-person subject. */
function isFirstPersonSubject(token: string): boolean {
  return entityDisplayName(token) === FIRST_PERSON_KO && !/^(?:내|제|나의|저의)$/u.test(token);
}

/** "내 생일은", "나의 최애": a first-person possessive. */
function isFirstPersonPossessive(token: string): boolean {
  return /^(?:내|제|나의|저의)$/u.test(token);
}

/** A value that reads as a noun phrase: short, not a verb, not an adverbial ("…로", "…에서"). */
function valueWords(allWords: readonly string[]): string | undefined {
  // "무조건 빅퍼스 5A": an adverb before the value is not part of it.
  const skip = allWords.findIndex((word) => !VALUE_LEADING_ADVERBS.has(word));
  const words = skip < 0 ? [] : allWords.slice(skip);
  if (words.length === 0 || words.length > MAX_VALUE_WORDS) return undefined;
  const text = words.join(" ");
  const last = words[words.length - 1] ?? "";
  const closed = COPULA_END_RE.test(last);
  if (!closed && isPredicate(text)) return undefined;
  if (DEPENDENT_NOUN_RE.test(words[0] ?? "")) return undefined;
  const notNoun = (word: string, i: number): boolean =>
    ADVERBIAL_WORD_RE.test(i === words.length - 1 ? stripCopula(word) : word) ||
    (!(closed && i === words.length - 1) && CONNECTIVE_ENDING_RE.test(word)) ||
    (i < words.length - 1 && isPredicate(word));
  if (words.some(notNoun)) return undefined;
  const value = cleanValue(text);
  return value.length > 0 ? value : undefined;
}

/** "땅콩이랑 우유", "새우, 게" → ["땅콩", "우유"]; undefined when a word is no list item. */
function listItems(words: readonly string[]): string[] | undefined {
  const items = words.map((word, i) => (i < words.length - 1 ? stripParticle(word, LIST_PARTICLES) : word));
  if (items.length > MAX_LIST_ITEMS || items.some((item, i) => i < items.length - 1 && item === words[i]))
    return undefined;
  return items.every((item) => isNameLike(item)) ? items : undefined;
}

/** "하늘소아과는 동탄에 있어요" → (하늘소아과, 위치, 동탄); "외삼촌은 부산에 살아" → (외삼촌, 거주지, 부산). */
const placeOfSubject: ClauseRule = ({ text, tokens, state }) => {
  if (!PLACE_HINT_RE.test(text)) return false;
  const subject = findSubject(tokens);
  const predicate = subject?.rest.join(" ") ?? tokens.join(" ");
  const located = LOCATED_RE.exec(predicate);
  const lives = located === null ? LIVES_RE.exec(predicate) : null;
  const match = located ?? lives;
  if (match === null) return false;
  const place = (match[1] ?? "").replace(/^(?:요즘|지금|현재|아직|계속) /u, "");
  if (place.split(" ").length > MAX_VALUE_WORDS || place.length === 0) return false;
  // "나 내일 병원에 있어" is where I will be, not where I am: a time word makes it an event.
  if (/(?:오늘|내일|어제|모레|주말|저녁|아침|점심|시간)/u.test(place)) return false;
  const entity = subject?.entity ?? state.topic;
  if (entity === undefined) return false;
  const emitted = state.emit(entity, located !== null ? "위치" : "거주지", place);
  if (emitted) state.topic = entity;
  return emitted;
};

/** "(나) 복숭아 알레르기 있음", "아들 시우는 우유 알레르기가 있어요". */
const allergy: ClauseRule = ({ text, tokens, state }) => {
  if (!text.includes("알레르기")) return false;
  const subject = findSubject(tokens);
  const predicate = subject?.rest.join(" ") ?? tokens.join(" ");
  const match = ALLERGY_RE.exec(predicate);
  if (match === null) return false;
  const words = (match[1] ?? "").split(" ");
  // "나 복숭아 알레르기": without a particle, a first word before the allergen is the subject.
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
    emitted = state.emit(entity ?? state.topic ?? FIRST_PERSON_KO, "알레르기", item) || emitted;
  return emitted;
};

/**
 * "아내 이름은 민지야" → (민지, 관계, 아내); "도현이 어머님 성함 정미숙" → (정미숙, 관계, 도현이 어머님);
 * "우리 고양이 이름은 치즈" → (치즈, 종, 고양이). The named one becomes the topic.
 */
const nameIntro: ClauseRule = ({ tokens, state, korean }) => {
  const at = tokens.findIndex(
    (token, i) => i > 0 && NAME_WORDS.has(stripParticle(token, TOPIC_SUBJECT_PARTICLES)),
  );
  const nameToken = tokens[at + 1];
  if (at < 1 || nameToken === undefined) return false;
  const name = cleanValue(nameToken);
  const owner = tokens.slice(0, at).filter((word) => word !== "우리" && !isFirstPersonPossessive(word));
  const last = owner[owner.length - 1];
  if (last === undefined || !isNameLike(name) || tokens.length > at + 3) return false;
  let emitted: boolean;
  if (ANIMAL_WORDS.has(last)) emitted = state.emit(name, korean ? "종" : "kind", last);
  else if (isKinship(last)) emitted = state.emit(name, korean ? "관계" : "relation", owner.join(" "));
  else return false;
  if (emitted) state.topic = name;
  return emitted;
};

/** "PM은 윤채원님이 맡음" → (윤채원, 역할, PM). */
const roleTaken: ClauseRule = ({ tokens, state }) => {
  const verbAt = tokens.findIndex((token, i) => i >= 2 && token.startsWith("맡"));
  if (verbAt < 2) return false;
  const person = tokens[verbAt - 1] ?? "";
  const role = tokens[verbAt - 2] ?? "";
  if (!hasTopicParticle(role) || stripParticle(person, ["이", "가"]) === person) return false;
  return state.emit(person, "역할", stripParticle(role, TOPIC_PARTICLES));
};

/** "새 PM은 Daniel Cho" → (Daniel Cho, 역할, PM): a role named first, then who holds it. */
const roleIsPerson: ClauseRule = ({ tokens, state }) => {
  if (tokens.length > MAX_SUBJECT_WORDS + 2) return false;
  // "이제 우리 팀장은 구태린님": adverbs and whose team it is come before the role.
  const words = tokens.filter((word) => !TEAM_WORDS.has(word) && !NON_ENTITY_WORDS.has(word));
  const [roleToken = "", ...rest] = words;
  const role = stripParticle(roleToken, TOPIC_PARTICLES);
  const bareRole = role.replace(/님$/u, "");
  if (role === roleToken || !isRole(bareRole) || rest.length === 0 || rest.length > 2) return false;
  const phrase = cleanValue(rest.join(" "));
  // "팀장님은 오승현 부장님이야": the person, not their title.
  const [name = "", title] = phrase.split(" ");
  const person = title !== undefined && TITLE_WORDS.has(title.replace(/님$/u, "")) ? name : phrase;
  if (!isPersonName(person)) return false;
  return state.emit(person, "역할", bareRole);
};

function isRole(word: string): boolean {
  return ROLE_ACRONYM_RE.test(word) || ROLE_WORDS.has(foldText(word));
}

/**
 * "노지훈 대리는 마케팅팀 소속이에요" → (노지훈, 직함, 대리), (노지훈, 소속, 마케팅팀): a title after a
 * person's name is theirs, and the rest is said of the person.
 */
const titledSubject: ClauseRule = (clause) => {
  const { tokens, state } = clause;
  const [person = "", titleToken = "", ...rest] = tokens;
  if (!isKoreanPersonName(person)) return false;
  const title = stripParticle(titleToken, TOPIC_SUBJECT_PARTICLES).replace(/님$/u, "");
  if (!hasSubjectParticle(titleToken) || !TITLE_WORDS.has(title) || !isKoreanPersonName(person)) return false;
  const emitted = state.emit(person, "직함", title);
  state.topic = person;
  return predicateOf(person, rest, clause) || emitted;
};

/** What a copula sentence says of `entity`: "Y 소속이에요", "프리랜서 디자이너야", "우리 팀 새 PM이에요". */
function predicateOf(entity: string, words: readonly string[], { state, korean }: ClauseContext): boolean {
  const last = words[words.length - 1];
  if (last === undefined || words.length > MAX_VALUE_WORDS) return false;
  // "태린이 직업은 간호사예요" names an attribute: that is "X Y는 Z", not "X는 Z".
  if (words.slice(0, -1).some(hasTopicParticle)) return false;
  const closed = COPULA_END_RE.test(last) || CONNECTIVE_COPULA_RE.test(last);
  const noun = stripCopula(last.replace(CONNECTIVE_COPULA_RE, "")).replace(/(?:이|가)$/u, "");
  const before = words.slice(0, -1);
  if (AFFILIATION_NOUNS.has(noun) && before.length >= 1 && before.every((word) => isNameLike(word))) {
    return state.emit(entity, noun, words.slice(0, -1).join(" "));
  }
  if (!closed) return false;
  const phrase = [...words.slice(0, -1), stripCopula(last).replace(/이?고$/u, "")].filter(
    (word) => word.length > 0,
  );
  const value = cleanValue(phrase.join(" "));
  if (value.length === 0) return false;
  const head = phrase[phrase.length - 1] ?? "";
  const withoutTeam = phrase.filter((word) => !TEAM_WORDS.has(word));
  if (MBTI_RE.test(value)) return state.emit(entity, "MBTI", value);
  if (breedOf(value) !== undefined) return state.emit(entity, korean ? "품종" : "breed", value);
  if (withoutTeam.length === 1 && isRole(head)) return state.emit(entity, korean ? "역할" : "role", head);
  if (OCCUPATION_HEADS.some((job) => head.endsWith(job)))
    return state.emit(entity, korean ? "직업" : "job", value);
  const bare = withoutTeam.filter((word) => !isFirstPersonPossessive(word));
  if (bare.length === 1 && isKinship(head)) return state.emit(entity, korean ? "관계" : "relation", head);
  if (bare.length === 1 && ANIMAL_WORDS.has(head)) return state.emit(entity, korean ? "종" : "kind", head);
  if (BLOOD_TYPE_RE.test(value)) return state.emit(entity, "혈액형", value);
  if (DIET_RE.test(value)) return state.emit(entity, "식단", value);
  return false;
}

/** "세희는 프리랜서 디자이너야", "형은 소방관이고", "권도윤님이 우리 팀 새 PM이에요", "나 페스코 베지테리언임". */
const identity: ClauseRule = (clause) => {
  const { tokens, state } = clause;
  const subject = findSubject(tokens);
  // "준서 반 담임은 최유리 선생님이야" names an attribute ("X Y는 Z"); a copula's subject is one word.
  if (subject === undefined || subject.entity.includes(" ")) return false;
  const emitted = predicateOf(subject.entity, subject.rest, clause);
  const last = subject.rest[subject.rest.length - 1] ?? "";
  // "모카는 포메라니안이고 …": the subject stays the topic of what follows.
  if (emitted || CONNECTIVE_COPULA_RE.test(last) || COPULA_END_RE.test(last)) state.topic = subject.entity;
  return emitted;
};

/**
 * "X Y는 Z", "X의 Y는 Z", "내 Y는 Z", "X는 Y가 Z", "X가 좋아하는 Y는 Z"; after a topic, "Y는 Z"
 * ("…, 담당은 박선우 과장").
 */
const attributeIsValue: ClauseRule = ({ tokens, state }) => {
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
  const entity = entityOf(first);
  if (entity === undefined) return false;
  const attribute = [
    ...tokens.slice(1, attrEnd),
    stripParticle(tokens[attrEnd] ?? "", TOPIC_SUBJECT_PARTICLES),
  ].join(" ");
  if ([...attribute].length < MIN_ATTRIBUTE_CHARS || !isAttributePhrase(tokens.slice(1, attrEnd + 1)))
    return false;
  const value = valueWords(tokens.slice(attrEnd + 1));
  if (value === undefined) return false;
  const emitted = state.emit(entity, attribute, value);
  if (emitted) state.topic = entity;
  return emitted;
};

/** Words that can name an attribute: nouns or modifiers, no numbers, no pronoun ("도현은 발리파 나는 …"). */
function isAttributePhrase(words: readonly string[]): boolean {
  return words.every(
    (word) => isNameLike(word) && !/\d/u.test(word) && entityDisplayName(word) !== FIRST_PERSON_KO,
  );
}

/** The entity a clause's first word names: "또리의" → 또리, "내" → 나, "엄마가" → 엄마, "하준이" → 하준이. */
function entityOf(first: string): string | undefined {
  if (isFirstPersonPossessive(first)) return FIRST_PERSON_KO;
  const owner = possessiveOwner(first);
  if (owner !== undefined) return owner;
  return isNameLike(first) ? first : undefined;
}

/** "또리의" → 또리; undefined for a word that is no possessive ("회의"). */
function possessiveOwner(word: string): string | undefined {
  if (!word.endsWith("의") || word.length <= 2 || NOUNS_ENDING_IN_UI.some((noun) => word.endsWith(noun)))
    return undefined;
  return word.slice(0, -1);
}

/** "담당은 박선우 과장" after the topic was named: (topic, 담당, 박선우 과장). */
function attributeOfTopic(tokens: readonly string[], state: ClauseContext["state"]): boolean {
  const [first = "", ...rest] = tokens;
  if (state.topic === undefined || !hasTopicParticle(first) || FILLER_WORDS.has(first)) return false;
  // Only a topic that facts were already told about: a sentence's first word is no owner by itself
  // ("봄 신제품 …, 팝업은 성수" is not 봄's 팝업).
  const topic = foldText(entityDisplayName(state.topic));
  if (!state.triplets.some((triplet) => foldText(triplet.entity) === topic)) return false;
  const attribute = stripParticle(first, TOPIC_PARTICLES);
  if (foldText(entityDisplayName(attribute)) === foldText(entityDisplayName(state.topic))) return false;
  if ([...attribute].length < MIN_ATTRIBUTE_CHARS || !isNameLike(attribute) || rest.length > 3) return false;
  const value = valueWords(rest);
  return value !== undefined && state.emit(state.topic, attribute, value);
}

/** "하준이 태권도 한얼태권도로 옮겼어요" → (하준, 태권도, 한얼태권도); the new place becomes the topic. */
const changedTo: ClauseRule = ({ tokens, state }) => {
  // Subject, attribute and new value all named: "하준이 태권도 한얼태권도로 옮겼어요".
  const verbAt = tokens.findIndex((token, i) => i >= 3 && CHANGE_VERB_RE.test(token));
  if (verbAt < 3) return false;
  const rawValue = tokens[verbAt - 1] ?? "";
  const value = rawValue.replace(/(?:으로|로)$/u, "");
  if (value === rawValue || value.length === 0) return false;
  const words = tokens.slice(0, verbAt - 1);
  const attributeWords = verbAt >= 3 ? words.slice(1) : words;
  // "판교에서 광교로": a place it moved from, not an attribute.
  if (attributeWords.length > MAX_ATTRIBUTE_WORDS || !attributeWords.every(isNameLike)) return false;
  if (attributeWords.some((word) => /(?:에서|부터|에게|한테)$/u.test(word))) return false;
  const subject = verbAt >= 3 ? words[0] : state.topic;
  if (subject === undefined || !isNameLike(subject)) return false;
  const emitted = state.emit(subject, attributeWords.join(" "), value);
  if (emitted && isNameLike(value)) state.topic = value;
  return emitted;
};

/**
 * "원장님 최윤호" after a business: (business, 원장, 최윤호); "심사위원 한정우, 오경택, 신유리 교수님" after
 * an event: one fact per person, the later names continuing the list.
 */
const roleThenName: ClauseRule = ({ tokens, state }) => {
  if (tokens.length < 2 || tokens.length > 3 || state.topic === undefined) return false;
  const role = (tokens[0] ?? "").replace(/님$/u, "");
  const [name = "", title] = tokens.slice(1);
  if (!isRoleNoun(role)) return false;
  // "원장님 최윤호", "담당 백승호 팀장", "담당 최 실장님" (a surname with a title).
  const titled = title !== undefined && TITLE_WORDS.has(title.replace(/님$/u, ""));
  if (title !== undefined && !titled) return false;
  const surname = [...name].length === 1 && isHangulSyllable(name);
  if (!isKoreanPersonName(name) && !(titled && surname)) return false;
  const emitted = state.emit(state.topic, role, tokens.slice(1).join(" "));
  if (emitted) state.list = { entity: state.topic, attribute: role };
  return emitted;
};

/** "윤아 결혼식은 4월 25일 …, 라움아트센터": a bare place after a life event's date is where it is held. */
const eventPlace: ClauseRule = ({ tokens, state }) => {
  const { eventPlace: pending } = state;
  if (pending === undefined || !isPlacePhrase(tokens)) return false;
  state.eventPlace = undefined;
  return state.emit(pending.entity, pending.attribute, tokens.join(" "));
};

/** One to three bare nouns, not a time of day, no particle, no verb ("대전 그랜드컨벤션"). */
export function isPlacePhrase(tokens: readonly string[]): boolean {
  if (tokens.length === 0 || tokens.length > MAX_ATTRIBUTE_WORDS) return false;
  return tokens.every(
    (token) =>
      isNameLike(token) && !hasSubjectParticle(token) && !/\d/u.test(token) && !TIME_OF_DAY_RE.test(token),
  );
}

/** "…, 오경택, 신유리 교수님": a bare name (with its title) continues the list of the clause before. */
const listContinuation: ClauseRule = ({ tokens, state }) => {
  const { list } = state;
  const [name = "", title] = tokens;
  if (list === undefined || tokens.length > 2 || !isKoreanPersonName(name)) return false;
  if (title !== undefined && !TITLE_WORDS.has(title.replace(/님$/u, ""))) return false;
  return state.emit(list.entity, list.attribute, name);
};

/** "지도교수님 한정우 교수님" → (한정우, 직함, 지도교수님): a role, the person, their title. */
const roleNameTitle: ClauseRule = ({ tokens, state }) => {
  const [role = "", name = "", title = ""] = tokens;
  if (tokens.length !== 3 || !isKoreanPersonName(name) || !TITLE_WORDS.has(title.replace(/님$/u, "")))
    return false;
  const bareRole = role.replace(/님$/u, "");
  if (bareRole === title.replace(/님$/u, "") || ![...TITLE_WORDS].some((word) => bareRole.endsWith(word)))
    return false;
  const emitted = state.emit(name, "직함", role);
  if (emitted) state.topic = name;
  return emitted;
};

/** A noun naming someone's role towards an organisation or event ("원장", "심사위원", "담당자"). */
function isRoleNoun(word: string): boolean {
  return TITLE_WORDS.has(word) || /(?:위원|담당|담당자|담임|주치의|후임|멘토|지도교수)$/u.test(word);
}

/** "일요일 휴무", "매주 월요일 정기휴무" after a shop: (shop, 휴무일, 일요일). */
const closedDay: ClauseRule = ({ text, state }) => {
  const match =
    /^((?:매주 |격주 )?[월화수목금토일](?:요일)?(?:[,/·]? ?[월화수목금토일](?:요일)?){0,6}) (?:정기 ?)?휴무(?:일|예요|이에요|임|야)?$/u.exec(
      text,
    );
  if (match === null || state.topic === undefined) return false;
  return state.emit(state.topic, "휴무일", match[1] ?? "");
};

/** The Korean rules in the order they are tried, before the typed-value rule. */
export const KOREAN_RULES_BEFORE_TYPED: readonly ClauseRule[] = [
  nameIntro,
  roleTaken,
  allergy,
  placeOfSubject,
  titledSubject,
];

/** The Korean rules tried after the typed-value rule. */
export const KOREAN_RULES_AFTER_TYPED: readonly ClauseRule[] = [
  changedTo,
  roleNameTitle,
  roleThenName,
  listContinuation,
  eventPlace,
  closedDay,
  roleIsPerson,
  identity,
  attributeIsValue,
];
