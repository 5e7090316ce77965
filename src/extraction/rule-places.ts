/**
 * Clause rules that say where: "X는 Y에 있어" (위치), "X는 Y에 살아" (거주지), "X는 Y에서 일해" (직장,
 * 소속), a position noun or "Y에 있는 W" in a value, an event's place after its date ("Y에서 열려요", or a
 * bare place after an appointment's time), and "일요일 휴무".
 */
import { words } from "../text/word-list.js";
import { findSubject, MAX_ATTRIBUTE_WORDS, MAX_VALUE_WORDS, valueWords } from "./rule-subject.js";
import { leadingUnit } from "./rule-predicate.js";
import {
  hasSubjectParticle,
  isFullKoreanName,
  isKinship,
  isNameLike,
  isOrgUnit,
  topicHasFacts,
  type ClauseContext,
  type ClauseRule,
} from "./rule-common.js";
import { FIRST_PERSON_KO } from "./normalize.js";
import { FILLER_WORDS } from "./words/function-words.js";
import { ORGANISATION_SUFFIXES } from "./words/organisations.js";
import { OCCUPATION_HEADS, occupationAttribute } from "./words/people.js";

/** Times of day that follow a date and are no place ("6월 6일 점심"). */
const TIME_OF_DAY_RE = /^(?:점심|저녁|아침|오전|오후|새벽|밤|낮|쯤|경)$/u;

/** A cheap test that a clause may say where something is, before the subject is looked for. */
const PLACE_HINT_RE = /에(?:서)? (?:있|살|사|거주|위치)| (?:살|삶|산다)/u;
/** "Y에 있어/있어요/있음/위치" after a subject: where it is. */
const LOCATED_RE = /^(.+?)에 (?:있어요?|있음|있다|있습니다|있는데|위치해(?:요|있어요?)?|위치함?)$/u;
/** "Y에 살아/살아요/살고 있어/삶/거주": where someone lives. */
const LIVES_RE =
  /^(.+?)에(?:서)? (?:살아요?|살아|삶|산다|사셔요?|사십니다|살고 ?있어요?|살고 ?있음|살고요|사심|사세요|거주(?:해요?|함|중|하고 ?있어요?)?)$/u;

/**
 * Words before a place that say when or how, not where ("요즘 일산에 살아", "작년에 수원으로 이사 왔어",
 * "드디어 판교로"): a closed class of time words and adverbs, and a word with a time or adverbial particle.
 */
const NOT_PLACE_WORD_RE =
  /^(?:요즘|지금|현재|아직|계속|이제|원래|최근|드디어|결국|곧|다시|또|이번|다음|지난|저번|작년|올해|내년|어제|오늘|내일|모레|얼마 ?전)$|(?:에|에서|부터|쯤|째)$/u;

/** The place a clause's words end in: the last words before the verb that are no time word or adverb. */
function placeBefore(words: readonly string[]): string {
  let start = words.length;
  while (start > 0 && !NOT_PLACE_WORD_RE.test(words[start - 1] ?? "")) start -= 1;
  return words.slice(start).join(" ");
}

/**
 * {@link LIVES_BARE_RE}: the place (words that can name one, none saying how one lives) and the person
 * named before it, if any ("삼촌 제천 살아": a relative or a full name, then the place).
 */
function livesBare(predicate: string): { place: string; person: string | undefined } | undefined {
  const match = LIVES_BARE_RE.exec(predicate);
  if (match === null) return undefined;
  const words = placeBefore((match[1] ?? "").split(" ")).split(" ");
  // "강남구" reads like a full name (강 + 남구): a word ending in a place unit is a place.
  const personAt = words.findLastIndex(
    (word) => isKinship(word) || (isFullKoreanName(word) && !PLACE_UNIT_END_RE.test(word)),
  );
  const place = words.slice(personAt + 1);
  if (place.length === 0 || place.length > MAX_ATTRIBUTE_WORDS) return undefined;
  if (!place.every((word) => isNameLike(word) && !HOW_ONE_LIVES.has(word) && !/\d/u.test(word)))
    return undefined;
  return { place: place.join(" "), person: personAt < 0 ? undefined : words[personAt] };
}

/**
 * Who a clause about where someone lives or works is about: its subject; else the topic the text has
 * stated facts of ("이모부는 …, 대구에 살아"); else the speaker, whom a Korean statement leaves unsaid
 * ("대전에 살아요", "카카오로 이직했어").
 */
function whoLivesOrWorks(subject: string | undefined, state: ClauseContext["state"]): string {
  return subject ?? (topicHasFacts(state) ? (state.topic ?? FIRST_PERSON_KO) : FIRST_PERSON_KO);
}

/**
 * "대구 살아": where someone lives, with the particle left out (short notes drop it). Not the honorific
 * 사셔 / 사세요, which are also "buy" ("과일 사셔").
 */
const LIVES_BARE_RE = /^(.+?) (?:살아요?|삶|산다|살고 ?있어요?)$/u;
/** Words before 살아 that say how one lives, not where ("혼자 살아", "잘 살아", "같이 살아"). */
const HOW_ONE_LIVES = new Set(
  words("혼자 같이 함께 따로 잘 못 열심히 행복하게 편하게 오래 여기 거기 저기 어디 근처 멀리"),
);
/** The end of a place's name by the closed class of Korean place units (시, 구, 동, 읍, 면, 리, 군). */
const PLACE_UNIT_END_RE = /\p{Script=Hangul}(?:시|구|동|읍|면|리|군)$/u;

/** "밝은안과는 일산에 있어요" → (밝은안과, 위치, 일산); "이모부는 대구에 살아" → (이모부, 거주지, 대구). */
export const placeOfSubject: ClauseRule = ({ text, tokens, state }) => {
  if (!PLACE_HINT_RE.test(text)) return false;
  const subject = findSubject(tokens);
  const predicate = subject?.rest.join(" ") ?? tokens.join(" ");
  const located = LOCATED_RE.exec(predicate);
  const livesAt = located === null ? LIVES_RE.exec(predicate) : null;
  const bare = located === null && livesAt === null ? livesBare(predicate) : undefined;
  const lives = livesAt ?? bare ?? null;
  if (located === null && lives === null) return false;
  const place =
    bare?.place ??
    (located !== null
      ? (located[1] ?? "").replace(/^(?:요즘|지금|현재|아직|계속) /u, "")
      : placeBefore((livesAt?.[1] ?? "").split(" ")));
  if (place.split(" ").length > MAX_VALUE_WORDS || place.length === 0) return false;
  // "나 내일 병원에 있어" is where I will be, not where I am: a time word makes it an event.
  if (/(?:오늘|내일|어제|모레|주말|저녁|아침|점심|시간)/u.test(place)) return false;
  const entity =
    lives !== null
      ? whoLivesOrWorks(subject?.entity ?? bare?.person, state)
      : (subject?.entity ?? state.topic);
  if (entity === undefined) return false;
  const emitted = state.emit(entity, located !== null ? "위치" : "거주지", place);
  if (emitted) state.topic = entity;
  return emitted;
};

/** "Y에서 일해/근무해요/일하고 있어/근무 중", and "일하고 …" before more: where someone works. */
const WORKS_AT_RE =
  /^(.+?)에서 (?:일해요?|일함|일한다|일합니다|일하고|일하는데|일하고 ?있어요?|일하는 ?중|근무해요?|근무함|근무한다|근무합니다|근무하고|근무하는데|근무하고 ?있어요?|근무 ?중(?:이야|이에요|입니다)?)$/u;
/** Places one works at that are no workplace ("집에서 일해" is working from home). */
const NOT_A_WORKPLACE = new Set(["집", "재택", "카페", "밖", "여기", "거기", "회사", "사무실"]);

/**
 * "나 한결대학교병원 52병동에서 일해" → (나, 직장, 한결대학교병원) and (나, 병동, 52병동); "형은 마케팅팀에서
 * 일해" → (형, 소속, 마케팅팀): the organisation is 직장, a unit of it 소속 (or its own noun when numbered).
 */
export const workplace: ClauseRule = ({ text, tokens, state }) => {
  if (!/에서 (?:일|근무)/u.test(text)) return false;
  const subject = findSubject(tokens);
  const match = WORKS_AT_RE.exec(subject?.rest.join(" ") ?? tokens.join(" "));
  if (match === null) return false;
  const entity = whoLivesOrWorks(subject?.entity, state);
  const words = placeBefore((match[1] ?? "").split(" "))
    .split(" ")
    .filter((word) => word.length > 0 && !FILLER_WORDS.has(word));
  if (words.length === 0 || words.length > MAX_ATTRIBUTE_WORDS || !words.every(isNameLike)) return false;
  if (words.some((word) => NOT_A_WORKPLACE.has(word))) return false;
  const [org = "", ...rest] = words;
  const unit = leadingUnit(words);
  // "판교에서 일해" names where, not for whom: an organisation says so by its ending or by a unit after it.
  const organisation =
    ORGANISATION_SUFFIXES.some((suffix) => org.endsWith(suffix)) ||
    /^\p{Lu}/u.test(org) ||
    (rest.length > 0 && (rest.every(isOrgUnit) || leadingUnit(rest) !== undefined));
  if (unit === undefined && !isOrgUnit(org) && !organisation) return false;
  let emitted = false;
  if (unit === undefined && !isOrgUnit(org)) emitted = state.emit(entity, "직장", org);
  const units = unit !== undefined || isOrgUnit(org) ? words : rest;
  const named = leadingUnit(units);
  if (units.length > 0) emitted = state.emit(entity, named?.noun ?? "소속", units.join(" ")) || emitted;
  if (emitted) state.topic = entity;
  return emitted;
};

/** "Y로 일해 / 일한 지 … / 근무 중": what someone works as (the rest of the clause may go on). */
const WORKS_AS_RE =
  /^(.+?)(?:으로|로) (?:일해|일함|일한다|일합니다|일하고|일하는|일한 ?지|일했|근무해|근무함|근무하고|근무하는|근무한 ?지|근무 ?중|근무했)/u;

/**
 * "간호사로 일해요" → (나, 직업, 간호사); "누나는 약사로 근무해" → (누나, 직업, 약사): a job is what one
 * works as, when the noun before 로 ends in an occupation's head (사, 원, 디자이너 …).
 */
export const worksAs: ClauseRule = ({ text, tokens, state }) => {
  if (!/로 (?:일|근무)/u.test(text)) return false;
  const subject = findSubject(tokens);
  const match = WORKS_AS_RE.exec(subject?.rest.join(" ") ?? tokens.join(" "));
  if (match === null) return false;
  const words = (match[1] ?? "").split(" ").filter((word) => word.length > 0 && !FILLER_WORDS.has(word));
  const job = words.slice(-MAX_ATTRIBUTE_WORDS);
  const head = job.at(-1) ?? "";
  if (job.length === 0 || !job.every(isNameLike) || !OCCUPATION_HEADS.some((h) => head.endsWith(h)))
    return false;
  const entity = whoLivesOrWorks(subject?.entity, state);
  const emitted = state.emit(entity, occupationAttribute(true), job.join(" "));
  if (emitted) state.topic = entity;
  return emitted;
};

/** "(우리/저희) 집은 Y": where the speaker's home is, a place named down to its unit ("원주 단구동이야"). */
const HOME_IS_RE = /^(?:(?:우리|저희|내) ?)?집(?:은|는) (.+)$/u;

/** "집은 원주 단구동이야" → (나, 거주지, 원주 단구동): the speaker's home, named by place. */
export const homeIs: ClauseRule = ({ text, state }) => {
  const match = HOME_IS_RE.exec(text);
  const place = match === null ? undefined : valueWords((match[1] ?? "").split(" "));
  if (place === undefined || place.split(" ").length > MAX_ATTRIBUTE_WORDS) return false;
  if (!PLACE_UNIT_END_RE.test(place) || !place.split(" ").every(isNameLike)) return false;
  return state.emit(FIRST_PERSON_KO, "거주지", place);
};

/** "Y로 이사했어/왔어/갔어/가/할 거야": a move, which says where someone lives from then on. */
const MOVED_RE =
  /^(.+?)(?:으로|로) ?이사(?: ?(?:했어요?|했음|했다|했습니다|함|해요?|왔어요?|왔음|왔다|왔습니다|갔어요?|갔음|갔다|가요?|와요?|가게 ?됐어요?|갈 ?거야|갈 ?거예요|갈 ?예정이야|가기로 ?했어요?|할 ?거야|할 ?예정이야|예정이야|예정))?$/u;

/**
 * "작년에 수원으로 이사 왔어" → (나, 거주지, 수원); "언니는 세종으로 이사 갔어" → (언니, 거주지, 세종). Only
 * the new place: "일산에서 파주로" names where the move started too, which is no longer true.
 */
export const movedHome: ClauseRule = ({ text, tokens, state }) => {
  if (!text.includes("이사")) return false;
  const subject = findSubject(tokens);
  const match = MOVED_RE.exec(subject?.rest.join(" ") ?? tokens.join(" "));
  if (match === null) return false;
  const words = (match[1] ?? "").split(" ");
  const place = placeBefore(words);
  const placeWords = place.split(" ");
  if (place.length === 0 || placeWords.length > MAX_ATTRIBUTE_WORDS || !placeWords.every(isNameLike))
    return false;
  // "집으로 이사", "회사 근처로 이사": where to, not a named place.
  if (placeWords.some((word) => NOT_A_WORKPLACE.has(word)) || POSITION_NOUN_RE.test(placeWords.at(-1) ?? ""))
    return false;
  return state.emit(whoLivesOrWorks(subject?.entity, state), "거주지", place);
};

/** A move said with no place ("이사했어", "이사 완료", "이사 끝났어"), then perhaps the new place. */
const BARE_MOVE_RE =
  /^이사(?: ?(?:했어요?|했음|했다|했습니다|함|완료|끝|끝남|끝났어요?|왔어요?|왔음))(?: (.+))?$/u;
/** What may stand before the new place after a bare move ("이제 성수동", "새 주소 성수동 12-3"). */
const NEW_PLACE_LEAD_RE = /^(?:이제|이젠|새 ?주소(?:는|:)?|새 ?집(?:은|:)?|새로 ?온 ?곳(?:은)?)$/u;
/** An address number after its place ("12-3", "101동", "1203호"). */
const ADDRESS_NUMBER_RE = /^\d+(?:-\d+)?(?:동|호|번지)?$/u;

/** Whether a clause is a move said with no place ("이사했어"): a clause of one word the place may follow. */
export function saysBareMove(text: string): boolean {
  return BARE_MOVE_RE.test(text);
}

/**
 * "이사했어! 이제 성동구 성수동" → (나, 거주지, 성동구 성수동): a move said with no place, and where to in
 * the same clause or the next one, as a place named down to an address unit (동, 구, 시 …), after
 * "이제" or "새 주소" or alone. A clause that is not such a place ends the wait.
 */
export const moveThenPlace: ClauseRule = ({ text, tokens, state }) => {
  const subject = findSubject(tokens);
  const bare = BARE_MOVE_RE.exec(subject?.rest.join(" ") ?? text);
  if (bare !== null) {
    state.movedHome = whoLivesOrWorks(subject?.entity, state);
    const rest = bare[1];
    return rest !== undefined && emitNewPlace(rest.split(" "), state);
  }
  const moved = emitNewPlace(tokens, state);
  state.movedHome = undefined;
  return moved;
};

/** The place `tokens` name after a bare move (after 이제 / 새 주소, or alone), emitted as its 거주지. */
function emitNewPlace(tokens: readonly string[], state: ClauseContext["state"]): boolean {
  const who = state.movedHome;
  if (who === undefined) return false;
  const lead = NEW_PLACE_LEAD_RE.test(tokens[0] ?? "")
    ? 1
    : NEW_PLACE_LEAD_RE.test(tokens.slice(0, 2).join(" "))
      ? 2
      : 0;
  const place = valueWords(tokens.slice(lead));
  const words = place?.split(" ") ?? [];
  if (place === undefined || words.length === 0 || words.length > MAX_ATTRIBUTE_WORDS) return false;
  if (!words.every((word) => isNameLike(word) || ADDRESS_NUMBER_RE.test(word))) return false;
  if (!words.some((word) => PLACE_UNIT_END_RE.test(word))) return false;
  // "회사 근처 성수동": near something, not the place itself.
  if (words.some((word) => NOT_A_WORKPLACE.has(word) || POSITION_NOUN_RE.test(word))) return false;
  state.movedHome = undefined;
  return state.emit(who, "거주지", place);
}

/** "Y로 이직했어", "Y로 출근해", "Y에 입사했어 / 취직했어": a new employer, or where one goes to work. */
const JOINED_RE =
  /^(.+?)(?:(?:으로|로) ?(?:이직|출근)|에 ?(?:입사|취직|취업))(?: ?(?:했어요?|했음|했다|했습니다|함|해요?|할 ?거야|할 ?예정이야|예정이야|예정|확정|성공))?$/u;
/** "Y 다녀 / 다니고 있어 / 다님": where someone goes every day (an employer, when Y names one). */
const ATTENDS_RE = /^(.+?) (?:다녀요?|다님|다닌다|다닙니다|다니고 ?있어요?|다니는 ?중(?:이야|이에요)?)$/u;

/**
 * "카카오로 이직했어" → (나, 직장, 카카오); "남편은 한솔제약 다녀" → (남편, 직장, 한솔제약): a job change
 * names the employer by its verb; "다녀" only when the place is named as an organisation ("학원 다녀"
 * and "병원 다녀" are not where one works).
 */
export const employer: ClauseRule = ({ text, tokens, state }) => {
  if (!/(?:이직|출근|입사|취직|취업|다녀|다님|다닌|다닙|다니)/u.test(text)) return false;
  const subject = findSubject(tokens);
  const rest = subject?.rest.join(" ") ?? tokens.join(" ");
  const joined = JOINED_RE.exec(rest);
  const attends = joined === null ? ATTENDS_RE.exec(rest) : null;
  const match = joined ?? attends;
  if (match === null) return false;
  const org = placeBefore((match[1] ?? "").split(" "));
  const words = org.split(" ");
  if (org.length === 0 || words.length > MAX_ATTRIBUTE_WORDS || !words.every(isNameLike)) return false;
  if (words.some((word) => NOT_A_WORKPLACE.has(word))) return false;
  const last = words.at(-1) ?? "";
  const named =
    /^\p{Lu}/u.test(words[0] ?? "") ||
    ORGANISATION_SUFFIXES.some((suffix) => last.endsWith(suffix) && last !== suffix);
  // "딸은 한빛초등학교 다녀": the school one attends, under the noun that says what it is.
  const school =
    attends === null || GENERIC_SCHOOL_RE.test(last)
      ? undefined
      : (ATTENDED_PLACE_RE.exec(last)?.[1] ?? (UNIVERSITY_SHORT_RE.test(last) ? "학교" : undefined));
  if (attends !== null && school === undefined && (!named || EVERYDAY_PLACE_RE.test(last))) return false;
  const attribute = school === undefined ? "직장" : school.endsWith("학교") ? "학교" : school;
  return state.emit(whoLivesOrWorks(subject?.entity, state), attribute, org);
};

/** Places one goes to but does not work at, though their names end like an organisation's. */
const EVERYDAY_PLACE_RE = /(?:학교|학원|병원|의원|어린이집|유치원)$/u;
/** A named school, kindergarten or academy one attends ("한빛초등학교", "새싹어린이집"): the noun it ends in. */
const ATTENDED_PLACE_RE = /^\p{Script=Hangul}+?((?:초등|중|고등|대)?학교|어린이집|유치원|학원)$/u;
/** A university by its short name ("한빛대", two syllables or more before 대; 군대 is no school). */
const UNIVERSITY_SHORT_RE = /^\p{Script=Hangul}{2,}대$/u;
/** The kind alone ("고등학교 다녀" says which kind of school, not which one). */
const GENERIC_SCHOOL_RE = /^(?:(?:초등|중|고등|대|대학|중고등)?학교|어린이집|유치원|학원|대학원)$/u;

/** Nouns of a position next to a landmark ("역 앞", "학교 옆"): a value ending in one says where. */
export const POSITION_NOUN_RE = /^(?:앞|옆|뒤|근처|건너편|맞은편|부근|인근|사이|쪽|위층|아래층)$/u;
/** Attributes that already say where ("위치", "주소", "회의 장소"). */
const PLACE_ATTRIBUTE_RE = /(?:위치|주소|장소|location|address)$/iu;

/** "사무실은 서초역 2번 출구 앞이야" → 사무실 위치: the value is a position, so the attribute says so. */
export function placeAttribute(attribute: string, value: string): string {
  const last = value.split(" ").pop() ?? "";
  return POSITION_NOUN_RE.test(last) && !PLACE_ATTRIBUTE_RE.test(attribute) ? `${attribute} 위치` : attribute;
}

/** "분당에 있는 해솔동물병원" → the clinic, and 분당 as where it is. */
export function locatedValue(words: readonly string[]): { value: string; place: string } | undefined {
  const at = words.findIndex((word, i) => i >= 1 && word === "있는" && (words[i - 1] ?? "").endsWith("에"));
  if (at < 1 || at > MAX_ATTRIBUTE_WORDS) return undefined;
  const place = [...words.slice(0, at - 1), (words[at - 1] ?? "").slice(0, -1)].join(" ");
  const value = valueWords(words.slice(at + 1));
  if (value === undefined || place.length === 0 || !words.slice(0, at).every((word) => !/\d/u.test(word)))
    return undefined;
  return { value, place };
}

/** "Y에서 해요/열려요/진행해요": where an event is held. */
const HELD_AT_RE =
  /^(.+?)에서 (?:해요?|합니다|한대요?|열려요?|열립니다|열림|열린대요?|진행해요?|진행합니다|진행됨|진행)$/u;
/** "시청 별관 3층 소회의실": the most words of a place where an event is held. */
const MAX_PLACE_WORDS = 4;

/**
 * "윤아 결혼식은 4월 25일 …, 라움아트센터": a bare place after a life event's date (or an appointment's
 * time) is where it is held; "독서모임 다음 모임은 1월 8일, 북카페 온에서 열려요": so is "Y에서 해요"
 * after an event's date.
 */
export const eventPlace: ClauseRule = ({ text, tokens, state }) => {
  const { eventPlace: pending } = state;
  if (pending === undefined) return false;
  const held = HELD_AT_RE.exec(text);
  const heldWords = held?.[1]?.split(" ") ?? [];
  const place =
    heldWords.length > 0 && heldWords.length <= MAX_PLACE_WORDS && heldWords.every(isNameLike)
      ? heldWords
      : pending.bare && isPlacePhrase(tokens)
        ? tokens
        : undefined;
  if (place === undefined) return false;
  state.eventPlace = undefined;
  return state.emit(pending.entity, pending.attribute, place.join(" "));
};

/** One to three bare nouns, not a time of day, no particle, no verb ("청주 라벨라홀"). */
export function isPlacePhrase(tokens: readonly string[]): boolean {
  if (tokens.length === 0 || tokens.length > MAX_ATTRIBUTE_WORDS) return false;
  return tokens.every(
    (token) =>
      isNameLike(token) && !hasSubjectParticle(token) && !/\d/u.test(token) && !TIME_OF_DAY_RE.test(token),
  );
}

/** "일요일 휴무", "매주 월요일 정기휴무" after a shop: (shop, 휴무일, 일요일). */
export const closedDay: ClauseRule = ({ text, state }) => {
  const match =
    /^((?:매주 |격주 )?[월화수목금토일](?:요일)?(?:[,/·]? ?[월화수목금토일](?:요일)?){0,6}) (?:정기 ?)?휴무(?:일|예요|이에요|임|야)?$/u.exec(
      text,
    );
  if (match === null || state.topic === undefined) return false;
  return state.emit(state.topic, "휴무일", match[1] ?? "");
};
