/**
 * A recurring amount and the note that sets its next value from a date on. Rent, a wage, dues and fees
 * are paid again and again, and they change by a step: the landlord asks for a little more from next
 * month, the boss pays a little more per hour from July. The note of the change often names none of
 * the older note's words — it says who asked and from when, and gives the new amount ("재계약함, 9월부터
 * 62"), the thing itself understood. What ties the two is the grammar and the amounts: the older note
 * names a recurring amount (a word of a period or of a recurring payment), the newer says from when a
 * value holds (a time word before 부터, "starting …", "as of …"), and it gives an amount a step away
 * from one of the older note's — different, and within {@link MAX_STEP_RATIO} of it either way.
 */

/** The most one amount may be of the other for the newer to be a step of the older (prices move by steps). */
export const MAX_STEP_RATIO = 1.25;
/** The least amount compared: smaller numbers are counts, days and hours more often than amounts. */
export const MIN_AMOUNT = 20;

/**
 * Words of a period an amount is paid for (매달, per month, /hr) and nouns of a payment made again and
 * again (월세, 시급, dues): a closed class of the two languages. Literal alternatives only (linear).
 */
const RECURRING_RE =
  /매달|매월|매주|매년|달마다|월마다|시간당|시급|일당|주급|월급|연봉|월세|방세|집세|관리비|회비|구독료|보험료|학원비|수강료|교습비|등록금|임대료|렌트|\b(?:every|per|monthly|weekly|yearly|annual|rent|salary|wage|wages|dues|tuition|subscription|premium)\b|\ba (?:month|week|year)\b|\/(?:month|mo|week|wk|hour|hr|h)\b/iu;

/** Whether a note names an amount paid again and again ({@link RECURRING_RE}). */
export function namesRecurringAmount(text: string): boolean {
  return RECURRING_RE.test(text);
}

/** Time words that end before 부터 ("다음 달부터", "담달부터", "내년부터"), the word itself or after 다음/이번. */
const FROM_TIME_WORDS: ReadonlySet<string> = new Set([
  "담달",
  "다음달",
  "이번달",
  "내달",
  "담주",
  "다음주",
  "이번주",
  "내년",
  "올해",
  "새해",
  "신학기",
  "다음학기",
  "이번학기",
  "다음분기",
]);
/** Period nouns written apart after 다음, 이번 or 새 ("다음 달부터"). */
const PERIOD_NOUNS: ReadonlySet<string> = new Set(["달", "주", "해", "학기", "분기", "시즌"]);
const PERIOD_OPENERS: ReadonlySet<string> = new Set(["다음", "이번", "담", "새"]);
/** A date's word before 부터: 7월, 15일, 7/1, with 분 (of the month's payment: "5월분부터"). */
const DATE_WORD_RE = /^(?:\d{1,4}년\s?)?\d{1,2}(?:월|일)분?$|^\d{1,2}[/.]\d{1,2}$/u;

const MONTHS_EN = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
].join("|");
/** "starting October", "as of next month", "effective July 1", "from next week on". Bounded alternatives (linear). */
const FROM_EN_RE = new RegExp(
  `\\b(?:starting|effective|as of|from)\\s(?:(?:next|this|the)\\s)?(?:month|week|year|term|quarter|${MONTHS_EN}|\\d{1,2}\\/\\d{1,2})\\b`,
  "iu",
);

/**
 * Whether a note says from when a value holds: a time word or a date right before 부터 ("7월부터",
 * "5월분부터", "다음 달부터", "담달부터"), or a noun of an event after one ("7월 재계약부터", "다음
 * 계약부터"), or "starting …", "as of …", "effective …", "from next …". Not 부터 after anything else
 * ("아까부터", "처음부터", "나부터").
 */
export function saysFromWhen(text: string): boolean {
  if (FROM_EN_RE.test(text)) return true;
  if (!text.includes("부터")) return false;
  const words = text.normalize("NFC").split(/\s+/u);
  return words.some((word, i) => {
    const at = word.indexOf("부터");
    if (at <= 0) return false;
    const stem = word.slice(0, at);
    if (FROM_TIME_WORDS.has(stem) || DATE_WORD_RE.test(stem)) return true;
    const before = words[i - 1];
    if (before === undefined) return false;
    if (PERIOD_NOUNS.has(stem) && PERIOD_OPENERS.has(before)) return true;
    // "7월 재계약부터": from the event of that time on.
    return (
      /^[가-힣]{2,}$/u.test(stem) &&
      (DATE_WORD_RE.test(before) || FROM_TIME_WORDS.has(before) || PERIOD_OPENERS.has(before))
    );
  });
}

/** Currency signs written before an amount. */
const CURRENCY_SIGNS: ReadonlySet<string> = new Set(["$", "€", "£", "₩"]);
/** Latin units after a number and a space that make it an amount (9,900 won, 12 k). */
const AMOUNT_UNITS_EN = new Set(["won", "krw", "usd", "eur", "k"]);

/**
 * The amounts a text gives, as numbers: a number with a unit of money after it (원, 만, 천, won, €),
 * a currency sign before it, or nothing after it but a space or a mark ("월세 230.", "11500 준대"); 만 and
 * 천 multiply ("72만원" = 720000, "2만5천" = 25000). Not a number with another unit (25일, 3시, 2층, 30병,
 * 5kg, 7 am), nor one inside a date, a time, a phone number or a code (7/1, 7:30, 010-…, B2-17). One
 * pass over the text.
 */
export function amountsIn(text: string): number[] {
  return amountReadings(text).map((reading) => reading.amount);
}

/**
 * Whether `text` gives an amount written bare ({@link amountsIn}: "이번 달부터 70씩", "135로"): a number
 * people write once its unit is understood, so it takes the unit of the amount it follows.
 */
export function givesBareAmount(text: string): boolean {
  return amountReadings(text).some((reading) => reading.bare);
}

/** An amount {@link amountsIn} reads, and whether it was written bare: no unit, no sign ("135로", "230."). */
interface AmountReading {
  amount: number;
  bare: boolean;
}

/** {@link amountsIn}, with whether each amount was written bare. */
function amountReadings(text: string): AmountReading[] {
  const out: AmountReading[] = [];
  const s = text.normalize("NFC");
  let i = 0;
  while (i < s.length) {
    if (!isDigit(s[i]) || (i > 0 && /[\d.,:/\-\p{L}]/u.test(s[i - 1]!))) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < s.length && (isDigit(s[end]) || ((s[end] === "," || s[end] === ".") && isDigit(s[end + 1]))))
      end += 1;
    const digits = s.slice(i, end);
    i = end;
    const next = s[end];
    if (next !== undefined && /[:/-]/u.test(next) && isDigit(s[end + 1])) continue;
    const value = Number(digits.replace(/,/gu, ""));
    if (!Number.isFinite(value)) continue;
    // A currency sign before it makes it an amount whatever follows ("$99 monthly").
    const signed = i > digits.length && CURRENCY_SIGNS.has(s[i - digits.length - 1]!);
    const read = unitAfter(s, end) ?? (signed ? { times: 1, end } : undefined);
    if (read === undefined) continue;
    let amount = value * read.times;
    i = read.end;
    // 2만5천: the thousands after the ten thousands.
    if (read.times === 10_000 && isDigit(s[i])) {
      let j = i;
      while (isDigit(s[j])) j += 1;
      if (s[j] === "천") {
        amount += Number(s.slice(i, j)) * 1000;
        i = j + 1;
      }
    }
    if (amount >= MIN_AMOUNT) out.push({ amount, bare: read.bare === true && !signed });
  }
  return out;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

/** What follows a number at `at`: the multiplier of an amount and where it ends, or undefined when it is no amount. */
function unitAfter(s: string, at: number): { times: number; end: number; bare?: true } | undefined {
  const c = s[at];
  if (c === "만") return { times: 10_000, end: at + 1 };
  if (c === "천") return { times: 1000, end: at + 1 };
  if (c === "원" || (c !== undefined && CURRENCY_SIGNS.has(c))) return { times: 1, end: at + 1 };
  if (c !== undefined && /[가-힣]/u.test(c)) {
    // A bare amount with a particle or copula after it ("270으로", "245이래"), not a unit (25일, 30병).
    const particle = PARTICLES_AFTER.find(
      (p) => s.startsWith(p, at) && !/[가-힣]/u.test(s[at + p.length] ?? " "),
    );
    return particle === undefined ? undefined : { times: 1, end: at + particle.length, bare: true };
  }
  // 1.2k, 12k: thousands.
  if ((c === "k" || c === "K") && !/\p{L}/u.test(s[at + 1] ?? " ")) return { times: 1000, end: at + 1 };
  if (c !== undefined && /\p{L}/u.test(c)) return undefined;
  // A Latin unit after one space: "9,900 won", but not "7 am", "5 kg".
  if (c === " ") {
    let j = at + 1;
    while (j < s.length && /[a-z]/iu.test(s[j]!)) j += 1;
    const word = s.slice(at + 1, j).toLowerCase();
    if (word.length > 0 && !AMOUNT_UNITS_EN.has(word))
      return FUNCTION_AFTER.has(word) ? { times: 1, end: at, bare: true } : undefined;
    if (word === "k") return { times: 1000, end: j };
  }
  return { times: 1, end: at, bare: true };
}

/** Particles and copulas a bare amount may carry (longest first), closing its word. */
const PARTICLES_AFTER: readonly string[] = [
  "이에요",
  "이래요",
  "으로",
  "이래",
  "이야",
  "이고",
  "이며",
  "이라",
  "로",
  "이",
  "가",
  "은",
  "는",
  "을",
  "를",
  "도",
  "임",
  "씩",
];

/** English words that may follow a bare amount ("245 from July", "1,900 a month"): the number stays an amount. */
const FUNCTION_AFTER: ReadonlySet<string> = new Set([
  "a",
  "per",
  "from",
  "starting",
  "now",
  "each",
  "every",
  "since",
  "as",
  "and",
  "or",
  "for",
]);

/**
 * Whether `newer` sets the next value of the recurring amount `older` names: `older` names one
 * ({@link namesRecurringAmount}), `newer` says from when ({@link saysFromWhen}) and gives an amount
 * `older` does not that is within {@link MAX_STEP_RATIO} of one `older` gives. An amount written bare
 * is read in the unit of the older one too, as people write it once the unit is understood ("130만원",
 * then "135로": 1,350,000).
 */
export function stepsRecurringAmount(older: string, newer: string): boolean {
  if (!namesRecurringAmount(older) || !saysFromWhen(newer)) return false;
  const before = amountsIn(older);
  if (before.length === 0) return false;
  const step = (amount: number, old: number) =>
    !before.includes(amount) && amount / old <= MAX_STEP_RATIO && old / amount <= MAX_STEP_RATIO;
  return amountReadings(newer).some(({ amount, bare }) =>
    before.some(
      (old) => step(amount, old) || (bare && UNITS_LEFT_OFF.some((unit) => step(amount * unit, old))),
    ),
  );
}

/** The units a bare amount may leave understood: 만 and 천 of Korean amounts. */
const UNITS_LEFT_OFF: readonly number[] = [10_000, 1000];
