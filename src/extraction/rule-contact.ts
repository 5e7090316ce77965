/**
 * Contact facts: a phone number, an e-mail address or a short number (an extension, a pager) after the
 * words that say whose it is — "구하영님 번호 010-…", "새길세무회계 편상훈 세무사님 042-…", "총무부
 * extension은 2210", "고은별 선생님 PHS 5512".
 */
import { isKoreanChangeWord } from "./words/value-words.js";
import { words } from "../text/word-list.js";
import { stripParticle, TOPIC_SUBJECT_PARTICLES, foldText } from "../text/korean.js";
import { FIRST_PERSON_KO, normalizeAttribute } from "./normalize.js";
import { isKinship, isKoreanPersonName, isNameLike, isPersonName, topicHasFacts } from "./rule-common.js";
import type { TypedFactInput } from "./rule-typed.js";
import { ANIMAL_WORDS } from "./words/animals.js";
import { COMMON_ATTRIBUTE_WORDS } from "./words/attributes.js";
import { BUSINESS_SUFFIXES } from "./words/organisations.js";
import { TITLE_WORDS } from "./words/people.js";
import { NUMBER_NOUNS } from "./words/units.js";

/** Role nouns that look like a business before a person ("새 담당 문지석 팀장"). */
const ROLE_NOUNS = new Set(["담당", "담당자", "연락처", "후임", "전임"]);
/** Attributes of a phone-shaped number: a fax number is written like a phone number. */
const PHONE_LIKE_ATTRIBUTES = new Set(["전화번호", "팩스번호", "phone", "fax"]);

/** "선호 어머님" stays one entity; "석진우 대표님", "Rhea Kim 선생님" are the person; otherwise the last word. */
export function nameBefore(words: readonly string[]): string | undefined {
  const last = words[words.length - 1];
  const previous = words[words.length - 2];
  if (last === undefined) return undefined;
  if (
    isKinship(stripParticle(last, TOPIC_SUBJECT_PARTICLES)) &&
    previous !== undefined &&
    isNameLike(previous)
  )
    return `${previous} ${last}`;
  // "석진우 대표님": the person, not the title.
  if (TITLE_WORDS.has(last.replace(/님$/u, "")) && previous !== undefined && isPersonName(previous)) {
    return previous;
  }
  return isNameLike(last) ? last : undefined;
}

/** How many of the last words say a change (바꿨대, 바뀜, →) and nothing of whose number it is. */
function trailingChangeWords(pre: readonly string[]): number {
  let n = 0;
  while (n < pre.length && isChangeMark(pre[pre.length - 1 - n] ?? "")) n += 1;
  return n;
}

function isChangeMark(word: string): boolean {
  return word === "→" || word === "->" || isKoreanChangeWord(stripParticle(word, [":"]));
}

/** Words for the phone a number rings, before 번호 / number ("핸드폰 번호", "work cell number"). */
const PHONE_DEVICE_WORDS: ReadonlySet<string> = new Set(
  words("핸드폰 휴대폰 휴대전화 폰 전화 스마트폰 mobile cell phone"),
);

/** A phone number or an e-mail address after whose it is. */
export function contactFact({ clause, pre: said, value }: TypedFactInput): boolean {
  const { state } = clause;
  // "엄마 폰 바꿨대 010-…", "번호 바뀜 → 010-…": a verb of change before the number only says it is new.
  const pre = said.slice(0, said.length - trailingChangeWords(said));
  const last = pre[pre.length - 1];
  // "팩스 02-…", "fax 02-…": the word before a phone-shaped number may say it is another kind of line.
  const named = last === undefined ? undefined : normalizeAttribute(last);
  const attribute =
    value.kind === "phone" && named !== undefined && PHONE_LIKE_ATTRIBUTES.has(named)
      ? named
      : defaultContactAttribute(value.kind, clause.korean);
  // The number word, or the phone it rings alone ("엄마 폰 010-…").
  const attributeWordAt = pre.findLastIndex(
    (word) =>
      normalizeAttribute(word) === attribute ||
      (value.kind === "phone" && PHONE_DEVICE_WORDS.has(word.toLowerCase())),
  );
  if (last === undefined || attributeWordAt >= 0) {
    // "구하영님 번호 010-…", "새 번호 010-…", "석진우 대표님 번호 바뀌었대: 010-…" (whose: the words before
    // the number word, else the topic).
    // "내 핸드폰 번호 010-…": the device says which number, not whose.
    let owner = Math.max(attributeWordAt, 0);
    while (owner > 0 && PHONE_DEVICE_WORDS.has((pre[owner - 1] ?? "").toLowerCase())) owner -= 1;
    // With no owner before the device, the number is the speaker's, unless the text is about someone.
    const speaker = owner < attributeWordAt && !topicHasFacts(state) ? FIRST_PERSON_KO : undefined;
    const entity = nameBefore(pre.slice(0, owner)) ?? speaker ?? state.topic;
    return entity !== undefined && state.emit(entity, attribute, value.value);
  }
  const title = last.replace(/님$/u, "");
  const person = pre[pre.length - 2];
  if (TITLE_WORDS.has(title) && person !== undefined && isKoreanPersonName(person)) {
    // "새길세무회계 편상훈 세무사님 042-…": the number is the office's; the person holds the title there.
    const org = pre[pre.length - 3];
    if (org !== undefined && isNameLike(org) && !ROLE_NOUNS.has(org)) {
      state.emit(org, attribute, value.value);
      state.emit(org, title, person);
      state.topic = org;
      return true;
    }
    state.topic = person;
    return state.emit(person, attribute, value.value);
  }
  const entity = nameBefore(pre);
  if (entity === undefined) return false;
  const emitted = state.emit(entity, attribute, value.value);
  // "이사업체 척척이사 1588-…", "단골 정육점 고기나라 031-…": the word before the name says what kind of
  // business it is.
  const kind = pre[pre.length - 2];
  const owned = emitted && ownerOfKind(pre, clause);
  if (emitted && !owned && !entity.includes(" ") && kind !== undefined && isBusinessKind(kind)) {
    state.emit(entity, clause.korean ? "분류" : "category", kind);
  }
  if (emitted) state.topic = entity;
  return emitted;
}

/**
 * A short number named by the word before it: "총무부 extension은 2210" → (총무부, 내선번호, 2210), "내선은
 * 1120이요" after a person → theirs. The number word says the attribute ({@link NUMBER_NOUNS}).
 */
export function codeFact({ clause, pre, value }: TypedFactInput): boolean {
  const { state } = clause;
  const at = pre.findLastIndex((word) => numberNoun(word) !== undefined);
  const names = at < 0 ? undefined : numberNoun(pre[at] ?? "");
  if (names === undefined) return false;
  // Without a name before it, the number is the topic's, unless the text began with the number word.
  const topic = state.topic !== undefined && numberNoun(state.topic) === undefined ? state.topic : undefined;
  const entity = nameBefore(pre.slice(0, at)) ?? topic;
  if (entity === undefined) return false;
  const emitted = state.emit(entity, clause.korean ? names[0] : names[1], value.value);
  if (emitted) state.topic = entity;
  return emitted;
}

/** Words that say a plate is a car's, not whose car it is ("차 번호", "번호판", "car plate"). */
const CAR_NUMBER_WORDS: ReadonlySet<string> = new Set(
  words("차 차량 자동차 내차 신차 새차 번호 번호판 차번호 차량번호 넘버 car plate number license"),
);

/**
 * "남편 차 번호판 38누 5092" → (남편, 차량번호, 38누 5092); "내 차 12가 3456", "차 번호 127모 4863" → (나, …):
 * whose car it is, by the words before the plate that are not car words; the speaker's when there are
 * none (or only 내, 제, 저희 집), unless the text is about someone.
 */
export function plateFact({ clause, pre, value }: TypedFactInput): boolean {
  const { state } = clause;
  // Car words and what is no name (an earlier predicate: "차는 스타리아고 번호는 …") are left out.
  const owners = pre.filter(
    (word) =>
      SPEAKER_OWNER_WORDS.has(word) ||
      (isNameLike(word) && !CAR_NUMBER_WORDS.has(stripParticle(word, TOPIC_SUBJECT_PARTICLES).toLowerCase())),
  );
  // "남편 차 투싼, 번호판 …": a person the text began with owns the car of its later clauses.
  const topic = state.topic;
  const personTopic =
    topic !== undefined &&
    (isKinship(topic) || isPersonName(topic)) &&
    !SPEAKER_OWNER_WORDS.has(topic) &&
    !CAR_NUMBER_WORDS.has(topic);
  const speaker =
    owners.every((word) => SPEAKER_OWNER_WORDS.has(word)) && !personTopic && !topicHasFacts(state);
  const entity = speaker ? FIRST_PERSON_KO : (nameBefore(owners) ?? topic);
  if (entity === undefined) return false;
  return state.emit(entity, clause.korean ? "차량번호" : "license plate", value.value);
}

/** Words before a plate that make it the speaker's car ("내 차", "저희 집 차"). */
const SPEAKER_OWNER_WORDS: ReadonlySet<string> = new Set(words("내 제 우리 저희 집 우리집 저희집 my our"));

function numberNoun(word: string): readonly [string, string] | undefined {
  const bare = stripParticle(word.replace(/[.:]$/u, ""), TOPIC_SUBJECT_PARTICLES);
  return NUMBER_NOUNS.get(foldText(bare));
}

function defaultContactAttribute(kind: TypedFactInput["value"]["kind"], korean: boolean): string {
  if (kind === "email") return korean ? "이메일" : "email";
  return korean ? "전화번호" : "phone";
}

/**
 * "코코 병원 망원 멍냥클리닉 02-…": someone's kind of place, (where,) then its name and number → (코코, 병원,
 * 멍냥클리닉) and (멍냥클리닉, 위치, 망원). A 병원 in a clause about an animal is an animal clinic.
 */
function ownerOfKind(pre: readonly string[], clause: TypedFactInput["clause"]): boolean {
  const [owner = "", kind = ""] = pre;
  const name = pre[pre.length - 1] ?? "";
  if (pre.length < 3 || pre.length > 4 || !clause.korean) return false;
  if (!isPersonName(owner) || !COMMON_ATTRIBUTE_WORDS.has(kind) || !isBusinessKind(kind)) return false;
  if (!pre.slice(2).every((word) => isNameLike(word) && !/\d/u.test(word))) return false;
  const animal = clause.text.split(/[\s()]+/u).some((word) => ANIMAL_WORDS.has(word));
  const emitted = clause.state.emit(owner, kind === "병원" && animal ? "동물병원" : kind, name);
  if (emitted && pre.length === 4) clause.state.emit(name, "위치", pre[2] ?? "");
  return emitted;
}

function isBusinessKind(word: string): boolean {
  return BUSINESS_SUFFIXES.some((suffix) => word.endsWith(suffix));
}
