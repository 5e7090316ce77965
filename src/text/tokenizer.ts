import { isEnglishStopWord, stemEnglishWord } from "./english.js";
import { typedText } from "./control-chars.js";
import { isHangulSyllableCode, isSearchSuffix, predicateNounOf, stripSearchSuffixes } from "./korean.js";
import { inSet, trimEndWhile } from "./trim.js";
import { forgottenThing } from "./forgetting.js";
import { isNowWord } from "./speech-act.js";

/**
 * Korean-aware tokenizer for BM25, applied identically to memories and queries.
 *
 * Output for one text (after NFC normalisation and lower-casing):
 * - Hangul: syllable bigrams of every word ("결혼정장" → 결혼, 혼정, 정장); a one-syllable word yields
 *   itself. A trailing particle or ending is stripped first (생일이/생일은/생일의 → 생일), and so is a light
 *   verb glued to its predicate noun (예약했어 → 예약: korean.ts `predicateNounOf`), and the bigram
 *   across a space inside a Hangul run is added (결혼 정장 → 혼정), so spacing variants still match.
 *   Interrogatives and request verbs (뭐, 언제, 알려줘 …) are dropped: they occur in questions, not facts.
 * - Latin: words lower-cased, English stop words dropped ({@link isEnglishStopWord}), the rest reduced
 *   to their Porter2 stem ({@link stemEnglishWord}: moved/moving/moves → move).
 * - Numbers and codes: every alphanumeric part of a chunk joined by `-`, `.`, `,` or `_`, plus the joined
 *   chunk (010-1234-5678 → 010, 1234, 5678, 01012345678; 3,300,000 → 3300000), and the last four digits
 *   of a long digit run (01012345678 → 5678), so a number is found by any usual format or its tail. A
 *   mixed code (OZ3521) yields itself and its letter and digit parts. A number directly followed by a
 *   Hangul unit also yields the pair (8월, 302호).
 *
 * One pass over the characters; no dictionaries beyond the stop-word lists below and the particle and
 * ending list of `korean.ts` ({@link stripSearchSuffixes}).
 *
 * @example tokenize("뭉치의 생일이 언제야?") // ["뭉치", "치생", "생일"]
 */
export function tokenize(text: string): string[] {
  return scan(text, true, true);
}

/**
 * The tokens of {@link tokenize} as they were before a predicate noun lost its glued light verb (계약했어 →
 * 계약, 약했, 했어): the offline embedder's features, frozen because the vectors it stored were made of
 * them and are compared with the vectors of new queries.
 */
export function embeddingTokens(text: string): string[] {
  return scan(text, true, false);
}

/** Whether a text has a letter or a digit in any script: something a search can go by. */
export function hasWords(text: string): boolean {
  return WORD_CHAR_RE.test(text);
}

const WORD_CHAR_RE = /[\p{L}\p{N}]/u;

/**
 * Whether `terms` (a request's or a question's tokens) name a value — a term with a digit — that `one`
 * holds and `other` lacks (both token sets, {@link tokenize}): then they point at that text itself, not
 * at another text of the same fact with another value ("메모 3번", "02-318-0405").
 */
export function namesValueOnlyIn(
  terms: Iterable<string>,
  one: ReadonlySet<string>,
  other: ReadonlySet<string>,
): boolean {
  for (const term of terms) if (/\d/u.test(term) && one.has(term) && !other.has(term)) return true;
  return false;
}

/**
 * The tokens of {@link tokenize} without the bigrams that join two words across a space: the terms a
 * text is about. Used to measure how much of a query a memory covers, where a join bigram that no
 * memory contains must not count as a missing word.
 */
export function contentTokens(text: string): string[] {
  return scan(text, false, true);
}

/**
 * Light verbs — 가다, 오다, 하다, 되다, 있다, 없다 — in the forms a question ends with (가야, 됐지,
 * 있어요, 했더라): the predicate of "약국 언제 가야 돼?" says nothing a memory would contain, the way
 * English auxiliaries are stop words. A closed class of the grammar, not a word list of any data set.
 */
const LIGHT_VERB_STEMS: readonly string[] = [
  "가",
  "갔",
  "갈",
  "와",
  "왔",
  "해",
  "했",
  "할",
  "하",
  "돼",
  "됐",
  "될",
  "되",
  "있",
  "없",
  // 만나다 in a question about when or where one meets someone ("민수랑 언제 만나?"): a memory of the
  // plan names the person and what they will do, seldom the verb of meeting.
  "만나",
  "만났",
  "만날",
  // 다니다, to go somewhere regularly ("치과 어디 다녀?", "헬스장 어디 다니지?"): the memory names the
  // place, seldom the verb.
  "다녀",
  "다니",
  "다녔",
  "다닐",
  // 먹다, 쓰다, 타다 of what one takes, uses or rides ("영양제 뭐 먹지?", "샴푸 어떤 거 써?", "출근 버스
  // 몇 번 타?"): the memory names the pill, the brand, the bus, seldom the verb in the question's form.
  "먹",
  "먹어",
  "먹었",
  "먹을",
  "써",
  "쓰",
  "썼",
  "쓸",
  "타",
  "탔",
  "탈",
  // 두다, 놓다, 넣다 of where a thing was put ("여권 어디 뒀지?", "열쇠 어디 놨더라", "어디 넣었어?"): the
  // memory names the place, in whatever form of the verb ("서랍에 둠", "넣어 놨어"). Not 두 and 둘,
  // which are also the numeral two ("두 시", "아이 둘").
  "둬",
  "뒀",
  "놔",
  "놨",
  "넣어",
  "넣었",
  // 내다, 받다, 나가다, 들다, 사다, 걸리다 of what an amount is paid, received, spent or taken ("보험료
  // 얼마 내고 있어?", "알바비 얼마 받아?", "몇 분 걸려?"): the memory gives the amount after the thing
  // ("보험료 월 8만원"), seldom the verb of paying.
  "내",
  "냈",
  "낼",
  "받",
  "받았",
  "받을",
  "나가",
  "나갔",
  "들어",
  "샀",
  "걸려",
  "걸렸",
  "걸리",
];
const LIGHT_VERB_ENDINGS = new Set([
  "",
  "야",
  "요",
  "지",
  "죠",
  "나",
  "니",
  "냐",
  "까",
  "래",
  "어",
  "었",
  "더라",
  "지요",
  "나요",
  "니까",
  "야지",
  "었지",
  "었어",
  "었나",
  "어요",
  "을까",
  "ㄹ까",
  // The progressive 내고 (있어) and the forms of 받다 in 아.
  "고",
  "아",
  "아요",
  "았어",
  "았지",
]);
/** A question's predicate is at most its last this many words. */
export const MAX_PREDICATE_WORDS = 2;

const isEndMark = inSet("?!.~");

/**
 * English verbs of going, coming, meeting and getting in a question's predicate ("which gym do I go
 * to?", "when do we meet?"): a memory of the place or the plan names it, seldom the verb. The closed
 * class the Korean stems above are, in English.
 */
const LIGHT_VERBS_EN = new Set(
  "go goes going went come comes coming came meet meets meeting met get gets getting got".split(" "),
);

function isLightVerb(word: string): boolean {
  const bare = trimEndWhile(word, isEndMark);
  if (LIGHT_VERBS_EN.has(bare.toLowerCase())) return true;
  const light = (form: string) =>
    LIGHT_VERB_STEMS.some((stem) => form.startsWith(stem) && LIGHT_VERB_ENDINGS.has(form.slice(stem.length)));
  if (light(bare)) return true;
  // The progressive written as one word: 내고있지 is 내고 and 있지.
  const glued = bare.indexOf("고있");
  return glued > 0 && light(bare.slice(0, glued + 1)) && light(bare.slice(glued + 1));
}

/**
 * The terms a question asks about: {@link contentTokens} without the light verbs that end it ("치과
 * 언제 가야 돼?" → 치과). Only the last {@link MAX_PREDICATE_WORDS} words of a question (one with an
 * interrogative or a question mark) are looked at, so a statement keeps all its words. Used for a
 * query's coverage, the relevance gate's keyword signal; ranking uses {@link tokenize} of the whole
 * query.
 */
export function queryContentTokens(query: string): string[] {
  // "아내 이름 까먹었어" asks for 아내 이름: the verb of forgetting names nothing of the answer.
  const words = withoutAskingWords(
    (forgottenThing(query) ?? query)
      .normalize("NFC")
      .split(/\s+/u)
      .filter((w) => w.length > 0),
  );
  // A question by its mark or its interrogative, read before the words of now (and their "?") left.
  const question =
    query.includes("?") ||
    words.some((w) => isStopWord(w, w) && QUESTION_PREFIXES.some((p) => w.startsWith(p)));
  const said = words.join(" ");
  if (!question) return contentTokens(said);
  let end = words.length;
  // An English question may end in a preposition after its verb ("go to?"): it carries nothing.
  let last = words.length;
  while (last > 0 && isEnglishStopWord(trimEndWhile(words[last - 1]!, isEndMark).toLowerCase())) last -= 1;
  if (last < end && last > 0 && isLightVerb(words[last - 1]!)) end = last;
  while (end > 0 && words.length - end < MAX_PREDICATE_WORDS && isLightVerb(words[end - 1]!)) end -= 1;
  // After 몇 comes its counter, one syllable with the question's ending (몇 시야, 몇 층이에요): read it as
  // the unit a memory glues to its number ("3시에" → 시), as tokenize does there.
  const asked = words
    .slice(0, end)
    .map((word, i, kept) => (kept[i - 1] === HOW_MANY ? counterOf(word) : word));
  return asked.every((word, i) => word === words[i]) && end === words.length
    ? contentTokens(said)
    : contentTokens(asked.join(" "));
}

/**
 * English verbs by which a person asks the assistant what it holds ("do you remember …", "do you know
 * …", "tell me about …", "remind me …"): after "you" or before "me" they name nothing of the answer, as
 * 기억나 and 알려줘 do not (those end a Korean question: light verbs and stop words). Elsewhere ("what
 * did I tell Mina?") they are the question's own words.
 */
const ASKING_VERBS_EN: ReadonlySet<string> = new Set("remember remembers remind know tell recall".split(" "));

/**
 * `words` without an {@link ASKING_VERBS_EN} verb right after "you"/"u" or right before "me", and
 * without the words that ask for the state of now (speech-act.ts `isNowWord`: 요즘, 지금은, now, these
 * days): "요즘 어디 살아?" asks where one lives; a note of it holds no 요즘.
 */
function withoutAskingWords(said: string[]): string[] {
  const words = withoutReportedSaying(said);
  const bare = (word: string | undefined) =>
    word === undefined ? "" : trimEndWhile(word, isEndMark).toLowerCase();
  return words.filter(
    (word, i) =>
      !isNowWord(bare(word), bare(words[i + 1]), bare(words[i - 1])) &&
      (!ASKING_VERBS_EN.has(bare(word)) ||
        !(["you", "u"].includes(bare(words[i - 1])) || bare(words[i + 1]) === "me")),
  );
}

/** The quotative endings (-다고, -라고, -냐고, -자고): "이직한다고 했지" reports what was said. */
const QUOTATIVE_END_RE = /(?:다|라|냐|자)고$/u;
/** A form of 하다 / 그러다 / 말하다 that reports saying ("했지", "했잖아", "그랬어", "말했었나"). */
const SAID_RE = /^(?:했|그랬|말했|하지|하던|하더|하잖)/u;
/** Nouns of talk that a report of saying names the talk by ("이직 얘기 했던 거"). */
const TALK_WORDS: ReadonlySet<string> = new Set(["얘기", "이야기", "말"]);
/** What a 하다 verb ends in before its quotative ending ("이직한다고" → 이직). */
const HADA_END_RE = /(?:한|했|할|하)$/u;

/**
 * A question's words without its report of saying: "나 이직 언제 한다고 했지?" asks when one changes jobs,
 * as "이직 언제야?" does, and a note of it holds neither 한다고 nor 했지. A quotative word before a verb
 * of saying keeps only the noun of its 하다 verb ("이직한다고" → 이직; "한다고" → nothing); the verb of
 * saying after a quotative or a noun of talk goes, and so does the noun of talk. Elsewhere the words stay.
 */
function withoutReportedSaying(words: string[]): string[] {
  const bare = (word: string | undefined) => (word === undefined ? "" : trimEndWhile(word, isEndMark));
  const reports = (i: number): boolean => SAID_RE.test(bare(words[i + 1]));
  return words.flatMap((word, i) => {
    const own = bare(word);
    if (QUOTATIVE_END_RE.test(own) && reports(i)) {
      const stem = own.slice(0, -2).replace(HADA_END_RE, "");
      return [...stem].length >= 2 ? [stem] : [];
    }
    if (TALK_WORDS.has(own) && reports(i)) return [];
    const previous = bare(words[i - 1]);
    if (SAID_RE.test(own) && (QUOTATIVE_END_RE.test(previous) || TALK_WORDS.has(previous))) return [];
    return [word];
  });
}

/** The Korean numeral of a question: the word after it, or glued to it, is its counter (몇 시, 몇kg). */
export const HOW_MANY = "몇";

/**
 * A counter with an ending (시야 → 시, 번이에요 → 번, and 시지 → 시: after a vowel the copula's 이 of 이지
 * falls away); the word itself when the rest is no ending.
 */
function counterOf(word: string): string {
  const bare = trimEndWhile(word, (c) => !isHangulSyllableCode(c.charCodeAt(0)));
  const rest = bare.slice(1);
  const ending = isSearchSuffix(rest) || CONTRACTED_COPULA_ENDINGS.has(rest);
  return bare.length > 1 && isHangulSyllableCode(bare.charCodeAt(0)) && ending ? bare.slice(0, 1) : word;
}

/** The copula's 이지 after a vowel, where its 이 falls away (몇 시지?, 몇 호지요?). */
const CONTRACTED_COPULA_ENDINGS: ReadonlySet<string> = new Set(["지", "지요"]);

/**
 * The tokens of the words of `text` written as names: an English word with a capital first letter that
 * does not begin a sentence ("Where does Tarek park his bike?" → tarek). Korean has no such mark.
 */
export function nameTokens(text: string): string[] {
  const out: string[] = [];
  let sentenceStart = true;
  for (const word of text.normalize("NFC").split(/\s+/u)) {
    if (word.length === 0) continue;
    if (!sentenceStart && /^[A-Z][a-z]/u.test(word)) out.push(...tokenize(word));
    sentenceStart = /[.!?:]$/u.test(word);
  }
  return out;
}

function scan(text: string, withJoins: boolean, predicateNouns: boolean): string[] {
  const out: string[] = [];
  const s = typedText(text).toLowerCase();
  const n = s.length;
  // Stem of the previous Hangul word when only whitespace separates it from the current one.
  let prevStem = "";
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (isHangulSyllableCode(c)) {
      let j = i + 1;
      while (j < n && isHangulSyllableCode(s.charCodeAt(j))) j++;
      const keyed = keyedHangulStem(s.slice(i, j));
      const stem = predicateNouns && keyed !== undefined ? (predicateNounOf(keyed) ?? keyed) : keyed;
      if (stem === undefined) {
        prevStem = "";
      } else {
        if (withJoins && prevStem !== "") out.push(prevStem.slice(-1) + stem.slice(0, 1));
        pushHangul(out, stem);
        prevStem = stem;
      }
      i = j;
      // Only whitespace keeps a Hangul run going; anything else breaks it.
      let k = i;
      while (k < n && isSpace(s.charCodeAt(k))) k++;
      if (k >= n || !isHangulSyllableCode(s.charCodeAt(k))) prevStem = "";
      i = k;
    } else if (isAlnum(c)) {
      const j = scanChunk(s, i);
      const lastNumber = pushChunk(out, s.slice(i, j));
      i = j;
      prevStem = "";
      // A Hangul word glued to a number: a bare particle (5827으로) is dropped; a unit (8월, 302호)
      // also yields the pair number+unit.
      if (j < n && isHangulSyllableCode(s.charCodeAt(j))) {
        let k = j + 1;
        while (k < n && isHangulSyllableCode(s.charCodeAt(k))) k++;
        if (isSearchSuffix(s.slice(j, k))) {
          i = k;
        } else if (lastNumber !== "") {
          out.push(lastNumber.replace(LEADING_ZEROS, "") + s[j]);
        }
      }
    } else {
      prevStem = "";
      i++;
    }
  }
  return out;
}

/** Digits at which a digit run counts as a phone-like number whose tail is indexed separately. */
export const LONG_NUMBER_MIN_DIGITS = 7;
/** Length of the tail of a long number: Korean phone numbers end in a four-digit group. */
export const NUMBER_TAIL_DIGITS = 4;

const LEADING_ZEROS = /^0+(?=\d)/;

/**
 * Words starting with an interrogative or a request verb (언제죠, 어디꺼야, 누구였지, 알려주세요): they
 * make a question, never the content of a fact, and their endings vary too much to list.
 */
const QUESTION_PREFIXES: readonly string[] = [
  "뭐",
  "뭘",
  "무엇",
  "무슨",
  "언제",
  "어디",
  "어느",
  "어떻",
  "어떤",
  "누구",
  "누가",
  "며칠",
  "몇",
  "얼마",
  "왜",
  "알려",
  "보여주",
  "보여줘",
  "말해",
  // Requests about the memory itself: "X 관련 저장된 거 다 보여줘", "기억하는 거".
  "관련",
  "저장",
  "기억",
];

/** First-person possessive glued to a noun (우리집 → 집, 우리애 → 애); alone it is a stop word. */
const POSSESSIVE_PREFIX = "우리";

/** Deictics, the first person and bare light verbs: in almost every message, about nothing. */
const STOP_WORDS_KO = new Set([
  "우리",
  "거",
  "것",
  "다",
  "전부",
  "모두",
  "이거",
  "그거",
  "저거",
  "지금",
  "나",
  "내",
  "내가",
  "저",
  "제",
  "제가",
  "하",
  "해",
  "했",
  "돼",
  "되",
  "됐",
  "혹시",
  "좀",
]);

/** The English function words of {@link isFunctionWord} (the content filter's notion, kept as it was). */
const FUNCTION_WORDS_EN = new Set(
  (
    "a an the and or but if of to in on at by for with from as is are was were be been being am do does did " +
    "i me my we our you your he she it its they them their this that these those what when where who whom " +
    "which why how there here not no so than too very can could should would will shall may might must " +
    "has have had about into over after before again s t just also any some all"
  ).split(" "),
);

/**
 * True for a word the search ignores as carrying nothing: a Korean deictic, the first person or a bare
 * light verb (나, 거, 지금, 해), or an English function word (the, is, my, can). Lower-case input.
 */
export function isFunctionWord(word: string): boolean {
  return STOP_WORDS_KO.has(word) || FUNCTION_WORDS_EN.has(word);
}

/**
 * A Hangul word's search stem, as the tokens and the cross-script keys (cross-script.ts) read it:
 * without a leading 우리 (우리집 → 집) and its particles; undefined for a stop word.
 */
export function keyedHangulStem(raw: string): string | undefined {
  const word =
    raw.length > POSSESSIVE_PREFIX.length && raw.startsWith(POSSESSIVE_PREFIX) ? raw.slice(2) : raw;
  const stem = stripSearchSuffixes(word);
  return isStopWord(word, stem) ? undefined : stem;
}

function isStopWord(word: string, stem: string): boolean {
  if (STOP_WORDS_KO.has(stem) || STOP_WORDS_KO.has(word)) return true;
  for (const prefix of QUESTION_PREFIXES) if (word.startsWith(prefix)) return true;
  return false;
}

function pushHangul(out: string[], word: string): void {
  if (word.length === 1) {
    out.push(word);
    return;
  }
  for (let k = 0; k + 1 < word.length; k++) out.push(word.slice(k, k + 2));
}

/** End of an alphanumeric chunk: alnum runs joined by single connectors between alnums. */
function scanChunk(s: string, start: number): number {
  let j = start;
  const n = s.length;
  while (j < n) {
    const c = s.charCodeAt(j);
    if (isAlnum(c)) {
      j++;
    } else if (isConnector(c) && j + 1 < n && isAlnum(s.charCodeAt(j + 1)) && j > start) {
      j++;
    } else {
      break;
    }
  }
  return j;
}

/** Pushes a chunk's tokens; returns its last part when that part is a plain number, else "". */
function pushChunk(out: string[], chunk: string): string {
  const parts = splitChunk(chunk);
  for (const part of parts) pushPart(out, part);
  if (parts.length > 1) {
    const joined = parts.join("");
    out.push(joined);
    pushNumberTail(out, joined);
  }
  const last = parts[parts.length - 1] ?? "";
  return /^\d+$/.test(last) ? last : "";
}

/** Splits on connectors; `,` followed by exactly three digits is a thousands separator and joins. */
function splitChunk(chunk: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (let k = 0; k < chunk.length; k++) {
    const ch = chunk[k] as string;
    if (!isConnector(ch.charCodeAt(0))) {
      current += ch;
      continue;
    }
    const isThousands = ch === "," && /^\d{3}(?!\d)/.test(chunk.slice(k + 1)) && /\d$/.test(current);
    if (isThousands) continue;
    if (current !== "") parts.push(current);
    current = "";
  }
  if (current !== "") parts.push(current);
  return parts;
}

function pushPart(out: string[], part: string): void {
  let hasDigit = false;
  let hasLetter = false;
  for (let k = 0; k < part.length; k++) {
    if (isDigit(part.charCodeAt(k))) hasDigit = true;
    else hasLetter = true;
  }
  if (!hasLetter) {
    out.push(part);
    pushNumberTail(out, part);
    return;
  }
  if (!hasDigit) {
    pushLatinWord(out, part);
    return;
  }
  // Mixed code (ke1227, 7c1301, a3004, 3kg): the code itself plus its runs.
  out.push(part);
  const runs = part.match(RUNS) ?? [];
  for (const run of runs) {
    if (isDigit(run.charCodeAt(0))) out.push(run);
    else if (run.length > 1) pushLatinWord(out, run);
  }
}

const RUNS = /\d+|[a-z]+/g;

/** A round amount (3,300,000) has no meaningful tail; a phone or booking number does. */
function pushNumberTail(out: string[], token: string): void {
  if (token.length < LONG_NUMBER_MIN_DIGITS || !/^\d+$/.test(token) || token.endsWith("000")) return;
  out.push(token.slice(token.length - NUMBER_TAIL_DIGITS));
}

function pushLatinWord(out: string[], word: string): void {
  if (word.length < 2 || isEnglishStopWord(word)) return;
  out.push(stemEnglishWord(word));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122);
}

function isConnector(c: number): boolean {
  // - . , _
  return c === 45 || c === 46 || c === 44 || c === 95;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0x3000;
}
