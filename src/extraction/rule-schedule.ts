/**
 * Schedules of an activity: "화목토 9시~3시 근무" → (…, 근무 시간, 화목토 9시~3시), and a role held at
 * certain times, "차유리는 평일 오전 알바예요" → (차유리, 근무 시간, 평일 오전). The schedule is read from its
 * shape (days, parts of the day, clock times); the activity noun after it names the attribute.
 */
import { stripCopula, stripParticle, TOPIC_PARTICLES } from "../text/korean.js";
import { isNameLike, type ClauseRule } from "./rule-common.js";

/** One word of a schedule: days of the week, parts of the day, clock times and their ranges. */
const SCHEDULE_WORD_RE =
  /^(?:매주|격주|매일|평일|주말|주중|[월화수목금토일]{1,7}(?:요일)?(?:[,/·~-][월화수목금토일](?:요일)?)*|오전|오후|아침|점심|저녁|밤|새벽|낮|반|\d{1,2}(?::\d{2})?(?:시|am|pm)?(?:\s?[~–-]\s?\d{1,2}(?::\d{2})?(?:시|am|pm)?)?(?:\s?\d{1,2}분)?|\d{1,2}분)$/iu;
/** A schedule needs a day or a part of the day, or a clock time: "반" or "10" alone is none. */
const SCHEDULE_ANCHOR_RE =
  /(?:요일|매주|격주|매일|평일|주말|주중|^[월화수목금토일]{1,7}$|오전|오후|아침|점심|저녁|밤|새벽|시)/u;
/** Activities done on a schedule, and the attribute each schedule is stored under. */
const ACTIVITY_ATTRIBUTES: Readonly<Record<string, string>> = {
  근무: "근무 시간",
  출근: "근무 시간",
  수업: "수업 시간",
  레슨: "수업 시간",
  강의: "수업 시간",
  영업: "영업시간",
  진료: "진료 시간",
};
/** Nouns of a delivery ("배송", "새벽배송", "납품", "배달"). */
const DELIVERY_RE = /(?:배송|배달|납품|입고)$/u;
/** Days of the week only: "화목토", "월/수/금", "매주 화요일" is not one word. */
const DAYS_RE = /^[월화수목금토일](?:[/·,]?[월화수목금토일]){0,6}(?:요일)?$/u;
/** A verb or copula after the activity noun ("근무해요", "근무함", "수업이야"). */
const ACTIVITY_TAIL_RE = /(?:해요|해|함|합니다|하고|이야|야|이에요|예요|임|입니다)$/u;

/** The schedule `words` spell out, or undefined when a word is no part of one. */
export function scheduleOf(words: readonly string[]): string | undefined {
  if (words.length === 0 || !words.every((word) => SCHEDULE_WORD_RE.test(word))) return undefined;
  const text = words.join(" ");
  return SCHEDULE_ANCHOR_RE.test(text) ? text : undefined;
}

/** The attribute a schedule of `noun` is stored under ("근무" → 근무 시간). */
export function scheduleAttribute(noun: string): string | undefined {
  return ACTIVITY_ATTRIBUTES[noun];
}

/**
 * "화목토 9시~3시 근무", "화목 5시 수업" after someone (or "탁윤희 월수금 … 근무"): the schedule of an activity.
 */
export const activitySchedule: ClauseRule = ({ tokens, state }) => {
  const last = tokens[tokens.length - 1] ?? "";
  const noun = stripCopula(last.replace(ACTIVITY_TAIL_RE, "")) || last;
  const body = tokens.slice(0, -1);
  // "월수금 새벽배송": the days a delivery comes on.
  if (DELIVERY_RE.test(noun) && body.length === 1 && DAYS_RE.test(body[0] ?? "") && state.topic !== undefined)
    return state.emit(state.topic, "배송 요일", body[0] ?? "");
  const attribute = scheduleAttribute(noun) ?? scheduleAttribute(last);
  if (attribute === undefined || tokens.length < 2) return false;
  const opensWithSchedule = scheduleOf(body) !== undefined;
  const [first = "", ...rest] = body;
  const owner = opensWithSchedule
    ? state.topic
    : isNameLike(first)
      ? stripParticle(first, TOPIC_PARTICLES)
      : undefined;
  const schedule = opensWithSchedule ? scheduleOf(body) : scheduleOf(rest);
  if (owner === undefined || schedule === undefined) return false;
  return state.emit(owner, attribute, schedule);
};

/** "4월부터", "3월 2일부터", "2027년 1월부터": when something starts. */
const FROM_DATE_RE = /^((?:\d{4}년 )?\d{1,2}월(?: \d{1,2}일)?)부터$/u;
/** A noun (with a plain ending) for what starts: "육아휴직", "출산휴가야", "재택근무임". */
const STARTED_NOUN_RE = /^([가-힣]{2,8}?)(?:이야|야|이에요|예요|임|입니다|시작|들어가요?|들어감)?$/u;

/**
 * "오태경님 6월부터 안식휴가" → (오태경, 안식휴가 시작, 6월): a person, a date with 부터, and a noun for what
 * starts then.
 */
export const startsFrom: ClauseRule = ({ tokens, state }) => {
  const text = tokens.join(" ");
  const match = /^(\S+) ((?:\d{4}년 )?\d{1,2}월(?: \d{1,2}일)?부터) (\S+)$/u.exec(text);
  if (match === null) return false;
  const [, who = "", from = "", what = ""] = match;
  const date = FROM_DATE_RE.exec(from)?.[1];
  const noun = STARTED_NOUN_RE.exec(what)?.[1];
  if (date === undefined || noun === undefined || !isNameLike(who) || !isNameLike(noun)) return false;
  const emitted = state.emit(stripParticle(who, TOPIC_PARTICLES), `${noun} 시작`, date);
  if (emitted) state.topic = who;
  return emitted;
};
