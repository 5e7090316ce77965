/**
 * The values a message states, normalised so that two wordings of the same value meet: dates
 * (8월 8일 = 8/8 = Aug 8), times (저녁 7시 = 7pm = 19:00, compared on a 12-hour clock), years (23년생 =
 * 2023년), weekdays (토요일 = 토 = Saturday), ages (3살 = 3 years old = 3-year-old), phone numbers (digits
 * only), amounts (85만원 = 850,000원, 1.1M won = 1,100,000원), and other numbers with their unit (1.2kg,
 * 11호, 270) and codes (QX-4417). The content filter compares them to tell a restated fact (same values)
 * from an update (a new value for the same thing).
 *
 * One linear pass per pattern; nothing here knows any particular value.
 */
import { PHONE_RE } from "../extraction/rule-patterns.js";

const EN_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const EN_MONTH_RE_SRC = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|t|tember|ober|ember)?\b\.?`;
/** "Apr 24", "Apr 24–25", "Mar 2 to 5", "November 9th". */
const EN_DATE_RE = new RegExp(
  String.raw`\b${EN_MONTH_RE_SRC}\s(\d{1,2})(?:st|nd|rd|th)?(?:\s?(?:[~–-]|to)\s?(\d{1,2})\b)?`,
  "giu",
);
/** "in March", "October" alone: a month without a day. */
const EN_MONTH_ONLY_RE = new RegExp(String.raw`\b${EN_MONTH_RE_SRC}(?!\s\d)`, "giu");
/** A weekday of one syllable right after a date: "8월 8일 토", "5/29 (금)". */
const DATE_WEEKDAY = String.raw`(?:\s?\(?([월화수목금토일])\)?(?![가-힣]))?`;
/** "8월 8일", "4월 24~25일", "3월 10일부터 14일까지" (the bare 14일 takes the month before it). */
const KO_DATE_RE = new RegExp(
  String.raw`(?<!\d)(\d{1,2})월\s?(\d{1,2})(?:일(?:\s?[~–-]\s?(\d{1,2})(?![\d월])일?)?|\s?[~–-]\s?(\d{1,2})일)${DATE_WEEKDAY}`,
  "gu",
);
const KO_BARE_DAY_RE = /(?<![\d월])\s(\d{1,2})일(?!\s?(?:간|동안|째))/gu;
const KO_MONTH_ONLY_RE = /(?<!\d)(\d{1,2})월(?!\s?\d{1,2}(?:\s?[~–-]\s?\d{1,2})?일)/gu;
/** "8/8", "7/29~8/1", "10/2~5" (not a fraction of a cup: the month must be 1–12, the day 1–31). */
const SLASH_DATE_RE = new RegExp(
  String.raw`(?<![\d/])(\d{1,2})\/(\d{1,2})(?:\s?[~–-]\s?(?:(\d{1,2})\/)?(\d{1,2}))?(?![\d/])${DATE_WEEKDAY}`,
  "gu",
);
const YEAR_RE = /(?<!\d)(\d{4}|\d{2})년/gu;
const KO_TIME_RE = /(?:(오전|오후|아침|저녁|밤|새벽|낮)\s?)?(\d{1,2})시(?:\s?(\d{1,2})분|\s?(반))?/gu;
const EN_TIME_RE = /\b(\d{1,2})(?::(\d{2}))?\s?(am|pm)\b|\b(\d{1,2}):(\d{2})\b/giu;
const KO_WEEKDAYS = "월화수목금토일";
const EN_WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
/**
 * "화목", "월수금", "화/목" — a run of two or more weekday syllables standing as a word (one syllable
 * alone is too often another word: 수, 일, 목; after a date it is read with the date).
 */
const KO_WEEKDAY_RE = /(?<![가-힣])([월화수목금토일](?:[/·,]?[월화수목금토일]){1,6})(?![가-힣])/gu;
const KO_WEEKDAY_WORD_RE = /([월화수목금토일])요일/gu;
const EN_WEEKDAY_RE = /\b(mon|tue|wed|thu|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?s?\b\.?/giu;
/** "둘째 주", "넷째주", "the second week": a week of the month. */
const KO_ORDINAL_WEEK_RE = /(첫|둘|셋|넷|다섯|마지막)(?:째)?\s?주(?:[은는이가를도에]|에는)?(?![가-힣])/gu;
const EN_ORDINAL_WEEK_RE = /\b(first|second|third|fourth|fifth|last)\s+week\b/giu;
const ORDINALS: Record<string, number> = {
  첫: 1,
  둘: 2,
  셋: 3,
  넷: 4,
  다섯: 5,
  마지막: -1,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  last: -1,
};
const AGE_RE = /(?<!\d)(\d{1,3})(?:\s?살|[- ]years?[- ]old)/giu;
const KO_AGE_WORDS: Record<string, number> = {
  한: 1,
  두: 2,
  세: 3,
  네: 4,
  다섯: 5,
  여섯: 6,
  일곱: 7,
  여덟: 8,
  아홉: 9,
  열: 10,
};
const KO_AGE_WORD_RE = /(?<![가-힣])(한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s?살/gu;
/**
 * Korean money with a unit: 85만원, 5만5천원, 3억 2천, 30만원씩. Digit runs are bounded (21 characters,
 * 9 decimals) so the pattern is linear by construction, not only by the look-behind.
 */
const KO_MONEY_RE =
  /(?<![\d.,])(\d[\d,]{0,20}(?:\.\d{1,9})?)\s?(억|만|천)(?:\s?(\d[\d,]{0,20})\s?(만|천))?(?:\s?(\d[\d,]{0,20})\s?(천))?\s?(원)?/gu;
/** Korean money in won: 11,000원, 5000원. */
const KO_WON_RE = /(?<![\d.,])(\d[\d,]{0,20})\s?원/gu;
/** English money: 1.1M won, 20,000 won, $120, 3.2M. */
const EN_MONEY_RE =
  /(?:(\$)|(?<![\d.,$]))(\d[\d,]{0,20}(?:\.\d{1,9})?)\s?([mk])?\s?(won|krw|usd|dollars?)?\b/giu;
/**
 * A number with the unit or counter right after it: Latin letters (1.2kg, 4 kg) or one Hangul syllable
 * glued to it (11호, 3박); a glued particle (130에, 85는) is no unit.
 */
const NUMBER_RE = /(?<![\d.,])(\d[\d,]{0,20}(?:\.\d{1,9})?)(?:\s?([a-z]{1,3})\b|([가-힣]))?/giu;
const GLUED_PARTICLES = new Set([
  "에",
  "은",
  "는",
  "이",
  "가",
  "을",
  "를",
  "로",
  "으",
  "도",
  "만",
  "과",
  "와",
  "의",
  "까",
  "부",
  "씩",
]);
const CODE_RE = /(?<![a-z0-9])([a-z]{1,5}-?\d{2,}|\d+[a-z]{1,2})(?![a-z0-9])/giu;
/**
 * A name written as an identifier: Latin parts joined by "_" or "." (a network or user name, a file, a
 * domain: home_net, my.shop.kr), or a handle after "@". Each part starts after its joiner, so the match
 * is read in one pass. Abbreviations (e.g., a.m.) are too short to count ({@link MIN_IDENTIFIER_CHARS}).
 */
const IDENTIFIER_RE = /(?<![a-z0-9._@])(@[a-z0-9]+(?:[._][a-z0-9]+)*|[a-z][a-z0-9]*(?:[._][a-z0-9]+)+)/giu;
const MIN_IDENTIFIER_CHARS = 4;

const KO_UNITS: Record<string, number> = { 억: 100_000_000, 만: 10_000, 천: 1_000 };

/**
 * The normalised values of `text`, as keys (`d:8-8`, `m:9`, `y:2023`, `t:7:00`, `w:토`, `wk:2`, `age:3`,
 * `p:01062841937`, `a:850000`, `n:1.2kg`, `c:rn2291`, `id:home_net`).
 *
 * @example valueKeys("소미 결혼식 6/6 토요일 광주") // Set { "d:6-6", "w:토" }
 * @example valueKeys("꿀떡 몸무게 48g") // Set { "n:48g" }
 */
export function valueKeys(text: string): Set<string> {
  const keys = new Set<string>();
  let rest = text.toLowerCase();
  // Each family of values is taken out of the text once read, so that its digits are not read
  // again as plain numbers.
  rest = take(rest, PHONE_RE, (m) => keys.add(`p:${m[0].replace(/\D/gu, "")}`));
  rest = readDates(rest, keys);
  rest = take(rest, YEAR_RE, (m) => keys.add(`y:${fullYear(m[1]!)}`));
  rest = take(rest, KO_TIME_RE, (m) => {
    keys.add(timeKey(Number(m[2]), m[3] !== undefined ? Number(m[3]) : m[4] ? 30 : 0));
  });
  rest = take(rest, EN_TIME_RE, (m) => {
    keys.add(
      m[1] !== undefined ? timeKey(Number(m[1]), Number(m[2] ?? 0)) : timeKey(Number(m[4]), Number(m[5])),
    );
  });
  rest = take(rest, KO_WEEKDAY_WORD_RE, (m) => keys.add(`w:${m[1]}`));
  rest = take(rest, EN_WEEKDAY_RE, (m) => keys.add(`w:${KO_WEEKDAYS[EN_WEEKDAYS.indexOf(m[1]!)]}`));
  rest = take(rest, KO_WEEKDAY_RE, (m) => {
    for (const day of m[1]!.replace(/[/·,]/gu, "")) keys.add(`w:${day}`);
  });
  rest = take(rest, KO_ORDINAL_WEEK_RE, (m) => keys.add(`wk:${ORDINALS[m[1]!]}`));
  rest = take(rest, EN_ORDINAL_WEEK_RE, (m) => keys.add(`wk:${ORDINALS[m[1]!]}`));
  rest = take(rest, AGE_RE, (m) => keys.add(`age:${Number(m[1])}`));
  rest = take(rest, KO_AGE_WORD_RE, (m) => keys.add(`age:${KO_AGE_WORDS[m[1]!]}`));
  rest = take(rest, KO_MONEY_RE, (m) => keys.add(`a:${koreanAmount(m)}`));
  rest = take(rest, KO_WON_RE, (m) => keys.add(`a:${parseNumber(m[1]!)}`));
  rest = take(rest, EN_MONEY_RE, (m) => {
    if (m[1] === undefined && m[3] === undefined && m[4] === undefined) return false;
    keys.add(`a:${Math.round(parseNumber(m[2]!) * (m[3] === "m" ? 1e6 : m[3] === "k" ? 1e3 : 1))}`);
  });
  rest = take(rest, IDENTIFIER_RE, (m) => {
    if (m[1]!.replace(/[@._]/gu, "").length < MIN_IDENTIFIER_CHARS) return false;
    keys.add(`id:${m[1]!}`);
  });
  rest = take(rest, CODE_RE, (m) => {
    if (/^\d+(?:am|pm|st|nd|rd|th|kg|cm|mm|km|m|g)$/u.test(m[1]!)) return false;
    keys.add(`c:${m[1]!.replace(/[- ]/gu, "")}`);
  });
  take(rest, NUMBER_RE, (m) => {
    const unit = m[2] ?? (m[3] !== undefined && !GLUED_PARTICLES.has(m[3]) ? m[3] : "");
    keys.add(`n:${parseNumber(m[1]!)}${unit}`);
  });
  return keys;
}

/** Keys of `a` that `b` does not have. */
export function newValues(a: ReadonlySet<string>, b: ReadonlySet<string>): string[] {
  return [...a].filter((key) => !b.has(key));
}

function readDates(text: string, keys: Set<string>): string {
  let rest = take(text, KO_DATE_RE, (m) => {
    addDay(keys, m[1]!, m[2]!);
    const end = m[3] ?? m[4];
    if (end !== undefined) addDay(keys, m[1]!, end);
    if (m[5] !== undefined) keys.add(`w:${m[5]}`);
  });
  // "3월 10일부터 14일까지": a bare day after a date takes its month.
  const months = [...keys].filter((k) => k.startsWith("d:")).map((k) => k.slice(2).split("-")[0]!);
  const lastMonth = months[months.length - 1];
  if (lastMonth !== undefined) rest = take(rest, KO_BARE_DAY_RE, (m) => addDay(keys, lastMonth, m[1]!));
  rest = take(rest, SLASH_DATE_RE, (m) => {
    const month = Number(m[1]);
    const day = Number(m[2]);
    if (month < 1 || month > 12 || day < 1 || day > 31) return false;
    addDay(keys, m[1]!, m[2]!);
    if (m[4] !== undefined) addDay(keys, m[3] ?? m[1]!, m[4]);
    if (m[5] !== undefined) keys.add(`w:${m[5]}`);
  });
  rest = take(rest, EN_DATE_RE, (m) => {
    const month = String(EN_MONTHS.indexOf(m[1]!) + 1);
    addDay(keys, month, m[2]!);
    if (m[3] !== undefined) addDay(keys, month, m[3]);
  });
  rest = take(rest, KO_MONTH_ONLY_RE, (m) => keys.add(`m:${Number(m[1])}`));
  return take(rest, EN_MONTH_ONLY_RE, (m) => {
    // "may" and "mar" are also words; a bare month counts only when capitalised in the source is
    // unknowable here, so the ambiguous ones are skipped.
    if (m[1] === "may" || m[1] === "mar") return false;
    keys.add(`m:${EN_MONTHS.indexOf(m[1]!) + 1}`);
  });
}

function addDay(keys: Set<string>, month: string, day: string): void {
  keys.add(`d:${Number(month)}-${Number(day)}`);
}

/** A 12-hour clock key: 저녁 7시, 7pm and 19:00 all give `t:7:00`. */
function timeKey(hour: number, minute: number): string {
  return `t:${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")}`;
}

function fullYear(year: string): number {
  const n = Number(year);
  return year.length === 2 ? 2000 + n : n;
}

function parseNumber(text: string): number {
  return Number(text.replace(/,/gu, ""));
}

/** 3억 2천 → 320,000,000 (a 천 after 억 means 천만); 5만5천원 → 55,000; 85만원 → 850,000. */
function koreanAmount(m: RegExpMatchArray): number {
  let total = parseNumber(m[1]!) * (KO_UNITS[m[2]!] ?? 1);
  if (m[3] !== undefined && m[4] !== undefined) {
    const scale = m[2] === "억" && m[4] === "천" ? 10_000_000 : (KO_UNITS[m[4]] ?? 1);
    total += parseNumber(m[3]) * scale;
  }
  if (m[5] !== undefined) total += parseNumber(m[5]) * 1_000;
  return Math.round(total);
}

/**
 * Calls `read` for every match of the global `pattern` and returns `text` with the matches blanked
 * out, except those `read` declined (returned false).
 */
function take(text: string, pattern: RegExp, read: (m: RegExpMatchArray) => unknown): string {
  pattern.lastIndex = 0;
  let out = "";
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (read(match) === false) continue;
    const start = match.index ?? 0;
    out += `${text.slice(last, start)} `;
    last = start + match[0].length;
  }
  return out + text.slice(last);
}
