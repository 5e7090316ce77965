/**
 * Is a message new, a restatement of something the user already told the assistant (a duplicate), or
 * a new value for it (an update)? Judged against the user's nearest existing memories, which the
 * caller finds with one embedding of the message (the cosine comes with each neighbour).
 *
 * - similarity to a neighbour = max(cosine, restatement), where restatement is how much of the
 *   message the neighbour already says: its content units (word stems, lexicon concepts) and its
 *   values (dates, times, numbers, phone numbers; see value-keys.ts), values weighing
 *   {@link VALUE_WEIGHT} units each:
 *
 *     restatement = (units found + W · values found) / (units + W · values)
 *
 *   An embedding of character n-grams (the offline embedder) scores "나 가지볶음 진짜 싫어함" and "나
 *   가지볶음 극혐" at 0.49; the restatement, with 싫어/극혐 one concept, at 1.
 * - update: the message speaks of the same thing as a neighbour (a shared name or content word and
 *   {@link SAME_SUBJECT_COVERAGE} of its content, or a shared (entity, attribute) slot of the rule
 *   extractor) and gives a value the neighbour does not have, or says that something changed (바뀜,
 *   이제, 미뤄짐, moved, no longer …) where the neighbour did not. An update is new, however similar
 *   ("꿀떡 몸무게 48g" → "꿀떡 몸무게 53g 됨").
 * - duplicate: similarity ≥ the novelty threshold and not an update.
 */
import { FactSlotMemo, sameFactSlot } from "../extraction/fact-slots.js";
import { isHangulSyllableCode, isSearchSuffix, stripSearchSuffixes } from "../text/korean.js";
import { conceptOf, conceptsInside, markConceptPhrases } from "./concept-lexicon.js";
import { isFillerWord } from "../text/function-words.js";
import { newValues, valueKeys } from "./value-keys.js";

/** One of the user's existing memories near the message, with the caller's cosine to it. */
export interface Neighbour {
  text: string;
  /** Cosine similarity of the message's embedding to this memory's (−1…1). */
  similarity: number;
}

/** How the message relates to what the user already said. */
export type NoveltyRelation = "new" | "duplicate" | "update";

export interface NoveltyAssessment {
  relation: NoveltyRelation;
  /** Highest similarity to a neighbour (max of cosine and restatement), 0 without neighbours. */
  similarity: number;
  /** The neighbour it repeats or updates (the most similar one for "new"). */
  nearest?: string;
}

/** A value counts as this many content units in the restatement score. */
export const VALUE_WEIGHT = 2;
/** Share of the message's content units a neighbour must hold to be "about the same thing". */
export const SAME_SUBJECT_COVERAGE = 0.3;

/**
 * Words that say a fact changed: Korean verb stems of changing, moving, postponing, raising, cancelling,
 * and "no longer"; English likewise. A closed class of the grammar of updates.
 */
const CHANGE_MARKERS_RE = [
  /바뀌|바뀜|바꿨|바꿈|바꿔|바꾸|변경|미뤄|미뤘|미룸|밀림|밀렸|연기(?:됨|했|돼)|당겨|앞당|옮김|옮겼|옮겨|올랐|올림|올려|인상|내렸|인하|취소|연장|재계약|재신청|이제|더\s?이상|그만|괜찮대|괜찮아졌|아니래|아니었|아니라|없어졌|음성/u,
  /\b(?:moved|changed|switched|now|no longer|anymore|any more|after all|instead|new|pushed|postponed|rescheduled|cancell?ed|updated|raised|extended|renewed|not\s{1,3}\w{1,30}ing)\b/iu,
] as const;

/** Whether `text` says a fact changed (Korean and English words apart, each half shown linear). */
function hasChangeMarker(text: string): boolean {
  return CHANGE_MARKERS_RE.some((words) => words.test(text));
}

/**
 * Words that carry nothing of a fact's content beyond the fillers (function-words.ts): the first
 * person in its forms, light verbs of going and coming, the copula standing alone, "now" words and the
 * assistant's own vocabulary ("기억", "remember").
 */
const STOP_UNITS: ReadonlySet<string> = new Set([
  "난",
  "전",
  "사람",
  "기억",
  "기억해",
  "이제",
  "요즘",
  "있",
  "없",
  "됨",
  "임",
  "중",
  "가",
  "가요",
  "가서",
  "갔",
  "갈",
  "와",
  "와요",
  "와서",
  "오",
  "이에요",
  "예요",
  "이야",
  "야",
  "입니다",
  "이다",
  "im",
  "remember",
  "note",
]);

/**
 * Verb and adjective endings stripped after the particles (먹음/먹는 → 먹, 싫어함 → 싫어 → 싫,
 * 수컷이고 → 수컷, 워홀하고 → 워홀), longest first, at most {@link MAX_ENDING_STRIPS} times.
 */
const PREDICATE_ENDINGS: readonly string[] = [
  "해줘요",
  "해주세요",
  "했습니다",
  "합니다",
  "입니다",
  "했어요",
  "해요",
  "했어",
  "했음",
  "했다",
  "하고",
  "하는",
  "하다",
  "해서",
  "해줘",
  "기로",
  "있어요",
  "있어",
  "있음",
  "있다",
  "이고",
  "이라",
  "어요",
  "아요",
  "어서",
  "아서",
  "었어",
  "았어",
  "함",
  "해",
  "줘",
  "둬",
  "러",
  "기",
  "는",
  "음",
  "고",
  "어",
  "아",
  "중",
];
const MAX_ENDING_STRIPS = 2;

/** The lexicon concept a phone number stands for. */
const PHONE_CONCEPT = "phone";
/** Honorifics after a name or a title (추은정님, 부장님, 옥병철씨): the same person with or without. */
const HONORIFIC_END_RE = /(?<=[가-힣]{2})(?:님|씨)$/u;
/** Weight of a one-syllable Korean unit left after stripping (often a verb stem). */
export const SHORT_UNIT_WEIGHT = 0.5;
/** Quotes around names ('꽃다락'), but not the apostrophe of an English contraction (can't). */
const QUOTE_RE = /'(?![a-z])|(?<![a-z])'/gu;
const LATIN_THEN_HANGUL_RE = /([a-z])([가-힣])/gu;
/** Weekday and month names: values, compared by value-keys.ts. */
const CALENDAR_WORD_RE =
  /^(?:[월화수목금토일]요일|(?:첫|둘|셋|넷|다섯)째|(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?|january|february|march|april|june|july|august|september|october|november|december|(?:mon|tues?|wed|thu|thur|fri|sat|sun)(?:day|nesday|rsday|urday)?s?)$/u;
/** Split into words: whitespace and punctuation (keeping ' inside English contractions and @markers). */
const WORD_SPLIT_RE = /[\s,.:;!?~()[\]{}"“”‘’/·…→<>|+=*&^%$#-]+/u;

/**
 * Compares a message with its neighbours.
 *
 * @param options.noveltyThreshold similarity at which a restatement is a duplicate (the config's 0.85)
 */
export function assessNovelty(
  text: string,
  neighbours: readonly Neighbour[],
  options: { noveltyThreshold: number },
): NoveltyAssessment {
  if (neighbours.length === 0) return { relation: "new", similarity: 0 };
  const message = describe(text);
  const changed = hasChangeMarker(text);
  let best: { similarity: number; text: string } | undefined;
  let duplicate: { similarity: number; text: string } | undefined;
  let update: string | undefined;
  // The message's slots are read once for all its neighbours.
  const slots = new FactSlotMemo(neighbours.length + 1);
  for (const neighbour of neighbours) {
    const other = describe(neighbour.text);
    const { restatement, unitCoverage, sharesName, added } = compare(message, other);
    const similarity = Math.max(neighbour.similarity, restatement);
    if (best === undefined || similarity > best.similarity) best = { similarity, text: neighbour.text };
    // A change word the neighbour has too ("My new number is …" said twice) is no change from it.
    if (added > 0 || (changed && !hasChangeMarker(neighbour.text))) {
      const sameSubject =
        (sharesName && unitCoverage >= SAME_SUBJECT_COVERAGE) || sameFactSlot(text, neighbour.text, slots);
      if (sameSubject) update ??= neighbour.text;
    } else if (
      similarity >= options.noveltyThreshold &&
      (duplicate === undefined || similarity > duplicate.similarity)
    ) {
      duplicate = { similarity, text: neighbour.text };
    }
  }
  // A restatement of one memory is a duplicate even when the message also shares a subject with
  // another memory and has a value that one lacks.
  if (duplicate !== undefined)
    return { relation: "duplicate", similarity: duplicate.similarity, nearest: duplicate.text };
  if (update !== undefined) return { relation: "update", similarity: best!.similarity, nearest: update };
  return { relation: "new", similarity: best!.similarity, nearest: best!.text };
}

/** What a text states, for comparison: its content units and its values. */
interface Described {
  /** unit → its weight ({@link SHORT_UNIT_WEIGHT} for a lone syllable, else 1). */
  units: Map<string, number>;
  values: Set<string>;
}

function describe(text: string): Described {
  const units = contentUnits(text);
  const values = valueKeys(text);
  // A phone number says "번호" / "phone" whether or not the word is there.
  if ([...values].some((key) => key.startsWith("p:"))) units.set(`@${PHONE_CONCEPT}`, 1);
  return { units, values };
}

function compare(
  message: Described,
  other: Described,
): { restatement: number; unitCoverage: number; sharesName: boolean; added: number } {
  let unitHits = 0;
  let unitTotal = 0;
  let sharesName = false;
  for (const [unit, weight] of message.units) {
    unitTotal += weight;
    if (!other.units.has(unit)) continue;
    unitHits += weight;
    // A shared name or content word (not a lexicon concept like @birthday, not a lone syllable) says
    // the two speak of the same thing; two birthdays of two people share only the concept.
    if (!unit.startsWith("@") && weight === 1) sharesName = true;
  }
  const added = newValues(message.values, other.values).length;
  const valueHits = message.values.size - added;
  const total = unitTotal + VALUE_WEIGHT * message.values.size;
  return {
    restatement: total === 0 ? 0 : (unitHits + VALUE_WEIGHT * valueHits) / total,
    unitCoverage: unitTotal === 0 ? 0 : unitHits / unitTotal,
    sharesName,
    added,
  };
}

/**
 * The content units of a text, each with its weight: for each word without digits (values are
 * compared as values) and not a weekday or month name, its lexicon concept (`@birthday`), else its stem
 * — a Korean word without particles and verb endings, cut into syllable bigrams (so 시바 meets 시바견),
 * or an English word lower-cased without a plural -s. A lone syllable weighs {@link SHORT_UNIT_WEIGHT}:
 * after its endings are gone it is often a verb (신어 → 신, 가요 → 가).
 *
 * @example [...contentUnits("나 가지볶음 진짜 싫어함").keys()] // ["가지", "지볶", "볶음", "@dislike"]
 */
export function contentUnits(text: string): Map<string, number> {
  const units = new Map<string, number>();
  const add = (unit: string, weight: number): void => {
    units.set(unit, Math.max(units.get(unit) ?? 0, weight));
  };
  const words = markConceptPhrases(text.normalize("NFC").toLowerCase())
    .replace(QUOTE_RE, " ")
    // A Korean particle glued to a Latin word ("call은", "draft는", "backend팀") is a word of its own.
    .replace(LATIN_THEN_HANGUL_RE, "$1 $2")
    .split(WORD_SPLIT_RE);
  for (const raw of words) {
    // Values are compared as values; change words ("바뀜", "moved") and bare particles are no content.
    if (raw === "" || /\d/u.test(raw) || CALENDAR_WORD_RE.test(raw)) continue;
    if (hasChangeMarker(raw) || isSearchSuffix(raw)) continue;
    if (raw.startsWith("@")) {
      add(raw, 1);
      continue;
    }
    const hangul = isHangulSyllableCode(raw.charCodeAt(0));
    const forms = hangul ? koreanForms(raw) : [raw, englishStem(raw)];
    const stem = forms[forms.length - 1]!;
    if (stem === "" || forms.some((form) => STOP_UNITS.has(form) || isFillerWord(form))) continue;
    const concept = forms.map(conceptOf).find((c) => c !== undefined);
    if (concept !== undefined) {
      add(`@${concept}`, 1);
      continue;
    }
    if (hangul) for (const inside of conceptsInside(raw)) add(`@${inside}`, 1);
    if (hangul && stem.length > 1) {
      for (let i = 0; i + 1 < stem.length; i++) add(stem.slice(i, i + 2), 1);
    } else {
      add(stem, hangul ? SHORT_UNIT_WEIGHT : 1);
    }
  }
  return units;
}

/**
 * A Korean word, then without its particles and honorific, then without up to
 * {@link MAX_ENDING_STRIPS} verb endings.
 */
function koreanForms(word: string): string[] {
  const forms = [word];
  let stem = stripSearchSuffixes(word).replace(HONORIFIC_END_RE, "");
  if (stem !== word) forms.push(stem);
  for (let round = 0; round < MAX_ENDING_STRIPS; round++) {
    const ending = PREDICATE_ENDINGS.find((e) => stem.length > e.length && stem.endsWith(e));
    if (ending === undefined) break;
    stem = stem.slice(0, -ending.length);
    forms.push(stem);
  }
  return forms;
}

function englishStem(word: string): string {
  const w = word.replace(/(?:'s|’s)$/u, "");
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/u.test(w)) return w.slice(0, -1);
  return w;
}
