/**
 * A date moved by an amount rather than to a new value: "치과 예약 하루 당겨짐" (a day earlier), "상담
 * 일주일 밀림" (a week later), "미팅 이틀 연기". The note names no new date; the date it moved is known
 * (the graph's current fact), so the new one can be counted: {@link dateShiftOf} reads the move,
 * {@link shiftedDate} applies it to a Korean month-and-day date ("12월 10일 오후 3시" → "12월 9일 오후
 * 3시"), recounting a weekday it names.
 */
import { words } from "../text/word-list.js";

/** Native Korean counts of days, and the week words (한 주, 일주일). */
const DAY_COUNTS: ReadonlyMap<string, number> = new Map([
  ["하루", 1],
  ["이틀", 2],
  ["사흘", 3],
  ["나흘", 4],
  ["닷새", 5],
  ["엿새", 6],
  ["일주일", 7],
  ["한주", 7],
  ["보름", 15],
]);
/** "3일", "2주": a number of days or weeks. */
const COUNTED_RE = /^(\d{1,2})(일|주)$/u;
/** Stems of moving earlier (당겨짐, 앞당김). */
const EARLIER_STEMS: readonly string[] = words("당겨 당겼 당김 앞당");
/** Stems of moving later (밀림, 미뤄짐, 연기, 늦춰짐). */
const LATER_STEMS: readonly string[] = words("밀려 밀렸 밀림 미뤄 미뤘 미룸 연기 늦춰 늦췄 늦춤");
const DAY_MS = 24 * 60 * 60 * 1000;
/** How many words a move may stand after the start of its note (the thing, its attribute). */
const MAX_WORDS_BEFORE = 4;

/**
 * The days a note moves a date by — negative for earlier — when it says so by an amount and a verb of
 * moving ("하루 당겨짐" → -1, "일주일 밀림" → 7, "2주 연기" → 14); undefined otherwise. Only in a note's
 * first words, where the thing moved is named.
 */
export function dateShiftOf(text: string): number | undefined {
  const tokens = text
    .normalize("NFC")
    .trim()
    .split(/\s+/u)
    .slice(0, MAX_WORDS_BEFORE + 2);
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    const days = daysIn(tokens[i] ?? "", tokens[i - 1]);
    if (days === undefined) continue;
    const verb = tokens[i + 1] ?? "";
    if (EARLIER_STEMS.some((stem) => verb.startsWith(stem))) return -days;
    if (LATER_STEMS.some((stem) => verb.startsWith(stem))) return days;
  }
  return undefined;
}

/** The week after this one as a destination (담주로, 다음주로; 주로 after 다음): a week later. */
const NEXT_WEEK_TO: ReadonlySet<string> = new Set(words("담주로 다음주로 담주루 다음주루"));

/** The days a word counts ("하루", "3일", "2주"; "주" after "한"; a week in "담주로", "다음 주로"). */
function daysIn(word: string, before: string | undefined): number | undefined {
  if (word === "주" && before === "한") return 7;
  if (NEXT_WEEK_TO.has(word) || (word === "주로" && before === "다음")) return 7;
  const native = DAY_COUNTS.get(word);
  if (native !== undefined) return native;
  const counted = COUNTED_RE.exec(word);
  if (counted === null) return undefined;
  return Number(counted[1]) * (counted[2] === "주" ? 7 : 1);
}

/** "12월 10일" and what follows it (a weekday, a time). */
const MONTH_DAY_RE = /^(\d{1,2})월 ?(\d{1,2})일(.*)$/u;
/** A weekday the value names: "(화)", "화요일", " 화 ". */
const WEEKDAY_RE = /\(?([월화수목금토일])(?:요일|\))/u;
const WEEKDAYS = "일월화수목금토";

/**
 * `value` ("12월 10일 오후 3시", "3월 4일(수)") moved by `days`, in the year of `at` (the next one when
 * the month is long past); the weekday it names recounted. Undefined for a value that is no Korean
 * month-and-day date.
 */
export function shiftedDate(value: string, days: number, at: number): string | undefined {
  const match = MONTH_DAY_RE.exec(value.trim());
  if (match === null) return undefined;
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const now = new Date(at);
  const year = now.getUTCFullYear() + (month < now.getUTCMonth() + 1 - 6 ? 1 : 0);
  const moved = new Date(Date.UTC(year, month - 1, day) + days * DAY_MS);
  const rest = (match[3] ?? "").replace(WEEKDAY_RE, (whole: string, weekday: string) =>
    whole.replace(weekday, WEEKDAYS.charAt(moved.getUTCDay())),
  );
  return `${moved.getUTCMonth() + 1}월 ${moved.getUTCDate()}일${rest}`;
}
