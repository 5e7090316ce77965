/**
 * Triplet extraction without a model, for the shapes people use to tell an assistant facts:
 * `key: value` lines, "또리 생일 8월 9일이야", "X의 Y는 Z", "X Y는 Z", "X's Y is Z", "나 복숭아 알레르기 있음",
 * phone numbers after a name, "Y로 옮겼어요", English "renews on March 3". Precision over recall: a clause
 * that fits no rule gives nothing. Measured with `scripts/eval-graph.ts`.
 */
import type { Triplet } from "../types.js";
import { containsHangul } from "./hangul.js";
import { cleanValue, entityDisplayName, foldText, normalizeAttribute } from "./normalize.js";
import { CLAUSE_RULES } from "./rule-clauses.js";
import { firstNameLikeToken, type ClauseContext, type ExtractionState } from "./rule-common.js";
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
    const rest = extractKeyValueLine(line, state);
    if (rest === undefined) continue;
    state.topic ??= firstNameLikeToken(rest);
    for (const sentence of rest.split(SENTENCE_SPLIT_RE)) extractSentence(sentence, state);
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
      if (triplet.entity.length === 0 || triplet.attribute.length === 0 || triplet.value.length === 0) return false;
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

function extractSentence(rawSentence: string, state: ExtractionState): void {
  const sentence = rawSentence.trim();
  // Questions state no fact ("또리 생일 언제야?").
  if (sentence.length === 0 || /[?？]\s*$/u.test(sentence)) return;
  for (const clause of splitClauses(sentence)) {
    const text = clause.replace(/[.!?~。]+$/u, "").trim();
    if (text.length === 0) continue;
    const context: ClauseContext = {
      text,
      tokens: text.split(" ").filter((token) => token.length > 0),
      korean: containsHangul(text),
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
