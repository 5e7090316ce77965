/**
 * Name, attribute and value normalisation for the knowledge graph.
 *
 * Korean attaches particles to names ("뭉치는", "뭉치가", "뭉치의"), so the same entity arrives in many
 * surface forms. We strip a trailing particle only when it is phonologically possible (은/이/을 after a
 * final consonant, 는/가/를 after a vowel), the rest keeps at least {@link MIN_STEM_CHARS} characters,
 * and the word is not a common noun that merely ends in that syllable ("고양이"). Particles that often end
 * real nouns (도: 제주도, 과: 국문과, 와, 하고, 에서) are stripped only when the rest is a known name.
 */
import {
  AMBIGUOUS_PARTICLES,
  charCount,
  fitsAttachment,
  foldText,
  hasBatchim,
  isHangulSyllable,
  nfc,
  PARTICLES,
  stripCopula,
} from "../text/korean.js";
import { phrasePairs, words } from "../text/word-list.js";
import { KINSHIP_WORDS } from "./words/kinship.js";
import { NOW_WORDS } from "./words/value-words.js";
import { inSet, trimEndWhile, trimStartWhile } from "../text/trim.js";

/** A stem left after stripping must keep at least this many characters ("나는" is handled as a pronoun). */
export const MIN_STEM_CHARS = 2;
/** At most this many particles are peeled off one word ("시헌이는" → "시헌이" → "시헌"). */
const MAX_PARTICLE_ROUNDS = 2;

/**
 * Common nouns whose last syllable looks like a particle (고양이, 여름휴가, 첫사랑, 주간회의): that syllable is
 * part of the word, not a particle, so it is never stripped.
 */
/** Nouns that end in 의 without it being the possessive particle ("회의", "강의"). */
export const NOUNS_ENDING_IN_UI = [
  "회의",
  "주의",
  "강의",
  "합의",
  "동의",
  "논의",
  "예의",
  "편의",
  "의의",
  "협의",
  "문의",
];
const PARTICLE_LOOKALIKE_NOUNS = [
  "고양이",
  "원숭이",
  "호랑이",
  "어린이",
  "목걸이",
  "귀걸이",
  "옷걸이",
  "손잡이",
  "멍멍이",
  "야옹이",
  "떡볶이",
  "꽃꽂이",
  "놀이",
  "먹이",
  "길이",
  "높이",
  "넓이",
  "깊이",
  "휴가",
  "화가",
  "주가",
  "시가",
  "대가",
  "여가",
  "추가",
  "부가",
  "고가",
  "저가",
  "자가",
  "사랑",
  "자랑",
  "노랑",
  "파랑",
  // Nouns ending in 임, the written copula's ending ("채식주의자임").
  "모임",
  "담임",
  "책임",
  "주임",
  "선임",
  "후임",
  "전임",
  "신임",
  ...NOUNS_ENDING_IN_UI,
];

/** An English possessive at the end of a Latin name ("Robin's", "James'"). */
const LATIN_POSSESSIVE_RE = /(?<=\p{Script=Latin})['’]s?$/u;
/** A Latin title before a first and a last name ("Dr. Leo Grant", "Prof. Mina Seo"). */
const LATIN_TITLE_BEFORE_FULL_NAME_RE = /^(?:Dr|Prof|Mr|Mrs|Ms|Mx)\.? (?=\p{Lu}[\p{L}'-]* \p{Lu})/u;
/**
 * A courtesy written as a word of its own after a name ("연다빈 님", "서보은 고객님"). "선생님" stays: like a
 * title, it is part of how the person is named ("엄혜숙 선생님").
 */
const HONORIFIC_WORD_AFTER_NAME_RE =
  /^((?:\p{Lu}[\p{L}'-]*|[가-힣]{2,4})(?: (?:\p{Lu}[\p{L}'-]*|[가-힣]{2,4}))?) (?:님|씨|고객님)$/u;
/** Honorific suffixes after a personal name ("구하영님", "동수씨"). */
const HONORIFICS = ["님", "씨"];
/** Words that keep their 님/씨 because the suffix is part of the word ("선생님", "아저씨"). */
const HONORIFIC_STEMS = [
  "장모",
  "장인",
  "형수",
  "매형",
  "사부",
  "선생",
  "교수",
  "사장",
  "부장",
  "차장",
  "과장",
  "대리",
  "팀장",
  "실장",
  "원장",
  "대표",
  "이사",
  "회장",
  "어머",
  "아버",
  "할머",
  "할아버",
  "형",
  "누",
  "고객",
  "손",
  "하느",
  "따",
  "아드",
  "사모",
  "기사",
  "작가",
  "세무사",
  "변호사",
  "의사",
  "목사",
  "선배",
  "후배",
  "주인",
  "아가",
  "부모",
  "아저",
  "아줌",
  "솜",
  "마음",
  "말",
  "글",
  "날",
  "불",
  "꽃",
];

/** First-person forms (folded), mapped to the entity "나" (Korean) or "I" (English). */
export const KOREAN_FIRST_PERSON: ReadonlySet<string> = new Set([
  "나",
  "난",
  "내",
  "내가",
  "나는",
  "나의",
  "나도",
  "나한테",
  "내게",
  "저",
  "전",
  "제",
  "제가",
  "저는",
  "저의",
  "저도",
]);
export const ENGLISH_FIRST_PERSON: ReadonlySet<string> = new Set(["i", "me", "my", "myself", "mine"]);
/** The entity name first-person facts are stored under. */
export const FIRST_PERSON_KO = "나";
export const FIRST_PERSON_EN = "I";

/** Attribute synonyms folded to one name, so "번호" and "전화번호" supersede each other. */
const ATTRIBUTE_SYNONYMS: Record<string, string> = {
  번호: "전화번호",
  전화: "전화번호",
  연락처: "전화번호",
  핸드폰: "전화번호",
  휴대폰: "전화번호",
  핸드폰번호: "전화번호",
  휴대폰번호: "전화번호",
  폰번호: "전화번호",
  전번: "전화번호",
  새번호: "전화번호",
  팩스: "팩스번호",
  ...phrasePairs("fax number = fax; fax no = fax"),
  내선: "내선번호",
  ...phrasePairs("phone number = phone; phone no = phone"),
  tel: "phone",
  mobile: "phone",
  cell: "phone",
  cellphone: "phone",
  number: "phone",
};

const isOpeningQuote = inSet(`"'“”‘’「『`);
const isClosingQuote = inSet(`"'“”‘’」』`);
const isSpace = (c: string): boolean => /\s/u.test(c);
const isEndMark = inSet(".,!?~;:…·");
const isTrailingMark = (c: string): boolean => isSpace(c) || isEndMark(c);
const isLaughter = inSet("ㅋㅎㅠㅜ");

/** A run of two or more ㅋ/ㅎ/ㅠ/ㅜ at the end, with the spaces before it, cut off ("좋아 ㅋㅋ" → "좋아"). */
function withoutLaughter(text: string): string {
  const bare = trimEndWhile(text, isLaughter);
  return text.length - bare.length >= 2 ? trimEndWhile(bare, isSpace) : text;
}

/**
 * A value without a leading word that points back at the thing (그거, 이건), or says it holds now (이제, 지금, 요즘, now) or corrects what was said
 * (actually, 사실): "콩이 사료는 이제 힐스 다이어트야" gives 힐스 다이어트, "my birthday is actually May 4"
 * May 4. The word says the fact changed; it is no part of the new value.
 */
function withoutNow(value: string): string {
  // Two at most: "그거 이제 60번".
  let out = value;
  for (let i = 0; i < 2; i++) {
    const space = out.indexOf(" ");
    const rest = out.slice(space + 1).trimStart();
    const lead = out.slice(0, space).toLowerCase();
    const opens = NOW_WORDS.has(lead) || CORRECTING_WORDS.has(lead) || POINTING_WORDS.has(lead);
    if (!(space > 0 && rest.length > 0 && opens)) break;
    out = rest;
  }
  return out;
}

/**
 * Demonstratives that point back at the thing whose value follows ("아니 그거 60번이야", "그건 목요일",
 * "actually it's B3"): the value is what follows them. A closed class.
 */
const POINTING_WORDS: ReadonlySet<string> = new Set(
  words("그거 그게 그건 그것 그것은 그걸 이거 이게 이건 저거 저게 저건 it's its that's thats"),
);

/** Adverbs that open a corrected or restated value ("is actually May 4", "is currently 3층", "사실 5월 4일"). */
const CORRECTING_WORDS: ReadonlySet<string> = new Set([
  "actually",
  "really",
  "currently",
  "officially",
  "사실",
]);

/** Trim, NFC, collapse spaces, and drop wrapping quotes/brackets and trailing punctuation. */
export function tidy(text: string): string {
  let out = nfc(text).trim().replace(/\s+/gu, " ");
  out = trimEndWhile(trimStartWhile(out, isOpeningQuote), isClosingQuote);
  if (/^\([^()]*\)$/u.test(out)) out = out.slice(1, -1);
  out = trimEndWhile(out, isTrailingMark);
  return out.trim();
}

/**
 * Organisations named with 회 ("운영위원회", "동창회", "교회"): before them "…회의" is 회 + the possessive
 * 의 ("동창회의 정기 총회"), not the noun 회의 ("주간회의").
 */
const ORGANISATION_HOE_RE = /(?:위원회|협회|학회|동호회|동창회|교회|부녀회|학부모회|연합회|학생회)의$/u;

function isLookalikeNoun(word: string): boolean {
  return PARTICLE_LOOKALIKE_NOUNS.some((noun) => word.endsWith(noun)) && !ORGANISATION_HOE_RE.test(word);
}

/** True when a word ends in a noun that ends in 의 ("회의", "주간회의"), not in the possessive 의. */
export function endsInNounUi(word: string): boolean {
  return NOUNS_ENDING_IN_UI.some((noun) => word.endsWith(noun)) && !ORGANISATION_HOE_RE.test(word);
}

/** Whether 님 or 씨 after `stem` is part of the word ("선생님", "할머님", "아저씨"), not a courtesy after a name. */
export function isHonorificWord(stem: string): boolean {
  return HONORIFIC_STEMS.some((title) => stem.endsWith(title));
}

/** Options for entity-name normalisation. */
export interface EntityNameOptions {
  /** Folded names already in the user's graph; a stem that is known wins over the bare form. */
  knownNames?: ReadonlySet<string> | undefined;
}

/** One stripping step: the candidate stems of `word`, strongest evidence first. */
function stripOnce(word: string, known: ReadonlySet<string>): string | undefined {
  // A kinship word of one syllable (딸, 형, 처) is a stem too: "딸은" is 딸 + 은.
  const fits = (stem: string): boolean =>
    (charCount(stem.replace(/\s/gu, "")) >= MIN_STEM_CHARS || KINSHIP_WORDS.has(stem)) && !/\s$/u.test(stem);
  // A known name may be of one syllable: "콩이" is 콩, already in the graph, with the 이 that follows a
  // name ending in a consonant.
  for (const { form: particle, attach } of [...PARTICLES, ...AMBIGUOUS_PARTICLES]) {
    if (!word.endsWith(particle)) continue;
    const stem = word.slice(0, -particle.length);
    if (!(fits(stem) || isOneSyllableName(stem)) || !fitsAttachment(stem, attach)) continue;
    if (known.has(foldText(stem))) return stem;
  }
  for (const { form: particle, attach } of PARTICLES) {
    if (!word.endsWith(particle)) continue;
    const stem = word.slice(0, -particle.length);
    if (!fits(stem) || !fitsAttachment(stem, attach)) continue;
    if (isLookalikeNoun(word)) continue;
    return stem;
  }
  for (const honorific of HONORIFICS) {
    if (!word.endsWith(honorific)) continue;
    const stem = word.slice(0, -honorific.length).trimEnd();
    if (fits(stem) && !isHonorificWord(stem)) return stem;
  }
  return undefined;
}

/**
 * The display form of an entity name: tidied, with a trailing particle or honorific removed when that is
 * safe, and first-person forms mapped to "나" / "I".
 *
 * @example entityDisplayName("뭉치는") === "뭉치"; entityDisplayName("시헌이") === "시헌";
 *          entityDisplayName("고양이") === "고양이"; entityDisplayName("제주도") === "제주도"
 */
export function entityDisplayName(raw: string, options: EntityNameOptions = {}): string {
  const known = options.knownNames ?? new Set<string>();
  // "Robin's": a Latin name never ends in its possessive. "Dr. Leo Grant": a full name needs no title
  // ("Dr. Rao" keeps it: a surname alone names no one); "연다빈 님": nor a courtesy.
  let name = tidy(raw)
    .replace(LATIN_POSSESSIVE_RE, "")
    .replace(LATIN_TITLE_BEFORE_FULL_NAME_RE, "")
    .replace(HONORIFIC_WORD_AFTER_NAME_RE, "$1");
  const folded = foldText(name);
  if (KOREAN_FIRST_PERSON.has(folded)) return FIRST_PERSON_KO;
  if (ENGLISH_FIRST_PERSON.has(folded)) return FIRST_PERSON_EN;
  for (let round = 0; round < MAX_PARTICLE_ROUNDS; round += 1) {
    if (known.has(foldText(name))) break;
    const stem = stripOnce(name, known);
    if (stem === undefined) break;
    name = stem;
  }
  // A name of one syllable ending in a consonant is mostly said with the 이 that follows it (콩 → 콩이,
  // which keeps its 이: a one-syllable stem is no stem): once the graph knows it so, that is its name.
  const familiar = `${name}이`;
  if (isOneSyllableName(name) && !known.has(foldText(name)) && known.has(foldText(familiar))) return familiar;
  return name;
}

/** A Hangul syllable ending in a consonant: a name that takes 이 after it (콩 → 콩이, 별 → 별이). */
function isOneSyllableName(word: string): boolean {
  return word.length === 1 && isHangulSyllable(word) && hasBatchim(word);
}

/** The folded key of an entity name (what node ids are built from). */
export function normalizeEntityName(raw: string, options: EntityNameOptions = {}): string {
  return foldText(entityDisplayName(raw, options));
}

/** True when a (display) name is the first-person entity. */
export function isFirstPerson(name: string): boolean {
  return name === FIRST_PERSON_KO || name === FIRST_PERSON_EN;
}

/**
 * An attribute name: tidied, Latin lowercased, a trailing topic/subject particle removed ("생일은" →
 * "생일"), and phone-number synonyms folded ("번호" → "전화번호", "tel" → "phone").
 */
export function normalizeAttribute(raw: string): string {
  let attr = foldText(tidy(raw));
  for (const { form: particle, attach } of PARTICLES) {
    if (!attr.endsWith(particle)) continue;
    const stem = attr.slice(0, -particle.length);
    if (charCount(stem) >= MIN_STEM_CHARS && fitsAttachment(stem, attach) && !isLookalikeNoun(attr)) {
      attr = stem;
      break;
    }
  }
  // "원장님", "사장님": the title, not the courtesy.
  if (attr.endsWith("님") && charCount(attr) > MIN_STEM_CHARS) attr = attr.slice(0, -1);
  return ATTRIBUTE_SYNONYMS[attr] ?? attr;
}

/**
 * A value as stored: tidied, with a trailing sentence ending removed ("8월 9일이야" → "8월 9일",
 * "락토 채식주의자임" → "락토 채식주의자"). Case is kept.
 */
export function cleanValue(raw: string): string {
  const value = withoutNow(tidy(withoutLaughter(tidy(raw))));
  // "고양이야" is 고양이 + 야, not 고양 + 이야.
  return tidy(stripCopula(value, isLookalikeNoun));
}

/** Key used to compare values (and build value-node ids): folded, no trailing ending. */
export function normalizeValue(raw: string): string {
  return foldText(cleanValue(raw));
}
