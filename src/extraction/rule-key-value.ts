/**
 * `key: value, key: value` lines ("업체명: 한결세탁, 전화번호: 0507-2210-4431, 분류: 세탁소").
 * The name-like key (업체명, 이름, 상호, name …) names the entity; the other keys become its attributes.
 */
import { containsHangul, foldText } from "../text/korean.js";
import { type ExtractionState, topicAsOwner } from "./rule-common.js";
import { PHONE_RE } from "./rule-patterns.js";
import { ADDRESS_WORDS, COMMON_ATTRIBUTE_WORDS, NAME_KEYS } from "./words/attributes.js";
import { FILLER_WORDS } from "./words/function-words.js";
import { PLACE_NOUNS } from "./words/organisations.js";
import { FIRST_PERSON_EN, FIRST_PERSON_KO, normalizeAttribute } from "./normalize.js";

import { findTypedValues } from "./rule-typed.js";
import { isSpeakersOwnerWord } from "./rule-subject.js";

/** Most code points in a key ("우리 집 근처 철물점 전화번호"); a longer stretch before a colon is a sentence. */
const MAX_KEY_CHARS = 30;
/** Characters a key never holds: list separators, colons, the full-width bar. */
const KEY_STOPS = new Set([",", "，", ";", ":", "：", "｜"]);
/** Separators after which a key may start with no space between ("a: 1,b: 2"). */
const LIST_SEPARATORS = new Set([",", "，", ";"]);
/** Separators that need a space on both sides ("업체명: X / 분류: Y", "name: X | phone: …"). */
const SPACED_SEPARATORS = new Set(["/", "|", "｜"]);
const COLONS = new Set([":", "："]);
const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/u.test(c);

/** A key of a key-value line (key, colon, value): where its separator starts, the key, and where its value starts. */
export interface KeyHeader {
  /** Index of the separator before the key (of the space before a spaced one), 0 at the line start. */
  index: number;
  key: string;
  /** Index just after the colon and the spaces that follow it. */
  end: number;
}

/** Whether the character at `i` ends a key: a stop, or a slash or bar not standing between two non-spaces. */
function endsKey(line: string, i: number): boolean {
  const c = line[i] ?? "";
  if (KEY_STOPS.has(c)) return true;
  if (c !== "/" && c !== "|") return false;
  // "화/금", "A|B": a slash or bar inside a word is part of the key.
  return i === 0 || isSpace(line[i - 1]) || i + 1 >= line.length || isSpace(line[i + 1]);
}

/**
 * The key before the colon at `colon`, given the last character before it that ends a key (`stop`, -1
 * for none) and the first index a key's separator may take (`from`, the end of the previous key).
 */
function keyBefore(line: string, stop: number, colon: number, from: number): KeyHeader | undefined {
  const separator = stop < 0 ? "" : (line[stop] ?? "");
  let index: number;
  let minSpaces = 0;
  if (stop < 0) index = 0;
  else if (LIST_SEPARATORS.has(separator)) index = stop;
  else if (SPACED_SEPARATORS.has(separator) && stop - 1 >= from && isSpace(line[stop - 1])) {
    index = stop - 1;
    minSpaces = 1;
  } else return undefined;
  let end = colon + 1;
  while (isSpace(line[end])) end += 1;
  const region = stop + 1;
  let first = region;
  while (first < colon && isSpace(line[first])) first += 1;
  // Only spaces between the separator and the colon: an empty key, when a space is left over for it.
  if (first === colon) return colon - region > minSpaces ? { index, key: "", end } : undefined;
  if (first - region < minSpaces) return undefined;
  let last = colon;
  while (isSpace(line[last - 1])) last -= 1;
  // At the line start the key is counted from the first character, spaces and all.
  const counted = line.slice(stop < 0 ? 0 : first, last);
  if ([...counted].length > MAX_KEY_CHARS) return undefined;
  return { index, key: line.slice(first, last), end };
}

/**
 * The keys of a key-value line (key, colon, value), left to right. A key starts the line or follows a separator — a comma,
 * a semicolon, or a slash or bar between spaces ("업체명: X / 분류: Y", "name: X | phone: …") — is at most
 * {@link MAX_KEY_CHARS} long, and is followed by a colon and a space (so a time like "19:10" is not a
 * key, nor "화/금" a separator). One pass over the line, each character looked at a bounded number of
 * times: the stretch between two stops is read once, for the colon that ends it.
 */
export function findKeyHeaders(line: string): KeyHeader[] {
  const keys: KeyHeader[] = [];
  let from = 0;
  let stop = -1;
  for (let i = 0; i < line.length; i += 1) {
    if (COLONS.has(line[i] ?? "") && isSpace(line[i + 1])) {
      const key = keyBefore(line, stop, i, from);
      if (key !== undefined) {
        keys.push(key);
        from = key.end;
      }
    }
    if (endsKey(line, i)) stop = i;
  }
  return keys;
}
/** A value ends at a sentence end; what follows is ordinary text. */
const VALUE_END_RE = /(?<=\S)[.!?。]\s/u;

/** A Korean sentence's end: its last syllable (했어. 왔음! 이사 끝.), its marks, a space. */
const KOREAN_SENTENCE_END_RE = /[가-힣][.!?]+\s/gu;

/**
 * A line cut where a Korean sentence before its first colon ends ("이사했어. 새 주소: …" → "이사했어.",
 * "새 주소: …"): the sentence is no part of the key, and each part is read as a line of its own, the
 * sentence first (it may name whom the key is about). "Dr. Kim: …" stays whole: its "." follows a Latin
 * letter.
 */
export function splitSentenceBeforeKey(line: string): string[] {
  const colon = line.search(/[:：]/u);
  if (colon <= 0) return [line];
  let cut = -1;
  for (const match of line.slice(0, colon).matchAll(KOREAN_SENTENCE_END_RE))
    cut = match.index + match[0].length;
  return cut < 0 ? [line] : [line.slice(0, cut).trim(), line.slice(cut).trim()];
}

/** "Mom's birthday: …", "우리 집 주소: …": a header naming an owner and an attribute is this short. */
const MAX_HEADER_WORDS = 3;
/** "Dad: 010-…" is a contact; a longer key before a number is a sentence. */
const MAX_CONTACT_KEY_WORDS = 2;

interface Pair {
  key: string;
  value: string;
}

function isNameKey(key: string): boolean {
  const folded = foldText(key);
  if (NAME_KEYS.has(folded)) return true;
  const lastWord = folded.split(" ").pop() ?? "";
  return NAME_KEYS.has(lastWord);
}

function firstPart(value: string): string {
  const end = VALUE_END_RE.exec(value);
  return (end === null ? value : value.slice(0, end.index + 1)).trim();
}

function leadingPhone(value: string): string | undefined {
  const match = new RegExp(PHONE_RE.source, "u").exec(value);
  return match !== null && match.index === 0 ? match[0] : undefined;
}

function parsePairs(line: string): Pair[] {
  const keys = findKeyHeaders(line);
  return keys.map(({ key, end }, i) => ({
    key,
    value: line.slice(end, keys[i + 1]?.index ?? line.length).trim(),
  }));
}

/** A key's words past the words of newness ("새", "new", "current": "새 번호" is a number, not a name). */
function keyWordsBesidesNewness(key: string): string[] {
  return key.split(" ").filter((word) => word !== "" && !FILLER_WORDS.has(foldText(word)));
}

/**
 * Who a key of nothing but an attribute is about ("새 주소: …" after "민수 이사함"): the thing an
 * earlier line of the text named first — not a change ("이사 끝냈어. 새 주소: …": the move has no
 * address) — else the speaker.
 */
function ownerOfBareKey(state: ExtractionState, korean: boolean): string {
  return topicAsOwner(state) ?? (korean ? FIRST_PERSON_KO : FIRST_PERSON_EN);
}

/**
 * Whose number a contact key names: the key ("Dad", "석진우 대표님"), less a phone word after it ("치과
 * 번호" → 치과, "Dad's phone" → Dad's, which the entity's display name reads as Dad), or, when it is only
 * the phone attribute, new or not ("새 번호", "Current phone", "연락처"), {@link ownerOfBareKey}.
 */
function contactOf(key: string, phoneAttribute: string, state: ExtractionState): string {
  const words = keyWordsBesidesNewness(key);
  const last = words[words.length - 1];
  const owner =
    last !== undefined && normalizeAttribute(last) === phoneAttribute ? words.slice(0, -1) : words;
  return owner.length === 0 ? ownerOfBareKey(state, phoneAttribute !== "phone") : owner.join(" ");
}

/** What of a line is left to read as sentences, and the lone header it followed ("동물병원: …"). */
export interface LineRemainder {
  rest: string;
  header?: string;
}

/**
 * Extracts the facts of a key:value line into `state`. Returns the text still to be read as sentences
 * (the whole line when it has no keys, the value of a lone header), or undefined when the line was consumed.
 */
export function extractKeyValueLine(line: string, state: ExtractionState): LineRemainder | undefined {
  const pairs = parsePairs(line);
  if (pairs.length === 0) return { rest: line };
  const named = pairs.find((pair) => isNameKey(pair.key));
  if (named !== undefined) {
    const entity = firstPart(named.value);
    for (const pair of pairs) {
      if (pair !== named) state.emit(entity, pair.key, firstPart(pair.value));
    }
    state.topic = entity;
    return undefined;
  }
  // "Dad: 010-…, Mom: 010-…": each key is a contact.
  const phones = pairs.map((pair) => leadingPhone(pair.value));
  const shortKeys = pairs.every((pair) => pair.key.split(" ").length <= MAX_CONTACT_KEY_WORDS);
  if (shortKeys && phones.every((phone) => phone !== undefined)) {
    pairs.forEach((pair, i) => {
      const attribute = containsHangul(line) ? "전화번호" : "phone";
      state.emit(contactOf(pair.key, attribute, state), attribute, phones[i] ?? "");
    });
    return undefined;
  }
  // A lone header ("밤비 다니는 동물병원: 망원 든든동물병원 02-330-1185"): read what follows it.
  const [only] = pairs;
  // "사무실 주소: 경기 성남시 …": the address of what the header names, commas and all.
  const rawHeaderWords = only?.key.split(" ") ?? [];
  // "우리 가게 하늘돈카츠 주소: …": a header opened by "우리/저희/내" names something of the speaker's.
  const mine = isSpeakersOwnerWord(rawHeaderWords[0] ?? "");
  const headerWords = mine ? rawHeaderWords.slice(1) : rawHeaderWords;
  const headerLast = headerWords[headerWords.length - 1] ?? "";
  // "Dad's birthday: Apr 7", "밤비 생일: 3월 4일": owner and attribute in the header, one typed value after it.
  const typed = only === undefined ? [] : findTypedValues(only.value);
  const wholeValue = typed.length === 1 && typed[0]?.value === only?.value;
  const ownerAndAttribute = headerWords.length >= 2 && headerWords.length <= MAX_HEADER_WORDS;
  if (
    pairs.length === 1 &&
    only !== undefined &&
    ownerAndAttribute &&
    (ADDRESS_WORDS.has(headerLast) || wholeValue)
  ) {
    let owner = keyWordsBesidesNewness(headerWords.slice(0, -1).join(" "));
    // "새 주소: …", "New address: …": only a word of newness before the attribute.
    if (owner.length === 0) owner = [ownerOfBareKey(state, containsHangul(only.key))];
    const [kind = "", name = ""] = owner;
    if (
      mine &&
      owner.length === 2 &&
      (COMMON_ATTRIBUTE_WORDS.has(kind) || PLACE_NOUNS.has(kind)) &&
      state.emit(FIRST_PERSON_KO, kind, name)
    )
      owner = [name];
    const emitted = state.emit(owner.join(" "), headerLast, only.value);
    if (emitted) return undefined;
  }
  // "석진우 대표님 번호 바뀌었대: 010-…" is a sentence with a colon, not a header.
  if (pairs.length === 1 && only !== undefined && phones[0] !== undefined)
    return { rest: `${only.key} ${only.value}` };
  if (pairs.length === 1 && only !== undefined) return { rest: only.value, header: only.key };
  // Several keys but no name key: read the values as sentences.
  return { rest: pairs.map((pair) => pair.value).join(". ") };
}
