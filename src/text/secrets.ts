/**
 * Secrets that must never be saved without the user asking: passwords and PINs, one-time codes, card
 * numbers, bank account numbers, resident registration, passport and driver's licence numbers, API keys
 * and tokens. The content filter drops a message that holds one; the explicit "기억해줘" path uses
 * {@link detectSecret} to warn.
 *
 * Every rule is a shape (a Luhn-valid card number, a token prefix, a long random-looking string) or a
 * keyword naming the secret next to a value; none knows a particular secret. All patterns are linear:
 * bounded quantifiers, no nested repetition.
 */

import { inSet, trimEndWhile } from "./trim.js";
import { words } from "./word-list.js";

/** What kind of secret a text holds. */
export type SecretKind =
  | "password"
  | "pin"
  | "one_time_code"
  | "card_number"
  | "bank_account"
  | "national_id"
  | "passport_number"
  | "driver_licence"
  | "api_key"
  | "private_key";

/** A secret found in a text (its kind only: the value itself is never copied into logs or replies). */
export interface SecretMatch {
  kind: SecretKind;
}

/** Digits a card number has (ISO/IEC 7812: 13–19). */
export const CARD_MIN_DIGITS = 13;
export const CARD_MAX_DIGITS = 19;
/** Digits of a Korean bank account number (with its hyphens removed): 10–14 in practice. */
export const ACCOUNT_MIN_DIGITS = 10;
export const ACCOUNT_MAX_DIGITS = 16;
/** A random-looking token at least this long is treated as a key (a 128-bit key in hex is 32). */
export const MIN_OPAQUE_TOKEN_CHARS = 32;

/** The words that name a password, as a regular expression's alternatives. */
const PASSWORD_WORDS = String.raw`비밀\s?번호|비번|패스워드|password|passwd|passphrase|\bpw\b|\bpwd\b`;
/**
 * "비밀번호 1234", "password: hunter2", "비번은 qwer1234", "pw=…": the word, a separator, then the value,
 * which must hold an ASCII letter or digit ("비밀번호 바꿨어" names no password).
 */
const PASSWORD_RE = new RegExp(
  String.raw`(?:${PASSWORD_WORDS})(?:\s|[:=]|은|는|이|가|is|요){1,4}([^\s?]{3,40})`,
  "giu",
);
/**
 * Words after "password" that are no value: its length ("4자리", "6 digits"), a noun it forms a
 * compound with ("password hint", "password reset", "비밀번호 변경"), or a verb ("password must …").
 */
const NOT_A_VALUE_RE =
  /^(?:\d{1,2}(?:자리[가-힣]*|digits?)|hint|reset|change[ds]?|manager|policy|expire[sd]?|for|of|to|on|and|the|my|is|was|has|have|been|must|should|will|can|needs?|힌트)$/iu;
/** A password word alone, for a value said further on in its clause. */
const PASSWORD_WORD_RE = new RegExp(PASSWORD_WORDS, "giu");
/** How far after a password word its value is looked for, in characters (within the clause). */
const PASSWORD_VALUE_WINDOW = 40;
/** Where a clause ends: the value of a password word is not looked for past it. */
const CLAUSE_END_RE = /[?!\n]|\.(?:\s|$)/u;
/** A run of printable ASCII (a password's characters) within a word. */
const ASCII_RUN_RE = /[!-~]+/u;
/**
 * What makes a number after a password word a count, not the password: a Korean counter glued to it
 * ("4자리", "2024년에", "3번") or an English unit as the next word ("12 characters", "90 days").
 */
const GLUED_COUNTER_RE = /^(?:자리|글자|년|월|일|시|분|초|개|번|회|차|주|달|살|명)/u;
/** Punctuation that ends a sentence or clause after a word ("password changed."). */
const isSentenceEnd = inSet(".,;:!");
/** Punctuation after the next word ("90 days,"). */
const isTrailingPunct = inSet(",;:)\"'");
const COUNT_NEXT_WORD_RE = /^(?:digits?|chars?|characters?|letters?|times?|days?|weeks?|months?|years?)$/iu;
/** "PIN 4821", "핀번호 0912", "PIN is now 4821": the word, then four to eight digits. */
const PIN_RE =
  /(?:\bpin\b|핀\s?번호|핀\s?코드)\s{0,3}(?:(?:[:=은는이가]|is|number|code|now|changed\s+to|set\s+to|이제|지금)\s{0,3}){0,2}\d{4,8}\b/iu;
/**
 * The code that opens a lock: "도어락 번호 4471", "도어락 4471", "자물쇠 번호 0912", "금고 비밀 코드 …",
 * "door code 2580", "gate code is 1357", "keypad code: 8800" — a PIN by another name. The Korean lock
 * words need no word for the code (a number after 도어락 is its code); the English ones do ("gate 4"
 * is a boarding gate). Three to eight digits, after at most two linking words ("is now", "set to",
 * "는 이제").
 */
const LOCK_CODE_RE =
  /(?:(?:도어\s?락|디지털\s?도어\s?락|자물쇠|금고)\s{0,3}(?:번호|코드|비밀\s?코드)?|\b(?:door|gate|lock|safe|keypad|entry|padlock|locker)\s{1,3}(?:code|pin|combination|combo))\s{0,3}(?:(?:[:=은는이가]|is|now|changed\s+to|set\s+to|이제|지금)\s{0,3}){0,2}\d{3,8}\b/iu;
/** "인증번호 482913", "OTP 123456", "verification code is 5521", "2FA code: 991204". */
const OTP_WORDS_RE = [
  /인증\s?번호|인증\s?코드|보안\s?코드|확인\s?코드|일회용\s?(?:비밀번호|코드)/gu,
  /\botp\b|\b2fa\b|verification\s+code|one[- ]time\s+(?:code|password|passcode)|security\s+code|auth(?:entication)?\s+code|login\s+code/giu,
] as const;
/** The code right after one of `OTP_WORDS_RE` (tried at the word's end). */
const OTP_CODE_AFTER_RE = /[^\d\n]{0,12}\d{4,8}\b/iuy;
/** Card-number candidates: 13–19 digits, optionally in groups split by spaces or hyphens. */
const CARD_CANDIDATE_RE = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/gu;
/** Words that name a bank account, and the banks people name with one. */
const ACCOUNT_WORDS_RE = [
  /계좌|입금\s?계좌|국민은행|신한|우리은행|하나은행|농협|기업은행|카카오\s?뱅크|토스\s?뱅크|케이\s?뱅크|새마을금고|우체국|수협|신협|SC제일|부산은행|대구은행|iM뱅크/iu,
  /account\s*(?:number|no\.?|#)|acct|bank/iu,
] as const;
/** A run of digits and hyphens long enough to be an account number. */
const ACCOUNT_NUMBER_RE = /(?<![\d-])\d[\d-]{9,22}\d(?![\d-])/gu;
/** 주민등록번호: six digits of the birth date, a hyphen, then a first digit 1–4 and six more. */
const NATIONAL_ID_RE = /(?<!\d)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\s?-\s?[1-4]\d{6}(?!\d)/u;
/**
 * A passport number after the word that names it ("여권번호 M12345678", "passport no. 123456789",
 * "여권 M123A4567"): one or two letters and six to nine digits, or the Korean passport's newer shape
 * (letter, three digits, letter, four digits), standing alone (the year of "여권 2027년 만료" is a date).
 * The word is needed: a bare letter-and-digits code is as likely an order or a product number.
 */
const PASSPORT_RE =
  /(?:여권\s?번호|여권|passport\s{0,3}(?:number|no\.?|#)?)(?:\s|[:=]|은|는|이|가|is|요){1,4}(?:[A-Za-z]{0,2}\d{6,9}|[A-Za-z]\d{3}[A-Za-z]\d{4})(?![A-Za-z0-9가-힣])/iu;
/**
 * A Korean driver's licence number: two digits (the region, or its name), two of the year, six serial
 * digits and two check digits, split by hyphens ("11-22-333333-44"). Twelve digits in that grouping are
 * nothing else people write.
 */
const DRIVER_LICENCE_RE = /(?<![\d-])(?:\d{2}|[가-힣]{2})-\d{2}-\d{6}-\d{2}(?![\d-])/u;
/**
 * Keys by their published prefixes: OpenAI, Anthropic, Slack, GitHub, GitLab, AWS, Google, Stripe (each
 * with the fewest characters it needs after its prefix: a longer key holds that match too). JWTs are
 * `hasJwt`'s.
 */
const KEY_PREFIX_RE =
  /(?<![A-Za-z0-9_-])(?:sk-(?:proj-|ant-)?[A-Za-z0-9_-]{16}|xox[abposr]-[A-Za-z0-9-]{10}|xapp-[A-Za-z0-9-]{10}|gh[pousr]_[A-Za-z0-9]{30}|github_pat_[A-Za-z0-9_]{30}|glpat-[A-Za-z0-9_-]{20}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|[rs]k_(?:live|test)_[A-Za-z0-9]{16})/u;
/** Runs of token characters and dots, in which a JWT's three dot-separated parts are looked for. */
const DOTTED_TOKEN_RE = /[A-Za-z0-9_.-]+/gu;
/** A JWT's first part (and second): `eyJ` and at least 8 more token characters. */
const JWT_HEAD_MIN_CHARS = 11;
const JWT_SIGNATURE_MIN_CHARS = 8;
const PRIVATE_KEY_RE = /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/u;
/** Long runs of token characters; each is then checked for looking random. */
const OPAQUE_CANDIDATE_RE = /[A-Za-z0-9+/_=-]{32,}/gu;

/**
 * The first secret in `text`, or undefined. Checks, in order: private key blocks, API keys and tokens,
 * one-time codes, PINs, passwords, resident registration numbers, passport and driver's licence
 * numbers, card numbers (Luhn), bank accounts.
 *
 * @example detectSecret("인증번호 482913") // { kind: "one_time_code" }
 * @example detectSecret("나 반지 13호") // undefined
 */
export function detectSecret(text: string): SecretMatch | undefined {
  if (PRIVATE_KEY_RE.test(text)) return { kind: "private_key" };
  if (KEY_PREFIX_RE.test(text) || hasJwt(text) || hasOpaqueToken(text)) return { kind: "api_key" };
  if (hasOneTimeCode(text)) return { kind: "one_time_code" };
  if (PIN_RE.test(text) || LOCK_CODE_RE.test(text)) return { kind: "pin" };
  if (hasPassword(text) || hasPasswordValueLater(text)) return { kind: "password" };
  if (NATIONAL_ID_RE.test(text)) return { kind: "national_id" };
  if (PASSPORT_RE.test(text)) return { kind: "passport_number" };
  if (DRIVER_LICENCE_RE.test(text)) return { kind: "driver_licence" };
  if (hasCardNumber(text)) return { kind: "card_number" };
  if (hasAccountNumber(text)) return { kind: "bank_account" };
  return undefined;
}

/**
 * The Luhn check (ISO/IEC 7812-1) over a string of digits: from the right, double every second digit,
 * subtract 9 from results over 9, and the sum must be a multiple of 10.
 *
 * @example luhnValid("4111111111111111") === true
 */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A one-time-code word ("인증번호", "OTP", "verification code") followed closely by its code. */
function hasOneTimeCode(text: string): boolean {
  for (const words of OTP_WORDS_RE) {
    for (const match of text.matchAll(words)) {
      OTP_CODE_AFTER_RE.lastIndex = match.index + match[0].length;
      if (OTP_CODE_AFTER_RE.test(text)) return true;
    }
  }
  return false;
}

/**
 * A JWT: `eyJ…` (8+ token characters after `eyJ`), a dot, `eyJ…` again, a dot, and 8+ token characters,
 * starting where no token character precedes. Read per run of token characters and dots, so each
 * character is looked at a fixed number of times.
 */
function hasJwt(text: string): boolean {
  for (const run of text.matchAll(DOTTED_TOKEN_RE)) {
    const parts = run[0].split(".");
    for (let i = 0; i + 2 < parts.length; i++) {
      const [head = "", payload = "", signature = ""] = parts.slice(i, i + 3);
      if (
        head.startsWith("eyJ") &&
        head.length >= JWT_HEAD_MIN_CHARS &&
        payload.startsWith("eyJ") &&
        payload.length >= JWT_HEAD_MIN_CHARS &&
        signature.length >= JWT_SIGNATURE_MIN_CHARS
      )
        return true;
    }
  }
  return false;
}

function hasPassword(text: string): boolean {
  for (const match of text.matchAll(PASSWORD_RE)) {
    const end = match.index + match[0].length;
    if (isPasswordValue(match[1] ?? "", firstWord(text.slice(end, end + PASSWORD_VALUE_WINDOW)), false))
      return true;
  }
  return false;
}

/**
 * Whether `word` (followed by `next`) can be a password's value: an ASCII part with a letter or a digit,
 * not a word that names no value (NOT_A_VALUE_RE), not a count ("2024년에", "12 characters"); a value
 * said further on in the clause (`later`) also needs 3 characters and a digit, since any word may come
 * between the password word and it.
 */
function isPasswordValue(word: string, next: string, later: boolean): boolean {
  if (NOT_A_VALUE_RE.test(trimEndWhile(word, isSentenceEnd))) return false;
  const run = ASCII_RUN_RE.exec(word);
  if (!run || !/[A-Za-z0-9]/u.test(run[0])) return false;
  if (later && (run[0].length < 3 || !/\d/u.test(run[0]))) return false;
  if (!/^\d+$/u.test(run[0])) return true;
  const rest = word.slice(run.index + run[0].length);
  const counted =
    rest === "" ? COUNT_NEXT_WORD_RE.test(trimEndWhile(next, isTrailingPunct)) : GLUED_COUNTER_RE.test(rest);
  return !counted;
}

/** The first whitespace-separated word of `text` ("" if none). */
function firstWord(text: string): string {
  return text.trimStart().split(/\s/u, 1)[0] ?? "";
}

/**
 * A password word, then, later in its clause ({@link PASSWORD_VALUE_WINDOW} characters), a word whose
 * ASCII part is at least 3 characters with a digit and is no count: the value said after other words
 * ("비번 이제 … 으로 바꿨어", "비밀번호를 …로", "password changed to …"), which PASSWORD_RE, reading
 * only separators between the word and the value, does not see.
 */
function hasPasswordValueLater(text: string): boolean {
  for (const match of text.matchAll(PASSWORD_WORD_RE)) {
    const start = match.index + match[0].length;
    const window = text.slice(start, start + PASSWORD_VALUE_WINDOW);
    const clause = passwordClause(window);
    const words = clause.split(/\s+/u);
    // A word the window cut is not read: its end (a counter, "2024|년") is not in it.
    if (clause.length === window.length && start + PASSWORD_VALUE_WINDOW < text.length) words.pop();
    for (const [i, word] of words.entries()) if (isPasswordValue(word, words[i + 1] ?? "", true)) return true;
  }
  return false;
}

/**
 * The clause a password word's value is looked for in: up to the clause's end, and on into the next
 * sentence when that one starts by saying what is so now ("비번 바꿨대. 이제 …", "password changed. now
 * …"): the new value of the password the first one named. A sentence that starts otherwise ("… 바꿨어.
 * 내일 회의 304호") is about something else.
 */
function passwordClause(window: string): string {
  const end = CLAUSE_END_RE.exec(window);
  if (!end) return window;
  const rest = window.slice(end.index + end[0].length);
  const next = firstWord(rest).replace(/[,:]$/u, "").toLowerCase();
  if (!NOW_WORDS.has(next)) return window.slice(0, end.index);
  const second = CLAUSE_END_RE.exec(rest);
  return window.slice(0, end.index + end[0].length) + (second ? rest.slice(0, second.index) : rest);
}

/** The words a sentence starts with when it gives what is so now (a closed class). */
const NOW_WORDS: ReadonlySet<string> = new Set(words("이제 이젠 이제는 지금은 새 새로운 now new"));

function hasCardNumber(text: string): boolean {
  for (const match of text.matchAll(CARD_CANDIDATE_RE)) {
    const digits = match[0].replace(/[ -]/gu, "");
    if (digits.length >= CARD_MIN_DIGITS && digits.length <= CARD_MAX_DIGITS && luhnValid(digits))
      return true;
  }
  return false;
}

function hasAccountNumber(text: string): boolean {
  if (!ACCOUNT_WORDS_RE.some((words) => words.test(text))) return false;
  for (const match of text.matchAll(ACCOUNT_NUMBER_RE)) {
    const digits = match[0].replace(/-/gu, "");
    // A phone number (010-…, 02-…) next to a bank's name is a branch's phone, not an account.
    if (/^0\d{1,2}-\d{3,4}-\d{4}$/u.test(match[0])) continue;
    if (digits.length >= ACCOUNT_MIN_DIGITS && digits.length <= ACCOUNT_MAX_DIGITS) return true;
  }
  return false;
}

/**
 * A long token that looks random: hex of 32+ characters, or 32+ characters mixing upper case, lower
 * case and digits (base64, base62). Words, URLs' paths of words and long numbers do not.
 */
function hasOpaqueToken(text: string): boolean {
  for (const match of text.matchAll(OPAQUE_CANDIDATE_RE)) {
    const token = match[0];
    if (token.length < MIN_OPAQUE_TOKEN_CHARS) continue;
    if (/^[0-9a-f]+$/iu.test(token) && /\d/u.test(token) && /[a-f]/iu.test(token)) return true;
    const classes = [/[a-z]/u, /[A-Z]/u, /\d/u].filter((re) => re.test(token)).length;
    if (classes === 3 && digitShare(token) >= 0.1) return true;
  }
  return false;
}

function digitShare(token: string): number {
  let digits = 0;
  for (const ch of token) if (ch >= "0" && ch <= "9") digits++;
  return digits / token.length;
}
