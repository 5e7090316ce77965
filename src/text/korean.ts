/**
 * Korean text helpers shared by search (the BM25 tokenizer, the offline embedder), the knowledge graph
 * (entity names, values, the rule extractor) and language detection: Hangul ranges and syllable tests,
 * NFC folding, and the particle and ending lists with the functions that strip them.
 *
 * Two kinds of stripping live here on purpose:
 * - {@link stripParticle} / {@link stripCopula}: careful, for names and values that are shown to users. A
 *   particle goes only when it fits the syllable before it (은/이/을 after a final consonant, 는/가/를 after
 *   a vowel).
 * - {@link stripSearchSuffixes}: loose, for search terms, where 생일이/생일은/생일이야 must all meet at 생일
 *   and an over-stripped term costs nothing but a little precision.
 */

import { words } from "./word-list.js";

/** First and last precomposed Hangul syllable (가, 힣). */
export const HANGUL_SYLLABLE_FIRST = 0xac00;
export const HANGUL_SYLLABLE_LAST = 0xd7a3;
/** Each initial+medial pair spans 28 finals; index 0 means "no final consonant". */
const FINALS_PER_SYLLABLE = 28;
/** The syllables as the body of a regex character class: `new RegExp(\`[${HANGUL_SYLLABLES}]+\`, "u")`. */
export const HANGUL_SYLLABLES = String.raw`\uac00-\ud7a3`;
/** Any Hangul: syllables, conjoining jamo (U+1100–11FF) and compatibility jamo (ㅋ, ㅎ: U+3130–318F). */
const ANY_HANGUL = String.raw`\u1100-\u11ff\u3130-\u318f${HANGUL_SYLLABLES}`;
const ANY_HANGUL_RE = new RegExp(`[${ANY_HANGUL}]`, "u");
const ANY_HANGUL_GLOBAL_RE = new RegExp(`[${ANY_HANGUL}]`, "gu");

/** True for the UTF-16 code of a precomposed Hangul syllable (가–힣). */
export function isHangulSyllableCode(code: number): boolean {
  return code >= HANGUL_SYLLABLE_FIRST && code <= HANGUL_SYLLABLE_LAST;
}

/** True for a precomposed Hangul syllable (가–힣). */
export function isHangulSyllable(char: string | undefined): boolean {
  if (char === undefined || char.length === 0) return false;
  return isHangulSyllableCode(char.codePointAt(0) ?? 0);
}

/** True when `word` is one or more Hangul syllables and nothing else ("사료", not "B3" or "c/d"). */
export function isHangulWord(word: string): boolean {
  return word.length > 0 && [...word].every(isHangulSyllable);
}

/** True when `char` is a Hangul syllable with a final consonant (받침), e.g. 현 → true, 리 → false. */
export function hasBatchim(char: string | undefined): boolean {
  if (!isHangulSyllable(char)) return false;
  const code = (char ?? "").codePointAt(0) ?? 0;
  return (code - HANGUL_SYLLABLE_FIRST) % FINALS_PER_SYLLABLE !== 0;
}

/** Each initial consonant spans this many syllables (21 medial vowels × 28 finals). */
const SYLLABLES_PER_INITIAL = 588;

/** The jamo of a precomposed syllable, as indices in Unicode order (19 initials, 21 medials, 28 finals, 0 = none). */
export interface SyllableJamo {
  initial: number;
  medial: number;
  final: number;
}

/** The jamo indices of a precomposed Hangul syllable code; undefined for any other code. */
export function syllableJamo(code: number): SyllableJamo | undefined {
  if (!isHangulSyllableCode(code)) return undefined;
  const index = code - HANGUL_SYLLABLE_FIRST;
  return {
    initial: Math.floor(index / SYLLABLES_PER_INITIAL),
    medial: Math.floor((index % SYLLABLES_PER_INITIAL) / FINALS_PER_SYLLABLE),
    final: index % FINALS_PER_SYLLABLE,
  };
}

/** The index of ㅆ among the finals: a syllable that ends in it is a past tense (했, 꿨, 뒀) or 있. */
const FINAL_SSANG_SIOS = 20;

/**
 * True for a syllable that ends in ㅆ: the past tense of every verb, contracted or not (았, 었, 했, 꿨,
 * 뒀, 췄), and 있 — the ending of a predicate, almost never inside a noun.
 */
export function isPastTenseSyllable(char: string | undefined): boolean {
  if (!isHangulSyllable(char)) return false;
  return syllableJamo((char ?? "").codePointAt(0) ?? 0)?.final === FINAL_SSANG_SIOS;
}

/** The index of ㅁ among the finals: the -(으)ㅁ that makes a verb's noun (끝남, 바뀜, 옮김). */
const FINAL_MIEUM = 16;
/** Syllables a verb's stem keeps before its -(으)ㅁ noun, at least: one-syllable stems (감, 봄, 잠) are nouns too. */
const MIN_NOMINALIZED_STEM_SYLLABLES = 2;

/**
 * The verb stem of a noun made with -(으)ㅁ, as its other forms write it: 끝남 → 끝나 (끝나는, 끝나서),
 * 옮김 → 옮기, 마감했음 → 마감했; undefined for a word that does not end so or whose stem would have fewer
 * than {@link MIN_NOMINALIZED_STEM_SYLLABLES} syllables (봄, 감, 있음). A noun that ends in ㅁ and is no
 * such form gives its own verb's stem (그림 → 그리) or, rarely, a word of its own (사람 → 사라).
 */
export function nominalizedStem(word: string): string | undefined {
  if (word.endsWith("음"))
    return word.length > MIN_NOMINALIZED_STEM_SYLLABLES ? word.slice(0, -1) : undefined;
  const last = word.charCodeAt(word.length - 1);
  if (word.length < MIN_NOMINALIZED_STEM_SYLLABLES || syllableJamo(last)?.final !== FINAL_MIEUM)
    return undefined;
  return word.slice(0, -1) + String.fromCharCode(last - FINAL_MIEUM);
}

/** Every syllable of {@link isPastTenseSyllable}, as the inside of a regular-expression class. */
export const PAST_TENSE_SYLLABLE_CLASS: string = Array.from({ length: 19 * 21 }, (_, i) =>
  String.fromCharCode(HANGUL_SYLLABLE_FIRST + i * FINALS_PER_SYLLABLE + FINAL_SSANG_SIOS),
).join("");

/** True when the text contains any Hangul (a syllable or a jamo such as ㅋ). */
export function containsHangul(text: string): boolean {
  return ANY_HANGUL_RE.test(text);
}

/** How many Hangul characters (syllables and jamo) the text has. */
export function countHangul(text: string): number {
  return text.match(ANY_HANGUL_GLOBAL_RE)?.length ?? 0;
}

/** Last character of a string (code-point aware). */
export function lastChar(text: string): string | undefined {
  const chars = [...text];
  return chars[chars.length - 1];
}

/** Number of code points (a Hangul syllable counts once). */
export function charCount(text: string): number {
  return [...text].length;
}

/** Characters other than ASCII and precomposed Hangul syllables: only text with one can change under NFC. */
const MAY_CHANGE_UNDER_NFC_RE = new RegExp(`[^\\u0000-\\u007f${HANGUL_SYLLABLES}]`, "u");

/**
 * NFC, skipping the (slow) normalisation for text of ASCII and precomposed syllables only, which NFC
 * leaves as it is.
 */
export function nfc(text: string): string {
  return MAY_CHANGE_UNDER_NFC_RE.test(text) ? text.normalize("NFC") : text;
}

/** Fold for comparisons: NFC, trim, collapse whitespace, lowercase (affects Latin only). */
export function foldText(text: string): string {
  return nfc(text).trim().replace(/\s+/gu, " ").toLowerCase();
}

/** What a particle attaches to: a syllable with a final consonant (은), without one (는), or either (의). */
export type Attach = "consonant" | "vowel" | "any";

/** A particle and the syllable it follows. */
export interface Particle {
  form: string;
  attach: Attach;
}

/** Particles that end a name without further evidence, longest first. */
export const PARTICLES: readonly Particle[] = [
  { form: "에게서", attach: "any" },
  { form: "한테서", attach: "any" },
  { form: "에게", attach: "any" },
  { form: "한테", attach: "any" },
  { form: "께서", attach: "any" },
  { form: "이랑", attach: "consonant" },
  { form: "랑", attach: "vowel" },
  { form: "은", attach: "consonant" },
  { form: "는", attach: "vowel" },
  { form: "이", attach: "consonant" },
  { form: "가", attach: "vowel" },
  { form: "을", attach: "consonant" },
  { form: "를", attach: "vowel" },
  { form: "의", attach: "any" },
];

/** Particles that also end many ordinary nouns (제주도, 국문과, 시작하고): strip them only on evidence. */
export const AMBIGUOUS_PARTICLES: readonly Particle[] = [
  { form: "에서", attach: "any" },
  { form: "하고", attach: "any" },
  { form: "도", attach: "any" },
  { form: "과", attach: "consonant" },
  { form: "와", attach: "vowel" },
];

/** The topic and subject particles (은/는/이/가). */
export const TOPIC_SUBJECT_PARTICLES: readonly string[] = ["은", "는", "이", "가"];
/** The topic particles (은/는). */
export const TOPIC_PARTICLES: readonly string[] = ["은", "는"];

const PARTICLE_BY_FORM = new Map(
  [...PARTICLES, ...AMBIGUOUS_PARTICLES].map((particle) => [particle.form, particle]),
);

/** True when `stem` may carry a particle that attaches as `attach` (Latin and digits always may). */
export function fitsAttachment(stem: string, attach: Attach): boolean {
  const last = lastChar(stem);
  if (!isHangulSyllable(last)) return true;
  if (attach === "any") return true;
  return attach === "consonant" ? hasBatchim(last) : !hasBatchim(last);
}

/**
 * Removes one particle of `forms` from the end of `word` when it fits the syllable before it; returns
 * `word` unchanged otherwise. The stem keeps at least `minStemChars` characters.
 *
 * @example stripParticle("시헌은") === "시헌"; stripParticle("예은") === "예은"; stripParticle("PM은") === "PM"
 */
export function stripParticle(
  word: string,
  forms: readonly string[] = TOPIC_SUBJECT_PARTICLES,
  minStemChars = 1,
): string {
  for (const form of forms) {
    if (!word.endsWith(form)) continue;
    const stem = word.slice(0, -form.length);
    const attach = PARTICLE_BY_FORM.get(form)?.attach ?? "any";
    if (charCount(stem) >= minStemChars && fitsAttachment(stem, attach)) return stem;
  }
  return word;
}

/**
 * The copula and plain sentence endings that close a statement ("8월 9일이야", "말티즈예요", "B형임"),
 * longest first. A value never includes them.
 */
export const COPULA_ENDINGS: readonly string[] = [
  "이었습니다",
  "였습니다",
  "입니다",
  "이에요",
  "이예요",
  "이었어요",
  "였어요",
  "이었어",
  "이었음",
  "이래요",
  "이라고",
  "이라네",
  "이래",
  "이야",
  "이다",
  "예요",
  "에요",
  "였어",
  "였음",
  "였다",
  "임",
  "야",
  "래",
];

/** A word that ends in a copula ending ("베지테리언임", "PM이에요"). */
export const COPULA_END_RE = new RegExp(`(?:${COPULA_ENDINGS.join("|")})$`, "u");

/**
 * Removes one copula ending from the end of `text` when at least `minStemChars` characters stay before
 * it (two for a one-syllable ending, so "가야" keeps its 야). A noun that only looks like a stem and an
 * ending, as `isLookalikeNoun` says, keeps its last syllable: alone or at the end ("동창 모임", not 모 +
 * 임) and before an ending that starts with 이 ("고양이야" → "고양이").
 *
 * @example stripCopula("8월 9일이야") === "8월 9일"; stripCopula("B형임") === "B형"
 */
export function stripCopula(text: string, isLookalikeNoun: (word: string) => boolean = () => false): string {
  if (isLookalikeNoun(text)) return text;
  for (const ending of COPULA_ENDINGS) {
    if (!text.endsWith(ending)) continue;
    let stem = text.slice(0, -ending.length);
    const minStemChars = charCount(ending) === 1 ? 2 : 1;
    if (charCount(stem.trim()) < minStemChars) continue;
    if (ending.startsWith("이") && isLookalikeNoun(`${stem}이`)) stem = `${stem}이`;
    return stem.trim();
  }
  return text;
}

/**
 * Particles and endings the search tokenizer strips from a Hangul word, longest first. Looser than
 * {@link PARTICLES}: no syllable check, and verb endings too (있었어요, 였나).
 */
export const SEARCH_SUFFIXES: readonly string[] = [
  "이었더라",
  "이었는데",
  "이었었나",
  "였었는데",
  "이었지",
  "이더라",
  "이었나",
  "이었어",
  "이에요",
  "이었죠",
  "였더라",
  "었더라",
  "았더라",
  "으로는",
  "에서는",
  "한테는",
  "이라고",
  "였어요",
  "었어요",
  "았어요",
  "였지",
  "었지",
  "았지",
  "였나",
  "었나",
  "았나",
  "였죠",
  "였어",
  "에서",
  "에게",
  "한테",
  "으로",
  "까지",
  "부터",
  "처럼",
  "보다",
  "이랑",
  "이나",
  "이야",
  "예요",
  "에요",
  "이요",
  "이죠",
  "이지",
  "죠",
  "이다",
  "라고",
  "더라",
  "는",
  "은",
  "이",
  "가",
  "을",
  "를",
  "의",
  "에",
  "로",
  "와",
  "과",
  "도",
  "만",
  "랑",
  "야",
  "요",
];

/** Two rounds cover a name's 이 plus a particle (보민이는) and an ending plus 요 (있었어요). */
export const MAX_SEARCH_SUFFIX_STRIPS = 2;

const SEARCH_SUFFIX_SET = new Set(SEARCH_SUFFIXES);
/**
 * Particles that may be stripped from a two-syllable word without eating a noun's own syllable. Not 의:
 * it ends many two-syllable nouns (회의, 강의, 문의), and after a one-syllable noun the genitive is rare
 * in a note (집 주소, not 집의 주소).
 */
const SAFE_SHORT_SUFFIXES = new Set(["는", "은", "을", "를", "에", "랑"]);

/**
 * What a clinic's department ends in before its 과 "department" where 과 would also fit
 * as the particle "and" (after a final consonant): 신경과, 정신과, 산부인과, 재활의학과, 소아청소년과. The 과
 * of 치과 or 소아과 needs no entry, since the particle 과 cannot follow a vowel.
 */
const DEPARTMENT_STEMS: readonly string[] = ["신경", "정신", "산부인", "의학", "소아청소년"];

/**
 * Sino-Korean nouns that end in the syllable 의 and head compounds (직원회의, 온라인강의, 가격협의): at the
 * end of a longer word their 의 is the noun's, not the genitive particle, which notes rarely write. Read
 * as a particle, 직원회의 would lose its head (직원회) and share no word with 회의. Those whose syllable
 * before 의 often ends another noun before a genitive (정의 of 일정의, 주의 of 이번주의, 편의 of 남편의) are
 * left out; when a genitive is kept by mistake (농협의), the stem is still its prefix.
 */
const NOUNS_IN_UI: readonly string[] = words("회의 강의 논의 토의 건의 협의 합의 문의 심의 질의 결의");

/**
 * Endings of the copula 이 that keep their 이 only after a final consonant ("몇 번이지?", after a vowel
 * "얼마지"): after a vowel the 이 is the noun's own (페이지, 케이지), so they go only after a consonant.
 */
const AFTER_CONSONANT_SUFFIXES: ReadonlySet<string> = new Set(["이지", "이더라"]);
/**
 * Verb stems that end in the causative or passive 이 after a consonant (먹이다 "to feed", 붙이다, 쌓이다):
 * in "뭐 먹이지?" the 이 is the verb's, not the copula's, and the stem is 먹이.
 */
const VERB_STEMS_IN_I: ReadonlySet<string> = new Set(
  words("먹이 붙이 줄이 늘이 끓이 쌓이 섞이 놓이 녹이 속이 죽이 숙이 높이 깎이 닦이 볶이 묶이 꺾이 덮이"),
);

/** True when a whole Hangul word is one of {@link SEARCH_SUFFIXES} (a bare particle after a number). */
export function isSearchSuffix(word: string): boolean {
  return SEARCH_SUFFIX_SET.has(word);
}

/** The index of ㅅ among the final consonants of a Hangul syllable (its code's remainder mod 28). */
const FINAL_S = 19;

/**
 * Whether Korean word `long` begins with `short` as a compound's first noun, written as it stands or with
 * the 사이시옷 a compound adds to it: a final ㅅ on its last syllable when that has none (이사 → 이삿날,
 * 전세 → 전셋집, 회 → 횟집). Two or more syllables of `short` only, so that a one-syllable word does not
 * begin every word of its sound.
 */
export function beginsCompound(long: string, short: string): boolean {
  if (short.length < 2 || long.length <= short.length) return false;
  if (long.startsWith(short)) return true;
  const last = short.charCodeAt(short.length - 1);
  if (!isHangulSyllableCode(last) || (last - HANGUL_SYLLABLE_FIRST) % 28 !== 0) return false;
  return long.startsWith(short.slice(0, -1)) && long.charCodeAt(short.length - 1) === last + FINAL_S;
}

/**
 * Strips up to {@link MAX_SEARCH_SUFFIX_STRIPS} particles or endings from a Hangul word: 로운이는 →
 * 로운이 → 로운, 얼마였어요 → 얼마였어 → 얼마. A word keeps at least one syllable; a two-syllable word
 * loses only an unambiguous particle (오이, 포도, 사과 and 회의 stay whole). A particle of two forms goes only
 * in the form that fits the syllable before it ({@link fitsAttachment}: 동네치과, 마을 stay whole).
 */
export function stripSearchSuffixes(word: string): string {
  let stem = word;
  for (let round = 0; round < MAX_SEARCH_SUFFIX_STRIPS; round++) {
    const next = stripSearchSuffixOnce(stem);
    if (next === stem) break;
    stem = next;
  }
  return stem;
}

/**
 * The word and each stem {@link stripSearchSuffixes} passes through (고양이는 → 고양이는, 고양이, 고양): a
 * noun's own last syllable may look like a particle (the 이 of 고양이), so a lookup by stem tries each.
 */
export function searchStems(word: string): string[] {
  const stems = [word];
  for (let round = 0; round < MAX_SEARCH_SUFFIX_STRIPS; round++) {
    const next = stripSearchSuffixOnce(stems[stems.length - 1]!);
    if (next === stems[stems.length - 1]) break;
    stems.push(next);
  }
  return stems;
}

function stripSearchSuffixOnce(word: string): string {
  if (word.length < 2) return word;
  for (const suffix of SEARCH_SUFFIXES) {
    if (word.length <= suffix.length || !word.endsWith(suffix)) continue;
    if (word.length === 2 && !SAFE_SHORT_SUFFIXES.has(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    // A particle of two forms in the wrong one is the word's own syllable: the 과 of 치과, the 을 of 마을.
    const attach = PARTICLE_BY_FORM.get(suffix)?.attach;
    if (attach !== undefined && !fitsAttachment(stem, attach)) continue;
    if (
      AFTER_CONSONANT_SUFFIXES.has(suffix) &&
      (!hasBatchim(lastChar(stem)) || VERB_STEMS_IN_I.has(`${stem}이`))
    )
      continue;
    if (suffix === "과" && DEPARTMENT_STEMS.some((department) => stem.endsWith(department))) continue;
    if (suffix === "의" && NOUNS_IN_UI.some((noun) => word.endsWith(noun))) continue;
    return stem;
  }
  return word;
}

/**
 * Whether Korean `short` is a clipped form (줄임말) of the Korean words `long`, said one after the other:
 * a short form keeps the first syllable of its first word and, in order, syllables of it and of the
 * word after it, each word it draws from giving the first of them at its start (졸업작품 → 졸작,
 * 신입생환영회 → 신환회; 중간 + 발표 → 중발). Two or three syllables, one syllable shorter than its
 * source at least; from a second word only when that word gives its first syllable. Syllables only:
 * whether `short` is a word of its own the caller knows (extraction/content-words.ts `clippedFormOf`).
 * Linear in the words' length.
 */
export function isClippedForm(short: string, long: readonly string[]): boolean {
  const [first, second] = long;
  if (first === undefined || short.length < 2 || short.length > 3 || short[0] !== first[0]) return false;
  if (long.length === 1) return short.length < first.length && inOrderAfterFirst(short.slice(1), first);
  if (second === undefined || long.length > 2) return false;
  // Split after `k` syllables: short[1..k) from the first word, short[k..] from the second, from its start.
  for (let k = 1; k < short.length; k++) {
    if (short[k] !== second[0]) continue;
    if (inOrderAfterFirst(short.slice(1, k), first) && inOrderAfterFirst(short.slice(k + 1), second))
      return true;
  }
  return false;
}

/** Whether the syllables of `part` come in order in `word` after its first syllable. */
function inOrderAfterFirst(part: string, word: string): boolean {
  let at = 0;
  for (let i = 1; i < word.length && at < part.length; i++) if (word[i] === part[at]) at++;
  return at === part.length;
}

/**
 * First syllables of the light verbs a predicate noun takes, glued to it: 하다 (예약했어, 변경한대), 되다
 * (취소됐대, 연기될), 받다 (배정받았어).
 */
const LIGHT_VERB_HEADS: ReadonlySet<string> = new Set([..."하해했한할함합되돼됐될됨됩된받"]);
/**
 * The heads that may end the word with no ending after them (예약해, 취소됨). Bare 한, 할, 함 and 합 end
 * nouns as often (유통기한, 역할, 사물함, 노동조합) and given names (a name in 한), so they need an ending.
 */
const BARE_LIGHT_VERB_HEADS: ReadonlySet<string> = new Set([..."하해돼됨"]);
/**
 * Syllables of the endings and auxiliaries that follow a light verb (-어, -요, -지, -더라, 있다, 놓다,
 * 두다, 주다, 보다, 버리다 in their usual forms): a closed class of the grammar.
 */
const PREDICATE_TAIL_SYLLABLES: ReadonlySet<string> = new Set([
  ..."어아요지야서고면도는은다라대래더던니나가까죠네게음임있었았겠놨놓놔둠뒀둘두둬줘줬주줌봐봤버렸려림린시셨세잖거든데구",
]);
/** Syllables a light verb with its endings spans at most (했었거든요, 돼있더라고). */
const MAX_PREDICATE_TAIL_SYLLABLES = 6;
/** A predicate noun is two syllables at least: 일했어 and 정해 keep their one-syllable stems whole. */
const MIN_PREDICATE_NOUN_SYLLABLES = 2;

/**
 * The predicate noun of a Hangul word written with its light verb glued on (계약돼있어 → 계약, 신청해뒀어 →
 * 신청, 배정받음 → 배정, 전화했었지 → 전화), or undefined when the word is no such form: the verb's part is
 * a {@link LIGHT_VERB_HEADS} syllable followed only by {@link PREDICATE_TAIL_SYLLABLES} (a bare head only
 * of {@link BARE_LIGHT_VERB_HEADS}), and the noun before it keeps {@link MIN_PREDICATE_NOUN_SYLLABLES}
 * syllables. The two classes share no syllable, so the head is the last syllable that is no ending.
 * Linear in the word's length.
 */
export function predicateNounOf(word: string): string | undefined {
  const syllables = [...word];
  let head = syllables.length - 1;
  while (head >= 0 && PREDICATE_TAIL_SYLLABLES.has(syllables[head]!)) head -= 1;
  if (head < MIN_PREDICATE_NOUN_SYLLABLES || syllables.length - head > MAX_PREDICATE_TAIL_SYLLABLES)
    return undefined;
  const verb = syllables[head]!;
  const bare = head === syllables.length - 1;
  if (!LIGHT_VERB_HEADS.has(verb) || (bare && !BARE_LIGHT_VERB_HEADS.has(verb))) return undefined;
  return syllables.slice(0, head).join("");
}
