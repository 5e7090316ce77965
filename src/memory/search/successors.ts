/**
 * Which later note of a user changes the fact an older one states, found from the notes themselves:
 * the newer note says that something changed ("늦춰짐", "moved to …", "이제 …"), and among the notes
 * said before it the older one is the one it most plausibly points back at. A change note has one
 * antecedent — the fact it changes — so a note is linked only to the earlier note that wins that
 * comparison, not to every earlier note it shares a word with: sharing a rare word with an answer is
 * not enough, the answer must also be the best earlier match of the change note (docs/benchmarks.md,
 * "Nineteenth round", for what the looser link cost).
 *
 * Recall uses it for the best relevant answer, or the first result when none is relevant
 * (hybrid-ranking.ts step 5): the newest note of its chain of
 * changes ("요가 목요일로 옮김" after "요가 화요일 7시", then "또 바뀜 금요일") goes above it, whether or not
 * either retriever found it — such a note often shares no word with the question ("솔숲식당 8시로
 * 늦춤" asked "동창회 몇 시였지"). Pure over a {@link NoteSearch}.
 */
import type { ContextDoc } from "./hybrid-ranking.js";
import { DEFAULT_MEMO_TEXTS, FactSlotMemo, statesOwnersDiffer } from "../../extraction/fact-slots.js";
import {
  givesBareAmount,
  namesRecurringAmount,
  stepsRecurringAmount,
} from "../../extraction/amount-steps.js";
import {
  acronymsIn,
  clippedFormOf,
  spelledByInitials,
  holdsWordOrCompound,
  isGenericAttribute,
  namesPartOfCompound,
  sameWordAcrossScripts,
} from "../../extraction/content-words.js";
import type { StatementWords, ValueKind } from "../../extraction/fact-words.js";
import { saysArrangedAnew } from "../../extraction/words/value-words.js";
import { valueLabels } from "../../extraction/value-forms.js";
import { personNamesIn } from "../../extraction/rule-common.js";
import {
  arrowsToValue,
  attributeKindsOf,
  endsOnNewValue,
  formerNames,
  formerValues,
  isSettlingWord,
  keptValueKinds,
  saysChangedAgain,
  saysSettled,
} from "../../extraction/former-values.js";

/** A user's notes the scope may see, searched by text (conversation-context.ts builds it on BM25). */
export interface NoteSearch {
  /** The notes most like `text`, best first (at most {@link NOTES_COMPARED}). */
  like(text: string): readonly ContextDoc[];
  /**
   * The notes said right before or after `doc`, nearest first (at most {@link NOTES_NEAR}): a change that
   * names its fact by no word at all ("그거 하루 당겨짐, 17일로") is said near the note it changes, and
   * only the old value it names ties them.
   */
  near?(doc: ContextDoc, side: "before" | "after"): readonly ContextDoc[];
  /** At most how many of the notes hold a content word (`ko:`/`en:` key). */
  frequency(word: string): number;
  /** How many notes there are. */
  readonly size: number;
}

/** How many notes like a text are compared: an antecedent shares the change note's words. */
export const NOTES_COMPARED = 20;
/** How many notes said right before or after a note are compared besides ({@link NoteSearch.near}). */
export const NOTES_NEAR = 10;
/**
 * The least idf-weighted share of words (Σ ln((N + 1) / (df + 0.5)) over the change note's content
 * words the earlier note holds) an antecedent needs: one word said in at most about a tenth of the
 * notes, or two more common ones.
 */
export const MIN_SHARED_WEIGHT = 2;
/** A single shared word links two notes only when at most this many notes hold it (a name, a place). */
export const MAX_RARE_WORD_NOTES = 2;
/** What the latest of the compared earlier notes adds to its weight (the earliest adds a share of it). */
export const LATER_WEIGHT = 0.3;
/**
 * Most characters a note may have to be compared here: a change and the statement it changes are
 * short; a longer note (a pasted document, a long message) is read by no rule of this file, which keeps
 * one recall's work bounded however long the notes are.
 */
export const MAX_STATEMENT_CHARS = 280;
/** How many later change notes, newest first, are asked whether they change a note (each asks BM25 once). */
export const MAX_CHANGES_COMPARED = 8;
/** How many changes of one fact are followed from the first statement to the newest. */
export const MAX_CHAIN = 3;

/**
 * The earlier note `note` changes the fact of, when it says a change or that a value is not so ("X
 * 아니고 Y"): among the notes like it said before it, the one that gives an old value it names with a
 * value of the same kind — that value points at it by itself ("512호 아니고 513호", no word shared; a
 * number named by its last group points at the number it ends), and only such a one among the notes
 * said right before it that share no word ({@link NoteSearch.near}); the same for a thing's name it
 * rejects ("동문역 말고 서문역": former-values.ts `formerNames`), which the earlier note must hold — or
 * else the one that
 * - holds one of the words it names its fact by (those before its first value or verb of change:
 *   "안과 검진 9일로 바뀜" → 안과, 검진), when it names any;
 * - gives a value of a kind it gives (an amount, for a number it writes bare: "이번 달부터 40씩",
 *   extraction/amount-steps.ts `givesBareAmount`), or the same value ("장소는 그대로 3층") — or
 *   neither, when the change note says it with a verb of change and shares two words with it (a place
 *   or a person changed: "요가원 옮겼어, 이제 …" gives a name, not a value), or when neither note gives
 *   any value and they share two words (both name the thing's value by a name);
 * - gives one of the old values it names, when it names any ("7:40 instead of 7:15", "31 → 46":
 *   extraction/former-values.ts);
 * - shares two of its content words, or one that at most {@link MAX_RARE_WORD_NOTES} notes hold, and
 *   words of weight {@link MIN_SHARED_WEIGHT} at least — or of one word in at most
 *   {@link MAX_RARE_WORD_NOTES} notes, for a user with few notes (a word, its compound, or it written
 *   in the other script: 주간 / 주간회의, 서윤 / Seoyun);
 * - does not name another owner of the thing ({@link statesOwnersDiffer});
 * with the most weight (a shared kind of value, a number of one label — "room 304" and "room 512",
 * 304호 and 512호: value-forms.ts `valueLabels` — and each shared value count one, the later note up to
 * {@link LATER_WEIGHT} more: of two statements of the fact, a change points back at the newer). None
 * when nothing qualifies.
 */
export function antecedentOf(
  note: ContextDoc,
  search: NoteSearch,
  memo: FactSlotMemo = new FactSlotMemo(),
): ContextDoc | undefined {
  if (note.text.length > MAX_STATEMENT_CHARS) return undefined;
  if (!saysChange(note.text, memo)) return undefined;
  const after = memo.words(note.text);
  const former = formerOf(note.text, memo);
  // "동문역 말고 서문역": the name it rejects was given by the note it corrects.
  const names = namesOf(note.text, memo);
  // "날짜랑 시각은 동일": the note it changes gave a date and a time of day.
  const kept = keptOf(note.text, memo);
  // A note that names no thing ("그거 위치 옮김, 요일은 동일") shares only words for kinds of value with
  // any other: only the notes said just before it are compared, by the kinds it keeps.
  const pointedKinds = kindsPointedBack(note.text, memo);
  const namesNoThing = pointedKinds !== undefined;
  const liked = namesNoThing ? [] : search.like(note.text);
  const likedIds = new Set(liked.map((doc) => doc.id));
  // A note said just before it that shares no word is compared too, tied only by an old value it names.
  const nearOnly =
    former.size === 0 && names.length === 0 && !namesNoThing
      ? []
      : (search.near?.(note, "before") ?? []).filter((doc) => !likedIds.has(doc.id));
  const earlier = [...liked, ...nearOnly]
    .filter((doc) => doc.timestamp < note.timestamp)
    .sort((a, b) => a.timestamp - b.timestamp);
  const nearIds = new Set(nearOnly.map((doc) => doc.id));
  // A word that says the value is settled (최종, final) names no fact: two settled notes share no fact by it.
  const words = [...new Set(after.content)].filter((word) => !isSettlingWord(word));
  const acronyms = acronymsIn(note.text);
  const weightOf = new Map<string, number>();
  const weight = (word: string): number => {
    let value = weightOf.get(word);
    if (value === undefined) {
      value = Math.log((search.size + 1) / (search.frequency(word) + 0.5));
      weightOf.set(word, value);
    }
    return value;
  };
  const topic = after.content.slice(0, topicEnd(after));
  const afterForms = memo.valueForms(note.text);
  // "이번 달부터 70씩": a bare number in a change is of the unit of the amount it replaces.
  const bareAmount = givesBareAmount(note.text);
  const labels = valueLabels(note.text);
  // A person replaced ("이제 진태서 주무관이 맡음" after "담당 모하진 쌤"): a person is the value of both.
  const people = peopleOf(note.text, memo);
  const replacesPerson = (text: string): boolean => {
    if (people.length === 0 || !after.changes) return false;
    const named = peopleOf(text, memo);
    return named.length > 0 && people.some((person) => !named.some((other) => samePerson(person, other)));
  };
  // A user with few notes: one word said in at most MAX_RARE_WORD_NOTES of them is still enough.
  const enough = Math.min(MIN_SHARED_WEIGHT, Math.log((search.size + 1) / (MAX_RARE_WORD_NOTES + 0.5)));
  let best: { doc: ContextDoc; score: number } | undefined;
  earlier.forEach((doc, at) => {
    if (doc.text.length > MAX_STATEMENT_CHARS) return;
    const before = memo.words(doc.text);
    const holds = (word: string): boolean => {
      const letters = acronyms.get(word);
      return (
        holdsSharedWord(before, word) || (letters !== undefined && spelledByInitials(letters, before.content))
      );
    };
    const beforeForms = memo.valueForms(doc.text);
    // A number named by its last group ("5093 아니고 5039") is of the kind of the number it ends.
    const givesTail = [...former].some((value) => endsAValue(before.values, value));
    const givesOld =
      givesTail || [...former].some((value) => before.values.has(value) || beforeForms.has(value));
    if (former.size > 0 && !givesOld) return;
    const givesName = names.length > 0 && names.every((name) => holdsSharedWord(before, name));
    if (former.size === 0 && names.length > 0 && !givesName) return;
    const shared = words.filter(holds);
    const weightShared = shared.reduce((sum, word) => sum + weight(word), 0);
    const sameValues = Math.max(
      [...before.values].filter((value) => after.values.has(value)).length,
      sharedForms(beforeForms, afterForms),
    );
    const sameKind =
      [...after.kinds].some((kind) => before.kinds.has(kind)) ||
      [...kept].some((kind) => before.kinds.has(kind)) ||
      (after.kinds.size === 0 && before.kinds.size === 0 && shared.length >= 2) ||
      (before.kinds.has("amount") && bareAmount) ||
      replacesPerson(doc.text);
    const givesKept =
      pointedKinds !== undefined &&
      nearIds.has(doc.id) &&
      [...pointedKinds].every((kind) => before.kinds.has(kind));
    if ((givesOld && sameKind) || givesTail || givesName || givesKept) {
      // The old value or name it names points at this note by itself ("512호 아니고 513호"): no word needed.
    } else if (nearIds.has(doc.id)) {
      return;
    } else {
      if (topic.length > 0 && !topic.some(holds)) return;
      if (weightShared < enough) return;
      if (!sameKind && sameValues === 0 && (after.changedAfter === undefined || shared.length < 2)) return;
      if (
        shared.length < 2 &&
        sameValues === 0 &&
        !shared.some((word) => search.frequency(word) <= MAX_RARE_WORD_NOTES)
      )
        return;
    }
    if (statesOwnersDiffer(doc.text, note.text, memo)) return;
    const sameLabel = [...valueLabels(doc.text)].some((label) => labels.has(label));
    const score =
      weightShared +
      (sameKind ? 1 : 0) +
      (sameLabel ? 1 : 0) +
      sameValues +
      (givesName ? 1 : 0) +
      LATER_WEIGHT * ((at + 1) / earlier.length);
    if (best === undefined || score > best.score) best = { doc, score };
  });
  return best?.doc;
}

/** Whether two lists of {@link personNamesIn} name the same people (both none included). */
function sameNamedPeople(a: readonly string[], b: readonly string[]): boolean {
  const holds = (list: readonly string[], person: string) => list.some((other) => samePerson(person, other));
  return a.every((person) => holds(b, person)) && b.every((person) => holds(a, person));
}

/**
 * Whether two names from {@link personNamesIn} name one person: the same, or one the given name the
 * other ends with ("민준" / "박민준"), or two Latin names with one first name ("hannah" / "hannah cho").
 */
function samePerson(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long.endsWith(short) || long.startsWith(`${short} `) || short.split(" ")[0] === long.split(" ")[0];
}

/**
 * Where the words end that a change note names its fact by: before its first value, and before its verb
 * of change in Korean, which ends its clause ("안과 검진 9일로 바뀜"). An English verb comes between its
 * subject and its object, and the object is as much the changed thing as the subject ("the clinic moved
 * my check-up to …"): there the words up to the first value count.
 */
function topicEnd(words: StatementWords): number {
  const verbAt = words.changedAfter;
  if (verbAt === undefined) return words.lead;
  const english = (at: number): boolean => words.content[at]?.startsWith("en:") === true;
  return verbAt > 0 && english(verbAt - 1) && english(verbAt) ? words.lead : Math.min(words.lead, verbAt);
}

/**
 * The newest note of `older`'s chain of changes: the newest later note whose {@link antecedentOf} it is
 * (of the {@link MAX_CHANGES_COMPARED} newest change notes like it), then the same from that note, at
 * most {@link MAX_CHAIN} times. When no later note changes `older` and `older` is itself a change, the
 * newest change of the note `older` changes (or of that note's own antecedent, up the chain) is the
 * newer value of the same fact when it says it is one again ("또 미뤄짐", "postponed again":
 * former-values.ts `saysChangedAgain`) — its words point back at the first statement rather than at
 * `older` — and its own chain is followed from there. Only then: a later change of the first statement
 * that does not say "again" may change another of its facts (a person's number after a change of the
 * person). Undefined when no later note changes it.
 */
export function newestChangeOf(
  older: ContextDoc,
  search: NoteSearch,
  memo: FactSlotMemo = new FactSlotMemo(),
): ContextDoc | undefined {
  // A long note is no antecedent (antecedentOf), so nothing can change it here.
  if (older.text.length > MAX_STATEMENT_CHARS) return undefined;
  const next = nextChange(older, search, memo);
  if (next !== undefined) return lastChangeFrom(next, search, memo);
  let first = older;
  for (let step = 0; step < MAX_CHAIN; step++) {
    const earlier = antecedentOf(first, search, memo);
    if (earlier === undefined) break;
    first = earlier;
  }
  if (first.id === older.id) return undefined;
  const again = nextChange(first, search, memo);
  return again !== undefined && again.timestamp > older.timestamp && saysChangedAgain(again.text)
    ? lastChangeFrom(again, search, memo)
    : undefined;
}

/**
 * The newest of `later` (notes said after `older`, any order) that sets the next value of the
 * recurring amount `older` names (extraction/amount-steps.ts `stepsRecurringAmount`: "월세 …, 매달 …"
 * then "9월부터 62") — no word need be shared — and names the people `older` names, no other (whose
 * pay it is), nor another owner ({@link statesOwnersDiffer}). Undefined when none does.
 */
export function steppedAmountOf(
  older: ContextDoc,
  later: readonly ContextDoc[],
  memo: FactSlotMemo = new FactSlotMemo(),
): ContextDoc | undefined {
  if (older.text.length > MAX_STATEMENT_CHARS || !namesRecurringAmount(older.text)) return undefined;
  const named = peopleOf(older.text, memo);
  return [...later]
    .filter(
      (doc) =>
        doc.timestamp > older.timestamp &&
        doc.text.length <= MAX_STATEMENT_CHARS &&
        stepsRecurringAmount(older.text, doc.text) &&
        sameNamedPeople(named, peopleOf(doc.text, memo)) &&
        !statesOwnersDiffer(older.text, doc.text, memo),
    )
    .sort((a, b) => b.timestamp - a.timestamp)[0];
}

/**
 * The kinds of value a change note's antecedent must give when the note names no thing of its own — its
 * words before its value or verb of change name kinds of value and nothing else (former-values.ts
 * `attributeKindsOf`: "그거 위치 옮겼대 …") — and says which kinds stay as they were ("요일 시각은
 * 동일": `keptValueKinds`): both those it names and those it keeps. It points back at a note said
 * shortly before that gave values of them all, with no word in common. Undefined for any other note.
 */
function kindsPointedBack(text: string, memo: FactSlotMemo): ReadonlySet<ValueKind> | undefined {
  if (text.length > MAX_STATEMENT_CHARS) return undefined;
  const kept = keptOf(text, memo);
  if (kept.size === 0) return undefined;
  const words = memo.words(text);
  const named = words.content.slice(0, topicEnd(words)).map(attributeKindsOf);
  if (named.length === 0 || named.some((kinds) => kinds === undefined)) return undefined;
  // A kind named by nouns of two kinds (번호: a phone or another number) asks only for one of them.
  return new Set([...kept, ...named.flatMap((kinds) => (kinds?.length === 1 ? kinds : []))]);
}

/** The newest later note that changes `from` ({@link antecedentOf}), of the {@link MAX_CHANGES_COMPARED} newest change notes like it. */
function nextChange(from: ContextDoc, search: NoteSearch, memo: FactSlotMemo): ContextDoc | undefined {
  const liked = search.like(from.text);
  const likedIds = new Set(liked.map((doc) => doc.id));
  // A note said soon after that shares no word can change it only by an old value it names.
  const near = (search.near?.(from, "after") ?? []).filter(
    (doc) =>
      !likedIds.has(doc.id) &&
      doc.text.length <= MAX_STATEMENT_CHARS &&
      (formerOf(doc.text, memo).size > 0 ||
        namesOf(doc.text, memo).length > 0 ||
        kindsPointedBack(doc.text, memo) !== undefined),
  );
  return [...liked, ...near]
    .filter(
      (doc) =>
        doc.timestamp > from.timestamp &&
        doc.text.length <= MAX_STATEMENT_CHARS &&
        saysChange(doc.text, memo),
    )
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, MAX_CHANGES_COMPARED)
    .find((doc) => antecedentOf(doc, search, memo)?.id === from.id);
}

/** `change`, or the last note of the chain of changes after it (at most {@link MAX_CHAIN} notes in all). */
function lastChangeFrom(change: ContextDoc, search: NoteSearch, memo: FactSlotMemo): ContextDoc {
  let newest = change;
  for (let step = 1; step < MAX_CHAIN; step++) {
    const next = nextChange(newest, search, memo);
    if (next === undefined) break;
    newest = next;
  }
  return newest;
}

/** The fewest digits a value named as old needs to point at a longer one by its end (a phone number's last group). */
const MIN_TAIL_DIGITS = 4;

/**
 * Whether `value`, all digits and at least {@link MIN_TAIL_DIGITS} of them, ends one of `values` that is
 * longer: a correction names a number by its last group ("5093 아니고 5039" after "02-555-5093").
 */
function endsAValue(values: ReadonlySet<string>, value: string): boolean {
  if (value.length < MIN_TAIL_DIGITS || !/^\d+$/u.test(value)) return false;
  return [...values].some(
    (held) => held.length > value.length && held.endsWith(value) && /^\d+$/u.test(held),
  );
}

/**
 * How many times, dates and weekdays two notes both give, however each writes them (value-forms.ts): a
 * day of the month counts only when no whole date is shared.
 */
function sharedForms(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let whole = 0;
  let days = 0;
  for (const form of a) {
    if (!b.has(form)) continue;
    if (form.startsWith("dom:")) days++;
    else whole++;
  }
  return whole + (whole === 0 ? Math.min(days, 1) : 0);
}

/**
 * `read` of a text, kept per memo: step 5 asks it of the same notes again and again. Bounded as the
 * memo's own reads are: forgotten all at once when full.
 */
function perMemo<T>(read: (text: string) => T): (text: string, memo: FactSlotMemo) => T {
  const byMemo = new WeakMap<FactSlotMemo, Map<string, T>>();
  return (text, memo) => {
    let known = byMemo.get(memo);
    if (known === undefined) {
      known = new Map();
      byMemo.set(memo, known);
    }
    let value = known.get(text);
    if (value === undefined) {
      if (known.size >= DEFAULT_MEMO_TEXTS) known.clear();
      value = read(text);
      known.set(text, value);
    }
    return value;
  };
}

/** The values a note names as replaced (former-values.ts `formerValues`). */
const formerOf = perMemo(formerValues);
/** The names a note rejects (former-values.ts `formerNames`). */
const namesOf = perMemo(formerNames);
const keptOf = perMemo(keptValueKinds);
/** The people a note names (rule-common.ts `personNamesIn`). */
const peopleOf = perMemo(personNamesIn);

/**
 * Whether Korean `word` ends with `head`, a word of two syllables or more: a Korean compound is named
 * by its last noun (동물병원 is a 병원, 주간회의 a 회의) — unless that noun is an attribute any
 * thing has (전화번호 and 방번호 are two numbers: content-words.ts `isGenericAttribute`).
 */
function headOf(word: string, head: string): boolean {
  return (
    word.startsWith("ko:") &&
    head.startsWith("ko:") &&
    head.length >= "ko:".length + 2 &&
    word.endsWith(head.slice(3)) &&
    !isGenericAttribute(head)
  );
}

/**
 * Whether a text says a change ({@link StatementWords.changes}), names a value it replaces ("4시 → 3시
 * 반", "X 아니고 Y", "12일엔 못 함": former-values.ts `formerValues`) or a name it rejects
 * (`formerNames`), says that its value is now settled ("최종", "final": `saysSettled`), points an
 * arrow at a value ("→ 16:10": `arrowsToValue`), that a thing was arranged anew ("다시 예약함":
 * value-words.ts `saysArrangedAnew`), says its change short, a clause ending on a value with (으)로 ("… 19일로":
 * `endsOnNewValue`), or that a value was written or said wrong before ("잘못 적었네", "typo":
 * value-words.ts `marksCorrection`) — a correction changes the value its note gave as much as a change
 * does.
 */
function saysChange(text: string, memo: FactSlotMemo): boolean {
  return (
    memo.words(text).changes ||
    formerOf(text, memo).size > 0 ||
    namesOf(text, memo).length > 0 ||
    saysSettled(text) ||
    arrowsToValue(text) ||
    saysArrangedAnew(text) ||
    endsOnNewValue(text) ||
    memo.correction(text).marked
  );
}

/**
 * Whether `before` holds `word`, a compound of it, it written in the other script, or a clipped form of
 * it or clipped to it (졸작 / 졸업작품).
 */
function holdsSharedWord(before: StatementWords, word: string): boolean {
  return (
    holdsWordOrCompound(before.content, word) ||
    before.content.some(
      (other, at) =>
        sameWordAcrossScripts(other, word) ||
        namesPartOfCompound(other, word) ||
        headOf(other, word) ||
        headOf(word, other) ||
        clippedFormOf(word, before.content, at),
    )
  );
}
