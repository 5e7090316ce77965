/**
 * What a text states facts about, by the offline rule extractor: its (entity, attribute) slots,
 * normalised as the graph stores them. Recall uses it to tell whether a newer memory restates an older
 * one ("밤비 생일 3월 4일" → "밤비 생일 3월 5일로 바뀜") or only shares words with it (a dentist
 * appointment and a dog's birthday on the same date); autosave uses it to tell an update from a new fact.
 *
 * There is no module-level state: a caller that asks about the same texts again and again (a retriever)
 * owns a {@link FactSlotMemo} and passes it in.
 */
import { foldText } from "../text/korean.js";
import {
  holdsContentWord,
  isGenericAttribute,
  messageWordKeys,
  otherNamesOf,
  sameContentWord,
  sameWordAcrossScripts,
} from "./content-words.js";
import { type StatementWords, statementWords, type ValueKind } from "./fact-words.js";
import {
  correctionOpening,
  ENGLISH_NEGATING_WORDS,
  isClauseMark,
  KOREAN_NEGATING_WORDS,
  marksCorrection,
} from "./words/value-words.js";
import { isFillerWord } from "../text/function-words.js";
import { trimEndWhile, trimStartWhile } from "../text/trim.js";
import {
  cleanValue,
  entityDisplayName,
  FIRST_PERSON_KO,
  isFirstPerson,
  normalizeAttribute,
} from "./normalize.js";
import { koreanAttributeFor } from "./attribute-labels.js";
import { TITLE_WORDS } from "./words/people.js";
import { extractTriplets } from "./rule-extractor.js";
import { splitSentences } from "../text/sentence-end.js";
import { valueForms } from "./value-forms.js";

export interface FactSlots {
  /** `entity\u0000attribute`, folded. */
  slots: ReadonlySet<string>;
}

/** The entities and slots of `text`. */
export function factSlots(text: string): FactSlots {
  const slots = new Set<string>();
  for (const triplet of extractTriplets(text)) {
    const thing = sameThingName(foldText(speakerAsOne(entityDisplayName(triplet.entity))));
    const normalized = normalizeAttribute(triplet.attribute);
    if (!thing || !normalized) continue;
    const { entity, attribute } = homeAsSpeaker(thing, foldText(slotAttribute(normalized)));
    slots.add(`${entity}\u0000${attribute}`);
  }
  return { slots };
}

/** The one name of a home ("집", "home", "house": the lexicon's same thing), folded. */
const HOME = sameThingName("집");
const ADDRESS = foldText(slotAttribute("주소"));

/** Whether an attribute (folded) is a home's address, in words ("집 주소", and so in English). */
function isHomeAddress(attribute: string): boolean {
  const [first = "", ...rest] = attribute.split(" ");
  if (rest.length === 0 || sameThingName(first) !== HOME) return false;
  return foldText(slotAttribute(normalizeAttribute(rest.join(" ")))) === ADDRESS;
}

/**
 * Where the speaker lives is one slot however it is said: "우리 집 주소는 …" (the home, no other owner
 * named), the speaker's home address in English, and "새 주소: …" (the speaker's address). A home
 * someone else owns keeps its own name ("부모님 집"), and "민수 집 주소" is 민수's address.
 */
function homeAsSpeaker(entity: string, attribute: string): { entity: string; attribute: string } {
  const address = isHomeAddress(attribute) ? ADDRESS : attribute;
  if (entity === HOME && address === ADDRESS) return { entity: FIRST_PERSON_KO, attribute: ADDRESS };
  return { entity, attribute: address };
}

/**
 * The other names the lexicon gives a one-word entity, in either language (mom for 엄마, 어머니; gym
 * for 헬스장: extraction/words/same-thing.ts), folded; none for a name of several words or a person's.
 */
function otherEntityNames(name: string): string[] {
  const folded = foldText(name);
  if (folded.includes(" ")) return [];
  return messageWordKeys(folded).flatMap((key) => otherNamesOf(key).map(foldText));
}

/** One name for an entity and its other names (folded): the first in code-point order. */
function sameThingName(name: string): string {
  return [name, ...otherEntityNames(name)].sort()[0]!;
}

/**
 * The entity as the graph knows it (`known`: folded names): `name` itself when known or when the lexicon
 * gives it no other name, else the known one of its other names — "엄마" once "mom" is known — so that
 * one thing is one node whichever language names it (graph/apply-triplets.ts, graph-service.ts).
 */
export function entityKnownAs(name: string, known: ReadonlySet<string>): string {
  if (known.has(foldText(name))) return name;
  return otherEntityNames(name).find((other) => known.has(other)) ?? name;
}

/** The speaker is one entity whichever language they said it in ("I live in …", "나 … 살아"). */
export function speakerAsOne(entity: string): string {
  return isFirstPerson(entity) ? FIRST_PERSON_KO : entity;
}

/**
 * The slot a (normalised) attribute fills, named the same in either language: "residence" said in
 * English and 거주지 said in Korean are one slot of the entity (attribute-labels.ts
 * `koreanAttributeFor`), so the value said last is the current one for both.
 */
export function slotAttribute(attribute: string): string {
  return koreanAttributeFor(attribute) ?? attribute;
}

/** The (entity, attribute) slots two texts share ({@link sameFactSlot}), folded. */
export function sharedFactSlots(
  a: string,
  b: string,
  memo: FactSlotMemo = new FactSlotMemo(),
): Array<{ entity: string; attribute: string }> {
  const theirs = memo.of(b).slots;
  return [...memo.of(a).slots]
    .filter((slot) => theirs.has(slot))
    .map((slot) => {
      const at = slot.indexOf("\u0000");
      return { entity: slot.slice(0, at), attribute: slot.slice(at + 1) };
    });
}

/** The entities the rules read facts of in `text`, folded as in its slots ("지우", "나"). */
export function factEntities(text: string, memo: FactSlotMemo = new FactSlotMemo()): ReadonlySet<string> {
  return new Set([...memo.of(text).slots].map((slot) => slot.slice(0, slot.indexOf("\u0000"))));
}

/** Whether two slot sets share an (entity, attribute) slot. */
function sharesFactSlot(a: FactSlots, b: FactSlots): boolean {
  for (const slot of a.slots) if (b.slots.has(slot)) return true;
  return false;
}

/** Texts a memo remembers by default. */
export const DEFAULT_MEMO_TEXTS = 5000;

/**
 * The fact slots of the texts a caller has asked about, the oldest forgotten first beyond `capacity`.
 * Owned by its caller: a retriever keeps one for its lifetime, a one-off check makes its own.
 */
export class FactSlotMemo {
  private readonly known = new Map<string, FactSlots>();
  private readonly read = new Map<string, StatementWords>();
  private readonly corrections = new Map<string, CorrectionParts>();
  private readonly sentences = new Map<string, string>();
  private readonly forms = new Map<string, ReadonlySet<string>>();

  constructor(private readonly capacity: number = DEFAULT_MEMO_TEXTS) {}

  /** The slots of `text`, read once per memo. */
  of(text: string): FactSlots {
    return remember(this.known, this.capacity, text, factSlots);
  }

  /** The content words and values of `text` (fact-words.ts), read once per memo. */
  words(text: string): StatementWords {
    return remember(this.read, this.capacity, text, statementWords);
  }

  /**
   * The sentence of `text` that gives a value, when it has more than one sentence and only one of them
   * gives values (sentence-end.ts `splitSentences`, with chat marks); else `text` itself. Read once per memo.
   */
  factSentence(text: string): string {
    return remember(this.sentences, this.capacity, text, (t) => {
      const sentences = splitSentences(t, { chatMarks: true, numberStops: true });
      if (sentences.length < 2) return t;
      const valued = sentences.filter((sentence) => this.words(sentence).values.size > 0);
      return valued.length === 1 ? (valued[0] as string) : t;
    });
  }

  /** The times, dates and weekdays of `text` in one form however written (value-forms.ts), read once per memo. */
  valueForms(text: string): ReadonlySet<string> {
    return remember(this.forms, this.capacity, text, valueForms);
  }

  /** What `text` says is not so, what follows its opening correction, and whether it marks one; read once per memo. */
  correction(text: string): CorrectionParts {
    return remember(this.corrections, this.capacity, text, (t) => ({
      rejected: rejectedWords(t),
      corrected: afterCorrectionOpening(t),
      marked: marksCorrection(t),
    }));
  }
}

/**
 * A text's words that reject a value ("B2 말고"), what follows its opening correction, if any, and
 * whether it marks a correction anywhere (value-words.ts `marksCorrection`: 오타, 잘못 적었다, typo).
 */
interface CorrectionParts {
  rejected: string[];
  corrected: string | undefined;
  marked: boolean;
}

function remember<T>(known: Map<string, T>, capacity: number, text: string, read: (text: string) => T): T {
  const hit = known.get(text);
  if (hit !== undefined) return hit;
  const found = read(text);
  if (known.size >= capacity) known.delete(known.keys().next().value!);
  known.set(text, found);
  return found;
}

/**
 * The one "same fact slot" test: whether two texts state a fact about the same (entity, attribute)
 * slot. Pass a memo to reuse what was read before; without one each text is read afresh.
 */
export function sameFactSlot(a: string, b: string, memo: FactSlotMemo = new FactSlotMemo()): boolean {
  return sharesFactSlot(memo.of(a), memo.of(b));
}

/**
 * The shared content words must be at least this share of all the content words of the two statements:
 * what one adds beside the shared ones elaborates the same fact, more would be a second one.
 */
export const MIN_SHARED_CONTENT_SHARE = 1 / 3;
/** When both statements have a word the other lacks (a new name), they must share at least this many. */
export const MIN_SHARED_WITH_CHANGED_NAME = 2;

/**
 * The one test of a restated fact from the texts alone, for what the rule extractor cannot read
 * ({@link sameFactSlot} first; this is the fallback): whether `newer` states the fact `older` states
 * with a different value. Their content words (fact-words.ts: values, function words, change words
 * and predicates set aside) must
 * - share a content word that can name a thing (a Korean word, an English word of three letters or
 *   more), and share at least {@link MIN_SHARED_CONTENT_SHARE} of all their content words, unless one
 *   is a terse note of the other's fact ({@link isTerseOf});
 * - not both qualify the thing differently: a word only one has, standing before the last shared word
 *   ("yearly audit" / "monthly audit", "안방 에어컨" / "거실 에어컨"), on both sides means two things
 *   of one kind; when all they share is an attribute noun that says whose value it is not (번호,
 *   address), a qualifier on either side does;
 * - when both have a word the other lacks (a new name), share at least
 *   {@link MIN_SHARED_WITH_CHANGED_NAME} words;
 * - give values of a common kind when both give any (a weight and a phone number are two facts);
 * - and differ in a value (a number, date, time, weekday, code, amount or address part) or in such a name.
 * Symmetric in its words; the caller knows which is newer. Pass a memo to read each text once.
 */
export function statesSameFact(
  older: string,
  newer: string,
  memo: FactSlotMemo = new FactSlotMemo(),
): boolean {
  if (wordsStateSameFact(memo.words(older), memo.words(newer))) return true;
  // A newer note that states its fact in one sentence and says why, or how it feels, in others ("X
  // 11500. 연휴 때 혼자 …"): those are no part of the fact, and their words would outvote its own — unless
  // they name a thing of the older note, which then says which fact is meant.
  const fact = memo.factSentence(newer);
  if (fact === newer) return false;
  const before = memo.words(older);
  const rest = memo.words(newer.replace(fact, " "));
  if (rest.content.some((word) => holdsContentWord(before.content, word))) return false;
  return wordsStateSameFact(before, memo.words(fact));
}

/** {@link statesSameFact} of two statements' words. */
function wordsStateSameFact(older: StatementWords, newer: StatementWords): boolean {
  const { a, b, matchedA, matchedB } = compare(older, newer);
  const sharedWords = new Set(a.content.filter((_, i) => matchedA[i]));
  if (![...sharedWords].some(isNoun)) return false;
  if (ownersDiffer(a, matchedA, b, matchedB)) return false;
  const onlyA = distinctUnmatched(a.content, matchedA);
  const onlyB = distinctUnmatched(b.content, matchedB);
  const shared = sharedWords.size;
  const terse = (onlyA.size === 0 && isTerseOf(a, b)) || (onlyB.size === 0 && isTerseOf(b, a));
  if (!terse && shared / (shared + onlyA.size + onlyB.size) < MIN_SHARED_CONTENT_SHARE) return false;
  const qualifiedA = hasQualifier(a, matchedA, "anywhere");
  const qualifiedB = hasQualifier(b, matchedB, "anywhere");
  if (qualifiedA && qualifiedB) return false;
  if ((qualifiedA || qualifiedB) && [...sharedWords].every(isGenericAttribute)) return false;
  const namesDiffer = onlyA.size > 0 && onlyB.size > 0;
  if (namesDiffer && shared < MIN_SHARED_WITH_CHANGED_NAME) return false;
  if (kindsDisagree(a, b)) return false;
  // "우리 팀장은 박지훈" then "박지훈 팀장 번호 010-…": a value where the other gave none, with a word the
  // other lacks, is a further fact of the same thing (its number), not the same fact with a new value.
  const addsValued = (bare: StatementWords, valued: StatementWords, added: Set<string>): boolean =>
    bare.values.size === 0 && valued.values.size > 0 && added.size > 0;
  if (!namesDiffer && (addsValued(a, b, onlyB) || addsValued(b, a, onlyA))) return false;
  return namesDiffer || !sameSet(a.values, b.values);
}

/**
 * The weaker test, for a pair that something else ties to one thing (recall: both hold the words the
 * query asks about) but whose own words are too few for {@link statesSameFact} (paraphrases: 사물함 /
 * 락커, a note in the other language): whether `newer` says that `older`'s fact changed. `newer` must
 * mark a change (바뀜, 옮겼어, 이제, now, renamed), give a value or a word `older` lacks, not qualify the
 * thing differently from `older` (both having their own word before the last shared one: two things of
 * one kind), and give a value of a kind `older` gives when both give one.
 */
export function statesChangeOf(
  older: string,
  newer: string,
  memo: FactSlotMemo = new FactSlotMemo(),
): boolean {
  return changeOverlap(older, newer, memo) !== undefined;
}

/**
 * {@link statesChangeOf}, read once, with what else the two statements have in common, for a change
 * statement that shares too few of the query's words with the older one to be tied to it by the query
 * alone (recall, hybrid-ranking.ts). Undefined when `newer` does not state a change of `older`'s fact;
 * otherwise the kinds of value both give, and the nouns they share that say which fact is meant
 * (`factNouns`, content keys of `older`): not a generic attribute (번호, number) and not `older`'s
 * first content word — the thing a note is about (a pet, a person, a project), which many of its facts
 * share ("서준 수영 4시" and "서준 피아노 5시로 바뀜"). With `changeSaid`, the caller knows that the
 * fact may have changed (a question asking what is so now), and `newer` need not say so itself.
 */
export function changeOverlap(
  older: string,
  newer: string,
  memo: FactSlotMemo = new FactSlotMemo(),
  options: { changeSaid?: boolean } = {},
): ChangeOverlap | undefined {
  const b = memo.words(newer);
  if (!b.changes && options.changeSaid !== true) return undefined;
  const { a, matchedA, matchedB } = compare(memo.words(older), b);
  if (hasQualifier(a, matchedA, "modifier") && hasQualifier(b, matchedB, "modifier")) return undefined;
  if (ownersDiffer(a, matchedA, b, matchedB)) return undefined;
  if (kindsDisagree(a, b)) return undefined;
  const addsSomething =
    distinctUnmatched(b.content, matchedB).size > 0 || (b.values.size > 0 && !sameSet(a.values, b.values));
  if (!addsSomething) return undefined;
  const thing = a.content[0];
  const factNouns = a.content.filter(
    (word, i) => matchedA[i] && word !== thing && isNoun(word) && !isGenericAttribute(word),
  );
  const lead = b.content.slice(0, b.lead);
  return {
    kinds: new Set([...b.kinds].filter((kind) => a.kinds.has(kind))),
    factNouns,
    namesOldValue:
      [...b.values].some((value) => !a.values.has(value)) &&
      [...a.values].some((value) => b.values.has(value) && isIdentifyingValue(value)),
    namesOnlyTheThing:
      thing !== undefined &&
      lead.length > 0 &&
      sameContentWord(lead[0] as string, thing) &&
      lead.every((_, i) => matchedB[i]),
  };
}

/**
 * Whether a change note (`after`) changed another fact of the thing the older note (`before`) is about:
 * it shares no content word with it but that thing (its first content word) and gives a kind of value
 * the older note does not ("콩이 몸무게 이제 3.9kg" does not restate "콩이 사료 바꿈 이제 …", while
 * "gym raised the price, 70,000 won now" restates "Gym membership costs 65,000 won": an amount both).
 */
export function changesAnotherFact(before: StatementWords, after: StatementWords): boolean {
  const thing = before.content[0];
  if (thing === undefined) return false;
  const sharesMore = after.content.some(
    (word) => !sameContentWord(word, thing) && holdsContentWord(before.content, word),
  );
  return !sharesMore && givesAnotherKind(before, after);
}

/** Whether `after` gives a kind of value that says which fact it is ({@link FACT_KINDS}) and `before` gives none of. */
function givesAnotherKind(before: StatementWords, after: StatementWords): boolean {
  return [...after.kinds].some((kind) => FACT_KINDS.has(kind) && !before.kinds.has(kind));
}

/**
 * The kinds of value that say which fact a note gives: a measure, an amount, a phone number (each by
 * its unit or form). Not a time (often part of a name: "24시 동물병원") nor "other" (any number: a
 * count, a room, a code).
 */
const FACT_KINDS: ReadonlySet<ValueKind> = new Set(["measure", "amount", "phone"]);

/** What a change statement has in common with the older statement it changes ({@link changeOverlap}). */
export interface ChangeOverlap {
  /** The kinds of value both give. */
  kinds: ReadonlySet<ValueKind>;
  /** Shared nouns that say which fact is meant: `older`'s content keys, neither generic nor its thing. */
  factNouns: readonly string[];
  /**
   * Whether `newer` repeats a value of `older` that identifies it (a code, a number of four digits or
   * more: {@link isIdentifyingValue}) beside a value `older` lacks: the old value and the new one
   * ("R-301 말고 R-405로 옮김", "room 4120 → 4315"), which points at `older` itself.
   */
  namesOldValue: boolean;
  /**
   * Whether `newer` names nothing before its new value but `older`'s thing and words `older` has:
   * "요가 목요일로 옮김" after "요가 등록 화요일 저녁 8시" (while "서준 피아노 5시로 바뀜" names a fact
   * "서준 수영 4시" lacks).
   */
  namesOnlyTheThing: boolean;
}

/** Two statements' words side by side: which of each one's content words the other has too. */
function compare(
  a: StatementWords,
  b: StatementWords,
): { a: StatementWords; b: StatementWords; matchedA: boolean[]; matchedB: boolean[] } {
  const matchedA = a.content.map((word) => b.content.some((other) => sameContentWord(word, other)));
  const matchedB = b.content.map((word) => a.content.some((other) => sameContentWord(word, other)));
  matchAcrossScripts(a.content, matchedA, b.content, matchedB);
  return { a, b, matchedA, matchedB };
}

/**
 * Side by side, a name in one script and its spelling in the other are one word (하윤 / Hayun,
 * content-words.ts `sameWordAcrossScripts`): marks each such Korean word of one statement and English
 * word of the other as matched in both. The rest of the two statements still has to agree, which the
 * loose sound key alone would not ask.
 */
function matchAcrossScripts(
  a: readonly string[],
  matchedA: boolean[],
  b: readonly string[],
  matchedB: boolean[],
): void {
  for (const [i, x] of a.entries()) {
    const korean = x.startsWith("ko:");
    for (const [j, y] of b.entries()) {
      if ((matchedA[i] && matchedB[j]) || y.startsWith("ko:") === korean) continue;
      if (sameWordAcrossScripts(x, y)) matchedA[i] = matchedB[j] = true;
    }
  }
}

/**
 * Whether `terse`, all of whose content words `full` has, restates `full`'s fact however much `full`
 * adds ("강습 월수 8시" beside "수영 강습 화목 7시 동네 수영장"): both give values, of a common kind,
 * and `terse`'s words are among those `full` names its fact with, before its first value — not the
 * words of a later clause ("서준이 피아노 5시" is not "태권도 4시, 끝나면 서준이 피아노").
 */
function isTerseOf(terse: StatementWords, full: StatementWords): boolean {
  if (terse.values.size === 0 || full.values.size === 0 || kindsDisagree(terse, full)) return false;
  const named = full.content.slice(0, full.lead);
  return terse.content.every((word) => named.some((other) => sameContentWord(word, other)));
}

/** Whether both statements give values and no kind of value is common to them (a weight, a phone). */
function kindsDisagree(a: StatementWords, b: StatementWords): boolean {
  return a.kinds.size > 0 && b.kinds.size > 0 && ![...a.kinds].some((kind) => b.kinds.has(kind));
}

/**
 * Whether a statement qualifies the thing with a word the other lacks (two things of one kind, "weekly
 * meeting" / "quarterly meeting", "안방 에어컨" / "거실 에어컨"). A shared title does not count as a
 * shared word here: a title after a new name goes with the name ("한 과장" / "서 과장").
 * - `"anywhere"`: a word before the last shared one. Two statements that do not say a change are tied
 *   by their words alone, and any word of one among those words may say it is another thing.
 * - `"modifier"`: a word before the first shared one ("국화값 … 한 다발" / "백합 한 다발"), or a modifier
 *   standing right before a later shared word (`modifies`: "서울 강남 치과"). For a statement that
 *   says a change: a word before a later shared word that does not modify it (a cause, another clause:
 *   "거래처 요청으로 복귀") is the change's story, not a qualifier.
 */
function hasQualifier(
  words: StatementWords,
  matched: readonly boolean[],
  reach: "anywhere" | "modifier",
): boolean {
  const { content, modifies } = words;
  const shared = (i: number) => matched[i] === true && !isTitle(content[i] as string);
  const first = content.findIndex((_, i) => shared(i));
  if (first < 0) return false;
  for (let i = 0; i < first; i++) if (!matched[i]) return true;
  if (reach === "anywhere") {
    const last = content.findLastIndex((_, i) => shared(i));
    for (let i = first + 1; i < last; i++) if (!matched[i]) return true;
    return false;
  }
  // From the end: whether the word at i stands in a run of modifiers that ends at a shared word.
  let modifiesShared = false;
  for (let i = content.length - 2; i > first; i--) {
    modifiesShared = modifies[i] === true && (shared(i + 1) || modifiesShared);
    if (modifiesShared && !matched[i]) return true;
  }
  return false;
}

/**
 * Whether `newer` corrects a value `older` gives, said right after it in a conversation ("아 4시 아니고
 * 4시 반이야" after "내일 4시에 병원 예약"; "not Tuesday, Wednesday"): it says one of `older`'s values is not
 * so ({@link negatedValues}) and gives another value — or it opens by rejecting what was said ("아니
 * 3457이야", "no, 3457", "잘못 말했다 3457": value-words.ts `correctionOpening`) and gives a value of a kind `older` gives that
 * `older` does not hold — and names nothing `older` does not (a content word of its own would make it
 * another fact: "3시 말고 5시에 저녁 약속"). A name put right by another is one too ({@link correctsAName}:
 * "아니 망원동 말고 합정동"). Whether the two follow each other closely enough to be one conversation is
 * the caller's to know.
 */
export function statesCorrectionOf(
  older: string,
  newer: string,
  memo: FactSlotMemo = new FactSlotMemo(),
  /** `older` is known to state one fact (a graph fact read as a statement); else its rules tell. */
  options: { oneFact?: boolean } = {},
): boolean {
  const { rejected, corrected } = memo.correction(newer);
  // Most neighbours neither reject a word nor open with a rejection: no words are read for them.
  if (rejected.length === 0 && corrected === undefined) return false;
  const negated = negatedValues(newer);
  if (correctsAName(older, newer, rejected, memo, options.oneFact === true)) return true;
  if (negated.size === 0 && corrected === undefined) return false;
  const before = memo.words(older);
  // "잘못 말했다", "정정": the words that say it is a correction are no part of the fact.
  const after = memo.words(corrected ?? newer);
  if (negated.size > 0) {
    if (![...negated].some((value) => before.values.has(value))) return false;
    if (![...after.values].some((value) => !negated.has(value))) return false;
  } else {
    if (![...after.kinds].some((kind) => before.kinds.has(kind))) return false;
    if (![...after.values].some((value) => !before.values.has(value))) return false;
  }
  return after.content.every((word) => before.content.some((other) => sameContentWord(word, other)));
}

/** `text` without its opening rejection or correction ("아 잘못 말했다 3457이야" → "3457이야"); undefined when it has none. */
function afterCorrectionOpening(text: string): string | undefined {
  const tokens = text.trim().split(/\s+/u);
  const opening = correctionOpening(tokens, isFillerWord);
  return opening === 0 ? undefined : tokens.slice(opening).join(" ");
}

/**
 * The values `text` says are not so: a value right before a Korean negating word ("4시 아니고 4시 반",
 * "B2 말고", "화요일이 아니라") or right after an English one ("not Tuesday"), as {@link statementWords}
 * normalises them. Empty when it negates none (a bare "아니" opening a reply negates no value).
 */
export function negatedValues(text: string): ReadonlySet<string> {
  const out = new Set<string>();
  for (const word of rejectedWords(text.toLowerCase()))
    for (const value of statementWords(word).values) out.add(value);
  return out;
}

/** The English articles, which may stand between "not" and what it negates. */
const ENGLISH_ARTICLES: ReadonlySet<string> = new Set(["the", "a", "an"]);

/** Whether a word says a value is not so: Korean after the value ("B2 말고"), English before it ("not B2"). */
function negatingWord(raw: string): "ko" | "en" | undefined {
  const word = trimEndWhile(raw, isClauseMark).replace(/’/gu, "'");
  if (KOREAN_NEGATING_WORDS.has(word)) return "ko";
  return ENGLISH_NEGATING_WORDS.has(word) ? "en" : undefined;
}

/**
 * The value a correction gives in place of another, as it stands after the last word that rejects
 * ("아니 B2 말고 B3" → B3, "4시 아니고 4시 반이야" → 4시 반, "잘못 말했다, 3457이야" → 3457, "not Friday,
 * Thursday" → Thursday): the words after it, when they hold a value and say no change of their own.
 * Undefined when the text is no such correction or asks for a change ("… 말고 B3로 옮겨줘"). Whether its
 * other words belong to the fact corrected is `statesCorrectionOf`'s to tell.
 */
export function correctedValue(text: string, memo: FactSlotMemo = new FactSlotMemo()): string | undefined {
  const negated = negatedValues(text);
  let rest = afterCorrectionOpening(text);
  if (rejectedWords(text).length > 0) {
    const spaced = text.normalize("NFC").trim().split(/\s+/u);
    const negates = spaced.map((raw) => negatingWord(raw.toLowerCase()));
    const last = negates.findLastIndex((kind) => kind !== undefined);
    // An English negation comes before its value ("not Friday, Thursday"): the new value follows that.
    rest = spaced.slice(last + (negates[last] === "en" ? 2 : 1)).join(" ");
  }
  if (rest === undefined) return undefined;
  const value = cleanValue(trimStartWhile(rest, isClauseMark));
  const read = memo.words(value);
  if (read.changes) return undefined;
  // A name in place of another ("서초", "Seocho"): a few words and no value.
  if (read.values.size === 0)
    return read.content.length > 0 && read.content.length <= MAX_NAME_WORDS ? value : undefined;
  return [...read.values].every((v) => negated.has(v)) ? undefined : value;
}

/** Most content words a name put in place of another may have ("서초", "Seocho Station"). */
const MAX_NAME_WORDS = 3;

/**
 * The words a text says are not so, as written: the word right before a Korean negating word ("강남
 * 말고", "B2 말고", "화요일이 아니라") or right after an English one, past an article ("not Gangnam",
 * "not the 12th").
 */
export function rejectedWords(text: string): string[] {
  const spaced = text.normalize("NFC").trim().split(/\s+/u);
  return spaced.flatMap((raw, i) => {
    const negates = negatingWord(raw.toLowerCase());
    // "not the 12th": an English article between the negation and the value it negates.
    const next = ENGLISH_ARTICLES.has((spaced[i + 1] ?? "").toLowerCase()) ? spaced[i + 2] : spaced[i + 1];
    const word = negates === "ko" ? spaced[i - 1] : negates === "en" ? next : undefined;
    return word === undefined ? [] : [trimEndWhile(trimStartWhile(word, isClauseMark), isClauseMark)];
  });
}

/**
 * Whether `newer` puts right a name `older` gave with another name (no number, date or amount: those
 * are {@link statesCorrectionOf}'s own test): it rejects a word of `older` by name and gives another ("강남 말고 서초" after "나 강남에 살아"; "not Gangnam, Seocho"), or opens with
 * a rejection and gives a name of a few words `older` does not hold, when `older` states one fact (its
 * one triplet: "잘못 말했다, 서초야" — of two facts, which one changed is not said). Besides, `newer` names
 * nothing `older` does not.
 */
function correctsAName(
  older: string,
  newer: string,
  rejected: readonly string[],
  memo: FactSlotMemo,
  oneFact: boolean,
): boolean {
  const value = correctedValue(newer, memo);
  if (value === undefined) return false;
  const put = memo.words(value);
  // A name, not a number, a date or an amount: those are the value path's (statesCorrectionOf).
  if ([...put.kinds].some((kind) => kind !== "place" && kind !== "other") || /\d/u.test(value)) return false;
  const olderText = older.normalize("NFC").toLowerCase();
  const holds = (word: string): boolean => word.length >= 2 && olderText.includes(word.toLowerCase());
  if (holds(value)) return false;
  const named = rejected.map((word) => cleanValue(word));
  if (rejected.length > 0) {
    // "그건 아니고 …" rejects no name of the older note.
    if (!named.every(holds)) return false;
  } else if (!oneFact && extractTriplets(older).length !== 1) return false;
  const before = memo.words(older);
  const surface = (word: string): string => word.slice(word.indexOf(":") + 1);
  const said = memo.words(afterCorrectionOpening(newer) ?? newer).content;
  return said.every(
    (word) =>
      holdsContentWord(before.content, word) ||
      value.toLowerCase().includes(surface(word)) ||
      named.some((name) => name.toLowerCase().includes(surface(word))),
  );
}

/**
 * Whether one statement says the thing is the speaker's ("내 생일은 3월 3일") and the other names
 * another owner before it ("아내 생일은 9월 1일"): then, whatever else they share, they are two facts.
 */
export function statesOwnersDiffer(a: string, b: string, memo: FactSlotMemo = new FactSlotMemo()): boolean {
  const { a: wordsA, b: wordsB, matchedA, matchedB } = compare(memo.words(a), memo.words(b));
  return ownersDiffer(wordsA, matchedA, wordsB, matchedB);
}

/** {@link statesOwnersDiffer} of two statements read side by side. */
function ownersDiffer(
  a: StatementWords,
  matchedA: readonly boolean[],
  b: StatementWords,
  matchedB: readonly boolean[],
): boolean {
  // An owner stands right before the thing ("아내 생일", "my son's locker"); a word elsewhere before it
  // ("the code on the bike lock") is what is said of it.
  const ownerBeforeShared = (words: StatementWords, matched: readonly boolean[]): boolean => {
    const first = matched.findIndex((m) => m);
    return first > 0 && words.modifies[first - 1] === true;
  };
  return (
    (a.speakerOwned && ownerBeforeShared(b, matchedB)) || (b.speakerOwned && ownerBeforeShared(a, matchedA))
  );
}

function isTitle(word: string): boolean {
  return word.startsWith("ko:") && TITLE_WORDS.has(word.slice(3));
}

function distinctUnmatched(words: readonly string[], matched: readonly boolean[]): Set<string> {
  return new Set(words.filter((_, i) => !matched[i]));
}

/** Digits a number needs to identify a memory by itself (a year, a phone tail, a room): fewer are a day or time. */
const MIN_IDENTIFYING_DIGITS = 4;

/** A value that names one thing: a code of letters and digits (b7, ke7735), or a long number. */
export function isIdentifyingValue(value: string): boolean {
  let digits = 0;
  let letters = 0;
  for (const c of value) {
    if (c >= "0" && c <= "9") digits++;
    else if (c >= "a" && c <= "z") letters++;
  }
  return digits > 0 && (letters > 0 || digits >= MIN_IDENTIFYING_DIGITS);
}

/** A content word that can name a thing: any Korean word, an English word of three letters or more. */
function isNoun(word: string): boolean {
  return word.startsWith("ko:") || word.length >= 3 + "en:".length;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const value of a) if (!b.has(value)) return false;
  return true;
}
