/**
 * The times, dates and weekdays a text gives, each in one form whatever way it is written: "8시 50분",
 * "8:50" and "8:50am" are `time:8:50`; "4/25", "4월 25일", "Apr 25" and "25th of April" are
 * `date:4-25` (and `dom:25`, the day of the month alone, which "25일로" gives too); "화", "화요일",
 * "화욜", "Tue" and "Tuesdays" are `day:2`. Two notes in two languages or two styles that give the same
 * time then give the same form (fact-words.ts keeps each note's values as it writes them: 850 and 8, 50).
 *
 * A clock hour is read modulo 12: a note says "8시" for 8 in the evening as often as "20:00". A Korean
 * weekday syllable stands for a day only where nothing else can be meant: with 요일/욜 after it, in a run
 * of weekday syllables (월수금, 화목), or beside another weekday across a list mark (화,금 · 화→목). The
 * English "sat", "sun" and "wed" are words of their own too, so they count only beside a number, a time or
 * another weekday. One pass over the text's chunks: linear in its length.
 */
import { isEnglishStopWord } from "../text/english.js";
import { isHangulSyllableCode } from "../text/korean.js";

/** A text's chunks: Hangul runs, Latin runs, digit groups with the marks inside a time or date, or one mark. */
const CHUNK_RE = /[\uac00-\ud7a3]+|[a-z]+|\d+(?:[:/.-]\d+)*|\S/gu;

const ENGLISH_MONTHS: ReadonlyMap<string, number> = new Map(
  [
    ["january", "jan"],
    ["february", "feb"],
    ["march", "mar"],
    ["april", "apr"],
    ["may", "may"],
    ["june", "jun"],
    ["july", "jul"],
    ["august", "aug"],
    ["september", "sep", "sept"],
    ["october", "oct"],
    ["november", "nov"],
    ["december", "dec"],
  ].flatMap((names, i) => names.map((name) => [name, i + 1] as const)),
);

const ENGLISH_DAYS: ReadonlyMap<string, number> = new Map(
  [
    ["monday", "mon"],
    ["tuesday", "tue", "tues"],
    ["wednesday", "wed"],
    ["thursday", "thu", "thur", "thurs"],
    ["friday", "fri"],
    ["saturday", "sat"],
    ["sunday", "sun"],
  ].flatMap((names, i) => names.flatMap((name) => [[name, i + 1] as const, [`${name}s`, i + 1] as const])),
);
/** Short English weekdays that are also words ("sat down", "the sun", "to wed"). */
const AMBIGUOUS_DAYS: ReadonlySet<string> = new Set(["sat", "sun", "wed", "sats", "suns", "weds"]);

/** Korean weekday syllables, Monday first. */
const KOREAN_DAYS = "월화수목금토일";
/** Runs of weekday syllables that are words of their own: 금일 "today". */
const NOT_WEEKDAY_RUNS: ReadonlySet<string> = new Set(["금일"]);
/** What makes a weekday syllable a weekday by itself: 요일, 욜 (화요일에, 화욜로). */
const KOREAN_DAY_SUFFIXES: readonly string[] = ["요일", "욜"];
/** Marks between the items of a list of weekdays or between an old and a new one (화,금 · 화→목 · 월/수). */
const DAY_LIST_MARKS: ReadonlySet<string> = new Set([",", "/", "·", "→", "~", "-", ">", "&"]);

const ENGLISH_ORDINAL_ENDINGS: ReadonlySet<string> = new Set(["st", "nd", "rd", "th"]);
/** Words that may follow an ordinal day that ends its phrase ("the 3rd at 5pm", "the 9th instead"). */
const ORDINAL_PHRASE_ENDS: ReadonlySet<string> = new Set(["at", "and", "or", "instead", "so", "but", "then"]);
const MERIDIEM: ReadonlySet<string> = new Set(["am", "pm"]);

interface Chunk {
  text: string;
  start: number;
  end: number;
}

/**
 * The forms of the times, dates and weekdays `text` gives (see the module comment). A text that is one
 * value by itself (a word an arrow or an English "instead" names as the old value: former-values.ts) may be a
 * lone weekday syllable ("화").
 */
export function valueForms(text: string): Set<string> {
  const lower = text.normalize("NFC").toLowerCase();
  const chunks: Chunk[] = [];
  for (const match of lower.matchAll(CHUNK_RE)) {
    chunks.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  const forms = new Set<string>();
  // Month 0: a day of the month without its month ("15일로").
  const addDate = (month: number, day: number): void => {
    if (month < 0 || month > 12 || day < 1 || day > 31) return;
    if (month > 0) forms.add(`date:${month}-${day}`);
    forms.add(`dom:${day}`);
  };
  const addTime = (hour: number, minute: number): void => {
    if (hour > 24 || minute > 59) return;
    forms.add(`time:${hour % 12}:${minute}`);
  };
  const days: Day[] = [];
  chunks.forEach((chunk, i) => {
    const word = chunk.text;
    const next = chunks[i + 1];
    const glued = next !== undefined && next.start === chunk.end;
    if (isDigit(word)) {
      readNumber(word, chunks, i, glued, addDate, addTime);
      return;
    }
    const month = ENGLISH_MONTHS.get(word);
    if (month !== undefined) {
      // "Apr 25", "April 25th"; "25 April" is read from the number.
      const day = next !== undefined && /^\d{1,2}$/u.test(next.text) ? Number(next.text) : undefined;
      if (day !== undefined) addDate(month, day);
      return;
    }
    const english = ENGLISH_DAYS.get(word);
    if (english !== undefined) {
      days.push({ at: i, day: english, sure: AMBIGUOUS_DAYS.has(word) ? "number" : "yes" });
      return;
    }
    // A Hangul chunk glued after a number is its unit (3월, 8일), never a weekday.
    const before = chunks[i - 1];
    if (before !== undefined && before.end === chunk.start && isDigit(before.text)) return;
    if (isHangulSyllableCode(word.charCodeAt(0))) readKoreanDays(word, i, days);
  });
  const dayChunks = new Set(days.map((day) => day.at));
  const alone = chunks.length === 1;
  for (const { at, day, sure } of days) {
    const counts =
      sure === "yes" ||
      alone ||
      (sure === "number" ? besideNumber(chunks, at) : listedOrBracketed(chunks, dayChunks, at));
    if (counts) {
      forms.add(`day:${day}`);
    }
  }
  return forms;
}

/**
 * A weekday read from a chunk: `yes` when it is one by itself; `number` (sat, sun, wed) when only beside a
 * number; `list` (a Korean syllable alone) when only beside another weekday across a list mark, or in
 * brackets after a date ("5/24(일)").
 */
interface Day {
  at: number;
  day: number;
  sure: "yes" | "number" | "list";
}

/** Weekdays of a Hangul chunk: 화요일…, 화욜…, a run of weekday syllables (월수금), or one syllable alone. */
function readKoreanDays(word: string, at: number, days: Day[]): void {
  const first = KOREAN_DAYS.indexOf(word[0] as string);
  if (first < 0) return;
  if (KOREAN_DAY_SUFFIXES.some((suffix) => word.startsWith(suffix, 1))) {
    days.push({ at, day: first + 1, sure: "yes" });
    return;
  }
  if (
    word.length >= 2 &&
    !NOT_WEEKDAY_RUNS.has(word) &&
    [...word].every((syllable) => KOREAN_DAYS.includes(syllable))
  ) {
    // 월수금, 화목: a run of distinct weekdays in order.
    const order = [...word].map((syllable) => KOREAN_DAYS.indexOf(syllable));
    if (order.every((day, i) => i === 0 || day > (order[i - 1] as number))) {
      for (const day of order) days.push({ at, day: day + 1, sure: "yes" });
    }
    return;
  }
  // One syllable alone (화 · 목): a weekday only beside another across a list mark.
  if (word.length === 1) days.push({ at, day: first + 1, sure: "list" });
}

/** Whether a chunk next to `at`, or one past a list mark, is a number. */
function besideNumber(chunks: readonly Chunk[], at: number): boolean {
  const near = [chunks[at - 1], chunks[at + 1]];
  if (DAY_LIST_MARKS.has(chunks[at - 1]?.text ?? "")) near.push(chunks[at - 2]);
  if (DAY_LIST_MARKS.has(chunks[at + 1]?.text ?? "")) near.push(chunks[at + 2]);
  return near.some((chunk) => chunk !== undefined && isDigit(chunk.text));
}

/** Whether the weekday chunk at `at` is listed with another weekday (화,금 · 화→목) or bracketed after a date. */
function listedOrBracketed(chunks: readonly Chunk[], dayChunks: ReadonlySet<number>, at: number): boolean {
  const listed = (side: -1 | 1): boolean =>
    DAY_LIST_MARKS.has(chunks[at + side]?.text ?? "") && dayChunks.has(at + 2 * side);
  const bracketed =
    chunks[at - 1]?.text === "(" && chunks[at + 1]?.text === ")" && isDigit(chunks[at - 2]?.text ?? "");
  return listed(-1) || listed(1) || bracketed;
}

function isDigit(word: string): boolean {
  const code = word.charCodeAt(0);
  return code >= 48 && code <= 57;
}

/** The time or date a digit group gives with the chunks after it. */
function readNumber(
  word: string,
  chunks: readonly Chunk[],
  i: number,
  glued: boolean,
  addDate: (month: number, day: number) => void,
  addTime: (hour: number, minute: number) => void,
): void {
  const parts = word.split(/[:/.-]/u).map(Number);
  const marks = word.replace(/\d+/gu, "");
  const next = chunks[i + 1]?.text ?? "";
  if (marks === ":" && parts.length === 2) {
    addTime(parts[0] as number, parts[1] as number);
    return;
  }
  if (marks === "/" && parts.length === 2) {
    addDate(parts[0] as number, parts[1] as number);
    return;
  }
  if (parts.length === 3 && (marks === "--" || marks === ".." || marks === "//") && word.length >= 8) {
    // Year first (2026-04-25).
    if ((parts[0] as number) >= 1900) addDate(parts[1] as number, parts[2] as number);
    return;
  }
  if (parts.length !== 1) return;
  const number = parts[0] as number;
  if (glued && MERIDIEM.has(next)) {
    addTime(number, 0);
    return;
  }
  if (glued && ENGLISH_ORDINAL_ENDINGS.has(next)) {
    readDayOfMonth(number, chunks, i + 1, addDate);
    // "pushed to the 16th.", "the 3rd at 5pm": an ordinal that ends its phrase is a day of the month;
    // one before a noun ("5th floor", "2nd round") is not.
    const after = chunks[i + 2]?.text;
    if (after === undefined || !/^[a-z]/u.test(after) || ORDINAL_PHRASE_ENDS.has(after)) addDate(0, number);
    return;
  }
  if (glued && isHangulSyllableCode(next.charCodeAt(0))) {
    readKoreanUnit(number, next, chunks, i + 1, addDate, addTime);
    return;
  }
  readDayOfMonth(number, chunks, i, addDate);
}

/** "25 April", "25th of April": a day of the month before an English month. */
function readDayOfMonth(
  day: number,
  chunks: readonly Chunk[],
  at: number,
  addDate: (month: number, day: number) => void,
): void {
  let next = chunks[at + 1]?.text;
  if (next === "of") next = chunks[at + 2]?.text;
  const month = next === undefined ? undefined : ENGLISH_MONTHS.get(next);
  if (month !== undefined) addDate(month, day);
}

/** 8시, 8시 50분, 8시반, 4월 25일, 25일: a number and its Korean unit (with any particle after it). */
function readKoreanUnit(
  number: number,
  unit: string,
  chunks: readonly Chunk[],
  at: number,
  addDate: (month: number, day: number) => void,
  addTime: (hour: number, minute: number) => void,
): void {
  if (unit.startsWith("시") && !unit.startsWith("시간") && !unit.startsWith("시즌")) {
    if (unit.startsWith("시반")) return addTime(number, 30);
    const after = chunks[at + 1]?.text ?? "";
    if (after === "반" || (after.startsWith("반") && after.length <= 3)) return addTime(number, 30);
    const unitAfter = chunks[at + 2];
    if (/^\d{1,2}$/u.test(after) && unitAfter?.text.startsWith("분") === true)
      return addTime(number, Number(after));
    return addTime(number, 0);
  }
  if (unit === "월" || (unit.startsWith("월") && !unit.startsWith("월요") && !unit.startsWith("월욜"))) {
    const day = chunks[at + 1]?.text ?? "";
    const dayUnit = chunks[at + 2]?.text ?? "";
    if (
      /^\d{1,2}$/u.test(day) &&
      dayUnit.startsWith("일") &&
      !dayUnit.startsWith("일요") &&
      !dayUnit.startsWith("일욜")
    ) {
      addDate(number, Number(day));
    }
    return;
  }
  if (
    unit.startsWith("일") &&
    !unit.startsWith("일요") &&
    !unit.startsWith("일욜") &&
    number >= 1 &&
    number <= 31
  ) {
    // A day of the month alone ("15일로"), unless it is a count of days (3일간, 3일 동안).
    if (unit.startsWith("일간") || chunks[at + 1]?.text === "동안") return;
    const before = chunks[at - 2]?.text ?? "";
    if (before.startsWith("월")) return;
    addDate(0, number);
  }
}

/** Korean counters glued to a number that name what it numbers (304호, 3층, 37번, 9호기). */
const KOREAN_COUNTERS: readonly string[] = ["호실", "호기", "호", "층", "번", "동"];
/** A Latin word and the number right after it (room 512, gate #12, ext. 3475). Linear: one pass. */
const LABEL_BEFORE_NUMBER_RE = /(?<![a-z])([a-z]{2,})\.?\s?#?(?=\d)/gu;
/** A number and the Hangul glued after it (304호, 9호기로). Linear: one pass. */
const COUNTER_AFTER_NUMBER_RE = /\d([\uac00-\ud7a3]{1,3})/gu;

/**
 * What the numbers of a text are numbers of, by the word that labels each: the English word right
 * before it ("room 512" → `room`) or the Korean counter glued after it ("304호" → `호`, "9호기로" →
 * `호기`). Two notes that give a number under one label give a value of one slot ("room 304", then
 * "now room 512"), whatever else they say.
 */
export function valueLabels(text: string): Set<string> {
  const lower = text.normalize("NFC").toLowerCase();
  const labels = new Set<string>();
  for (const match of lower.matchAll(LABEL_BEFORE_NUMBER_RE)) {
    const word = match[1] as string;
    if (!isEnglishStopWord(word)) labels.add(word);
  }
  for (const match of lower.matchAll(COUNTER_AFTER_NUMBER_RE)) {
    const glued = match[1] as string;
    const counter = KOREAN_COUNTERS.find((c) => glued.startsWith(c));
    if (counter !== undefined) labels.add(counter);
  }
  return labels;
}
