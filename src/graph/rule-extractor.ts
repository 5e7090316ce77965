/**
 * Triplet extraction without a model, for the shapes people use to tell an assistant facts:
 * `key: value` lines, "또리 생일 8월 9일이야", "X의 Y는 Z", "X Y는 Z", "X's Y is Z", "나 복숭아 알레르기 있음",
 * phone numbers after a name, "Y로 옮겼어요", English "renews on March 3". Precision over recall: a clause
 * that fits no rule gives nothing. Measured with `scripts/eval-graph.ts`.
 */
import type { Triplet } from "../types.js";
import { containsHangul, foldText } from "../text/korean.js";
import { cleanValue, entityDisplayName, normalizeAttribute } from "./normalize.js";
import { CLAUSE_RULES } from "./rule-clauses.js";
import { firstNameLikeToken, isNameLike, type ClauseContext, type ExtractionState } from "./rule-common.js";
import { extractKeyValueLine } from "./rule-key-value.js";

/** Sentence boundaries: . ! ? followed by a space (so "3.2kg" stays whole), a dash between spaces, a newline. */
const SENTENCE_SPLIT_RE = /(?<=[.!?。])\s+|\s+[—–]\s+|\s+-\s+/u;
/** Clause boundary inside a sentence. */
const CLAUSE_SPLIT_RE = /\s*[,，;]\s*/u;
/** A clause naming an address keeps the commas of the address ("22-4, 2층"). */
const ADDRESS_CLAUSE_RE = /(?:^|\s)(?:주소|address)/iu;

/**
 * Extracts (entity, attribute, value) triplets from one memory text with rules only.
 *
 * @example extractTriplets("또리 생일 8월 9일이야") → [{ entity: "또리", attribute: "생일", value: "8월 9일" }]
 */
export function extractTriplets(text: string): Triplet[] {
  const state = newState();
  for (const rawLine of text.normalize("NFC").split(/\r?\n/u)) {
    const line = rawLine.replace(/\s+/gu, " ").trim();
    if (line.length === 0) continue;
    const read = extractKeyValueLine(line, state);
    if (read === undefined) continue;
    const korean = containsHangul(line);
    state.topic ??= firstNameLikeToken(read.rest);
    const topicBefore = state.topic;
    for (const sentence of read.rest.split(SENTENCE_SPLIT_RE)) extractSentence(sentence, state, korean);
    if (read.header !== undefined) linkHeader(read.header, topicBefore, state);
  }
  return state.triplets;
}

function newState(): ExtractionState {
  const seen = new Set<string>();
  const state: ExtractionState = {
    topic: undefined,
    triplets: [],
    emit(entity, attribute, value) {
      const triplet = {
        entity: entityDisplayName(entity),
        attribute: normalizeAttribute(attribute),
        value: cleanValue(value),
      };
      if (triplet.entity.length === 0 || triplet.attribute.length === 0 || triplet.value.length === 0)
        return false;
      if (foldText(triplet.entity) === foldText(triplet.value)) return false;
      const key = [triplet.entity, triplet.attribute, triplet.value].map(foldText).join("\u0000");
      if (!seen.has(key)) {
        seen.add(key);
        state.triplets.push(triplet);
      }
      return true;
    },
  };
  return state;
}

/**
 * "또리 다니는 동물병원: 성수 튼튼동물병원 02-…": the header's first word owns what the header's last word
 * names, i.e. the entity the rest of the line was about → (또리, 동물병원, 튼튼동물병원).
 */
function linkHeader(header: string, topicBefore: string | undefined, state: ExtractionState): void {
  const words = header.split(" ");
  const owner = words[0];
  const attribute = words[words.length - 1];
  const found = state.topic;
  if (words.length < 2 || owner === undefined || attribute === undefined || !isNameLike(owner)) return;
  if (found === undefined || found === topicBefore) return;
  state.emit(owner, attribute, found);
}

function extractSentence(rawSentence: string, state: ExtractionState, korean: boolean): void {
  const sentence = rawSentence.trim();
  // Questions state no fact ("또리 생일 언제야?").
  if (sentence.length === 0 || /[?？]\s*$/u.test(sentence)) return;
  for (const clause of splitClauses(sentence)) {
    const text = clause.replace(/[.!?~。]+$/u, "").trim();
    if (text.length === 0) continue;
    const context: ClauseContext = {
      text,
      tokens: text.split(" ").filter((token) => token.length > 0),
      korean,
      state,
    };
    for (const rule of CLAUSE_RULES) if (rule(context)) break;
  }
}

function splitClauses(sentence: string): string[] {
  const parts = sentence.split(CLAUSE_SPLIT_RE);
  const addressAt = parts.findIndex((part) => ADDRESS_CLAUSE_RE.test(part));
  if (addressAt < 0) return parts;
  return [...parts.slice(0, addressAt), parts.slice(addressAt).join(", ")];
}
