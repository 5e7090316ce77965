/**
 * `key: value, key: value` lines ("업체명: 한결세탁, 전화번호: 0507-2210-4431, 분류: 세탁소").
 * The name-like key (업체명, 이름, 상호, name …) names the entity; the other keys become its attributes.
 */
import { containsHangul, foldText } from "../text/korean.js";
import type { ExtractionState } from "./rule-common.js";
import { PHONE_RE } from "./rule-patterns.js";
import { ADDRESS_WORDS, COMMON_ATTRIBUTE_WORDS, NAME_KEYS } from "./words/attributes.js";
import { FILLER_WORDS } from "./words/function-words.js";
import { PLACE_NOUNS } from "./words/organisations.js";
import { FIRST_PERSON_KO } from "./normalize.js";

/** Words that open a header about the speaker's own thing ("우리 가게 …", "내 차 …"). */
const MY_WORDS = new Set(["우리", "저희", "내", "제"]);
import { findTypedValues } from "./rule-typed.js";

/**
 * A key starts the line or follows a separator — a comma, a semicolon, or a slash or bar between spaces
 * ("업체명: X / 분류: Y", "name: X | phone: …") — is short, and is followed by a colon and a space (so a
 * time like "19:10" is not a key, nor "화/금" a separator).
 */
const KEY_RE = /(?:^|[,，;]\s*|\s[/|｜]\s+)((?:[^,，;:：/|｜]|(?<=\S)[/|](?=\S)){1,30}?)\s*[:：]\s+/gu;
/** A value ends at a sentence end; what follows is ordinary text. */
const VALUE_END_RE = /(?<=\S)[.!?。]\s/u;

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
  const keys = [...line.matchAll(KEY_RE)];
  return keys.map((match, i) => {
    const start = match.index + match[0].length;
    const end = keys[i + 1]?.index ?? line.length;
    return { key: (match[1] ?? "").trim(), value: line.slice(start, end).trim() };
  });
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
      state.emit(pair.key, attribute, phones[i] ?? "");
    });
    return undefined;
  }
  // A lone header ("보리 다니는 동물병원: 망원 든든동물병원 02-330-1185"): read what follows it.
  const [only] = pairs;
  // "사무실 주소: 경기 성남시 …": the address of what the header names, commas and all.
  const rawHeaderWords = only?.key.split(" ") ?? [];
  // "우리 가게 달빛돈카츠 주소: …": a header opened by "우리/저희/내" names something of the speaker's.
  const mine = MY_WORDS.has(rawHeaderWords[0] ?? "");
  const headerWords = mine ? rawHeaderWords.slice(1) : rawHeaderWords;
  const headerLast = headerWords[headerWords.length - 1] ?? "";
  // "Dad's birthday: Apr 7", "보리 생일: 3월 4일": owner and attribute in the header, one typed value after it.
  const typed = only === undefined ? [] : findTypedValues(only.value);
  const wholeValue = typed.length === 1 && typed[0]?.value === only?.value;
  const ownerAndAttribute = headerWords.length >= 2 && headerWords.length <= MAX_HEADER_WORDS;
  if (
    pairs.length === 1 &&
    only !== undefined &&
    ownerAndAttribute &&
    (ADDRESS_WORDS.has(headerLast) || wholeValue)
  ) {
    let owner = headerWords.slice(0, -1).filter((word) => !FILLER_WORDS.has(word));
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
  // "정민호 대표님 번호 바뀌었대: 010-…" is a sentence with a colon, not a header.
  if (pairs.length === 1 && only !== undefined && phones[0] !== undefined)
    return { rest: `${only.key} ${only.value}` };
  if (pairs.length === 1 && only !== undefined) return { rest: only.value, header: only.key };
  // Several keys but no name key: read the values as sentences.
  return { rest: pairs.map((pair) => pair.value).join(". ") };
}
