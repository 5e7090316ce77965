/**
 * Comparing the content words of two statements (fact-words.ts reads them as `ko:` + Korean word or
 * `en:` + English stem, and an English phrase of the lexicon as `en:` + its stems joined by `_`, beside
 * its words): whether two name the same thing, the other names of one (the groups of
 * words/same-thing.ts), and which attribute nouns do not say whose value they are. One owner of the
 * lexicon's lookups, for the same-fact tests (fact-slots.ts) and the query's other names
 * (memory/search/query-words.ts).
 */
import { soundsAlikeAcrossScripts } from "../text/cross-script.js";
import { isEnglishStopWord, stemEnglishWord } from "../text/english.js";
import {
  beginsCompound,
  isClippedForm,
  isHangulSyllableCode,
  nominalizedStem,
  searchStems,
} from "../text/korean.js";
import { isFullKoreanName, isLexiconNoun } from "./rule-common.js";
import { KIN_ACROSS_LANGUAGES } from "./words/kinship.js";
import { SAME_THING_GROUPS } from "./words/same-thing.js";
import { PLACE_GROUPS } from "./words/same-thing-places.js";
import { GENERIC_ATTRIBUTE_WORDS } from "./words/value-words.js";

/** Runs of Hangul and of Latin letters and digits: a message's words (a run with a digit is a code). */
const MESSAGE_WORD_RE = /[\p{Script=Hangul}]+|[a-z0-9]+/gu;

/** An English noun of two or three words as word lists write it, joined by `_` (day_off, blood_pressure). */
const PHRASE_RE = /^[a-z]+(?:_[a-z]+){1,2}$/u;

/** The words of a message, NFC and lower-cased, for {@link messageWordKeys}. */
export function messageWords(text: string): string[] {
  return [...text.normalize("NFC").toLowerCase().matchAll(MESSAGE_WORD_RE)].map(([word]) => word);
}

/**
 * The content keys of one lower-case word of a message (a run of Hangul or of Latin letters): `ko:` and
 * the word and each of its search stems (korean.ts `searchStems`: 고양이는 → 고양이는, 고양이, 고양, since
 * a noun's last syllable may look like a particle), or `en:` and its Porter2 stem; none for an English
 * stop word or a code.
 */
export function messageWordKeys(word: string): string[] {
  if (isHangulSyllableCode(word.charCodeAt(0))) return searchStems(word).map((stem) => `ko:${stem}`);
  return /^[a-z]+$/u.test(word) && !isEnglishStopWord(word) ? [`en:${stemEnglishWord(word)}`] : [];
}

/** Attribute nouns of {@link GENERIC_ATTRIBUTE_WORDS}, as content keys. */
const GENERIC_KEYS: ReadonlySet<string> = new Set([...GENERIC_ATTRIBUTE_WORDS].map(contentKeyOf));

/**
 * The content key of a word list's word: `en:` and its stem for an English word, `en:` and its words'
 * stems joined by `_` for an English phrase ({@link PHRASE_RE}), else `ko:` and the word.
 */
function contentKeyOf(word: string): string {
  if (/^[a-z]+$/u.test(word)) return `en:${stemEnglishWord(word)}`;
  if (PHRASE_RE.test(word)) return `en:${word.split("_").map(stemEnglishWord).join("_")}`;
  return `ko:${word}`;
}

/** A word list's word as text: a phrase's words apart (day_off → "day off"). */
function spelledOut(word: string): string {
  return PHRASE_RE.test(word) ? word.replaceAll("_", " ") : word;
}

/** Each word of {@link SAME_THING_GROUPS} as a content key (`ko:` word, `en:` stem) → its group. */
const THING_OF_KEY: ReadonlyMap<string, number> = (() => {
  const byKey = new Map<string, number | null>();
  SAME_THING_GROUPS.forEach((group, thing) => {
    for (const word of group) {
      const key = contentKeyOf(word);
      const known = byKey.get(key);
      // Two groups' words with one English stem name neither thing for sure.
      byKey.set(key, known === undefined || known === thing ? thing : null);
    }
  });
  return new Map([...byKey].filter((entry): entry is [string, number] => entry[1] !== null));
})();

/** The keys of the lexicon's English phrases, by their number of words. */
const PHRASE_KEYS_BY_LENGTH: ReadonlyMap<number, ReadonlySet<string>> = (() => {
  const byLength = new Map<number, Set<string>>();
  for (const key of THING_OF_KEY.keys()) {
    if (!key.startsWith("en:") || !key.includes("_")) continue;
    const length = key.split("_").length;
    byLength.set(length, (byLength.get(length) ?? new Set()).add(key));
  }
  return byLength;
})();

/**
 * The English phrases of the lexicon that `text` writes, word after word (a message with "day off"
 * or "days off" holds `en:day_off`), each with the words as written: a phrase names one thing that none
 * of its words names alone. One pass over the message's words per phrase length.
 */
export function phrasesIn(text: string): { key: string; words: string[] }[] {
  const all = messageWords(text);
  const out: { key: string; words: string[] }[] = [];
  for (const [length, keys] of PHRASE_KEYS_BY_LENGTH) {
    for (let i = 0; i + length <= all.length; i++) {
      const run = all.slice(i, i + length);
      if (!run.every((word) => /^[a-z]+$/u.test(word))) continue;
      const key = `en:${run.map(stemEnglishWord).join("_")}`;
      if (keys.has(key)) out.push({ key, words: run });
    }
  }
  return out;
}

/**
 * An English phrase of the lexicon that the text writes (sick_leave: {@link phrasesIn})
 * names one thing, as a Korean compound does: its key is read as one more content word right after its
 * words, which stay (each may still name a thing of its own, as the first word of a bank_account does). A word
 * of the phrase read as no content word (a stop word: "off" of "day off") is not looked for. Returns
 * where each key was put.
 */
export function addPhrases(text: string, content: string[], modifies: boolean[]): number[] {
  const added: number[] = [];
  if (!/[a-z]\s/iu.test(text)) return added;
  for (const { key, words: phrase } of phrasesIn(text)) {
    const parts = phrase
      .filter((w) => w.length >= 2 && !isEnglishStopWord(w))
      .map((w) => `en:${stemEnglishWord(w)}`);
    if (parts.length === 0) continue;
    const at = content.findIndex((_, i) => parts.every((part, j) => content[i + j] === part));
    if (at < 0) continue;
    // The phrase's last word now stands before the phrase's key, which it does not modify.
    const end = at + parts.length;
    modifies.splice(end, 0, modifies[end - 1] === true);
    modifies[end - 1] = false;
    content.splice(end, 0, key);
    added.push(end);
  }
  return added;
}

/**
 * The other words of `key`'s group of words/same-thing.ts (사물함 → 락커, locker, …), as written there
 * (a phrase with its words apart: "day off");
 * empty for a key in no group or in two (an English stem two groups share).
 */
export function otherNamesOf(key: string): readonly string[] {
  const thing = THING_OF_KEY.get(key);
  if (thing === undefined) return [];
  return (SAME_THING_GROUPS[thing] as readonly string[])
    .filter((word) => contentKeyOf(word) !== key)
    .map(spelledOut);
}

/** Each key of a row of {@link KIN_ACROSS_LANGUAGES} → the words of the other language it may be written as. */
const KIN_OF_KEY: ReadonlyMap<string, readonly string[]> = (() => {
  const byKey = new Map<string, string[]>();
  const add = (word: string, others: readonly string[]) => {
    const key = contentKeyOf(word);
    byKey.set(key, [...new Set([...(byKey.get(key) ?? []), ...others])]);
  };
  for (const [english = "", ...korean] of KIN_ACROSS_LANGUAGES) {
    add(english, korean);
    for (const word of korean) add(word, [english]);
  }
  return byKey;
})();

/**
 * The kinship words of the other language that a memory may write `key` as (words/kinship.ts
 * `KIN_ACROSS_LANGUAGES`: sister → 언니, 누나, 여동생, …; 동생 → sister, brother): for searching only,
 * never for "the same thing" ({@link sameContentWord}), since 언니 and 여동생 are two people.
 */
export function kinOtherLanguageNamesOf(key: string): readonly string[] {
  return KIN_OF_KEY.get(key) ?? [];
}

/**
 * Whether one of `messageKeys` (a message's {@link messageWordKeys}) is another name of the one-word
 * `name` by words/same-thing.ts: "wife" in a question names the entity 아내, "락커" the entity 사물함.
 */
export function namedOtherwise(name: string, messageKeys: ReadonlySet<string>): boolean {
  const word = name.normalize("NFC").toLowerCase();
  if (/\s/u.test(word)) return false;
  return otherNamesOf(contentKeyOf(word)).some((other) =>
    messageWordKeys(other.toLowerCase()).some((key) => messageKeys.has(key)),
  );
}

/** Whether a content key is an attribute noun that does not say whose value it is (번호, number). */
export function isGenericAttribute(key: string): boolean {
  return GENERIC_KEYS.has(key);
}

/** Whether a content key is a word of a group of words/same-thing.ts (a thing, though it reads as a verb). */
export function namesAThing(key: string): boolean {
  return THING_OF_KEY.has(key);
}

/**
 * Whether two content words name the same thing: the same key, or for Korean a compound of the other
 * (of at least two syllables) and one more syllable or an attribute noun (내선 / 내선번호, 담당 /
 * 담당자); "생일" and "생일파티" are two things. A full name of three syllables and its given name are
 * the same person (노은솔 / 은솔: rule-common.ts `isFullKoreanName`). Two words of one group of
 * words/same-thing.ts name the same thing (사물함 / 락커 / locker).
 */
export function sameContentWord(a: string, b: string): boolean {
  if (a === b) return true;
  const thing = THING_OF_KEY.get(a);
  if (thing !== undefined && thing === THING_OF_KEY.get(b)) return true;
  if (!a.startsWith("ko:") || !b.startsWith("ko:")) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  // A full name and its given name (노은솔 / 은솔님: the honorific is already off).
  if (long.length === short.length + 1 && isFullKoreanName(long.slice(3)) && long.endsWith(short.slice(3))) {
    return true;
  }
  // A verb's noun in -(으)ㅁ and its other forms (끝남 / 끝나는): one verb.
  if (nominalizedStem(long.slice(3)) === short.slice(3) || nominalizedStem(short.slice(3)) === long.slice(3))
    return true;
  if (short.length < "ko:".length + 2 || !beginsCompound(long.slice(3), short.slice(3))) return false;
  const rest = long.slice(short.length);
  return rest.length === 1 || GENERIC_KEYS.has(`ko:${rest}`);
}

/**
 * Whether a Korean content word and an English one are one word written in two scripts by their sound
 * (text/cross-script.ts `soundsAlikeAcrossScripts`: 하윤 / hayun, 콩이 / kongi): a name, or a loanword
 * the lexicon does not hold. A word of a group of words/same-thing.ts is never matched by sound — its
 * group names it in the other language (치과 / dentist), and a sound key would also meet words it is
 * not (치과 / check). Looser than {@link sameContentWord}, so only for two statements compared side by
 * side (fact-slots.ts), where the rest of them must agree too.
 */
export function sameWordAcrossScripts(a: string, b: string): boolean {
  const [korean, english] = a.startsWith("ko:") ? [a, b] : [b, a];
  if (!korean.startsWith("ko:") || !english.startsWith("en:")) return false;
  if (namesAThing(korean) || namesAThing(english)) return false;
  const word = korean.slice(3);
  if (soundsAlikeAcrossScripts(word, english.slice(3))) return true;
  // A full Korean name (박서윤) is written in English by its given name alone as often as whole (Seoyun).
  return isFullKoreanName(word) && soundsAlikeAcrossScripts(word.slice(1), english.slice(3));
}

/**
 * Whether one of two Korean content words is a clipped form of the other, or of it and the content word
 * after it in `content` (text/korean.ts `isClippedForm`: 졸작 / 졸업작품, 중발 / 중간 발표) — the
 * short one no word of the lexicon (words/same-thing.ts), since a word the lexicon knows (병원, 회비)
 * is a word of its own, not a clipping of a longer one that holds its syllables (병설유치원, 회식비).
 * `content[at]` is the word compared. Looser than {@link sameContentWord}: for two statements compared
 * side by side, where the rest of them must agree too.
 */
export function clippedFormOf(word: string, content: readonly string[], at: number): boolean {
  const other = content[at];
  if (other === undefined || !word.startsWith("ko:") || !other.startsWith("ko:")) return false;
  const [a, b] = [word.slice(3), other.slice(3)];
  if (!isLexiconNoun(a) && isClippedForm(a, [b])) return true;
  if (!isLexiconNoun(b) && isClippedForm(b, [a])) return true;
  const next = content[at + 1];
  return (
    next !== undefined && next.startsWith("ko:") && !isLexiconNoun(a) && isClippedForm(a, [b, next.slice(3)])
  );
}

/**
 * Whether `content` holds `word` ({@link sameContentWord}), or a Korean compound that begins with it or
 * a word of two syllables or more that begins one ("수학" / "수학학원": a note that names its fact
 * shorter than the question). Looser than {@link holdsContentWord} (생일 / 생일파티 hold each other
 * here): for recall, where the question's words already say which fact is meant.
 */
export function holdsWordOrCompound(content: readonly string[], word: string): boolean {
  return content.some(
    (other) =>
      sameContentWord(other, word) ||
      (other.startsWith("ko:") &&
        word.startsWith("ko:") &&
        (beginsCompound(other.slice(3), word.slice(3)) || beginsCompound(word.slice(3), other.slice(3)))),
  );
}

/** The content keys of the places' names of the lexicon ({@link namesPartOfCompound}). */
const PLACE_KEYS: ReadonlySet<string> = new Set(PLACE_GROUPS.flat().map(contentKeyOf));

/**
 * Whether one of two content words is a Korean compound whose first noun is another name of the other
 * word in the lexicon (words/same-thing.ts): "swim" and 수영강습 (수영 / swim) — the first noun, which
 * says what the compound is of; its last says what kind of thing it is, and another thing of that kind
 * is another thing (지도교수 is no Prof. who sits on a committee). The part is a word of two syllables
 * or more, no attribute any thing has (전화번호 is no 번호 of another thing), and no place's name
 * (words/same-thing-places.ts): a compound that opens with a city's is the name of a shop or a branch
 * (a café called 마닐라하우스 is not in Manila). Looser than {@link sameContentWord}: for two statements
 * compared side by side, where the rest of them must agree too.
 */
export function namesPartOfCompound(a: string, b: string): boolean {
  const partOf = (compound: string, word: string): boolean => {
    if (!compound.startsWith("ko:") || PLACE_KEYS.has(word)) return false;
    const whole = compound.slice(3);
    return otherNamesOf(word).some(
      (name) =>
        name.length >= 2 &&
        name.length < whole.length &&
        !GENERIC_KEYS.has(`ko:${name}`) &&
        beginsCompound(whole, name),
    );
  };
  return partOf(a, b) || partOf(b, a);
}

/** Whether `content` holds `word` or another name of it ({@link sameContentWord}). */
export function holdsContentWord(content: readonly string[], word: string): boolean {
  return content.some((w) => sameContentWord(w, word));
}

/**
 * Whether two lists name the same things word for word: each word of one is a word of the other or
 * another name of it in the lexicon — not a compound of it (부스 / 부스비: a booth and its fee).
 */
export function sameContentWords(a: readonly string[], b: readonly string[]): boolean {
  const named = (word: string, other: string) => {
    const thing = THING_OF_KEY.get(word);
    return word === other || (thing !== undefined && thing === THING_OF_KEY.get(other));
  };
  const holds = (list: readonly string[], word: string) => list.some((other) => named(word, other));
  return a.every((word) => holds(b, word)) && b.every((word) => holds(a, word));
}

/** A word written in capitals of three to six letters, a lower-case plural s allowed (PTA, CBT, PTCs); two (IT, PT) meet too many runs of words by chance. */
const ACRONYM_RE = /\b[A-Z]{3,6}s?\b/gu;

/**
 * The acronyms `text` writes in capitals, as content keys (as {@link messageWordKeys} keys them) with
 * the letters they stand for: "PTCs" → `en:ptcs` → "ptc". A run of English content words with those
 * initials names the same thing ({@link spelledByInitials}).
 */
export function acronymsIn(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of text.matchAll(ACRONYM_RE)) {
    const word = match[0];
    const letters = (word.endsWith("s") ? word.slice(0, -1) : word).toLowerCase();
    out.set(`en:${stemEnglishWord(word.toLowerCase())}`, letters);
  }
  return out;
}

/**
 * Whether English content words in a row, starting anywhere in `content`, begin with `letters` in turn
 * (parent, teacher, conference → "ptc"): the words an acronym stands for. Linear in `content` for the
 * few letters an acronym has.
 */
export function spelledByInitials(letters: string, content: readonly string[]): boolean {
  const initials = content
    .map((key) => (key.startsWith("en:") && !key.includes("_") ? key[3] : " "))
    .join("");
  return initials.includes(letters);
}
