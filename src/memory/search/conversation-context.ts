import type { MemorySource } from "../../core/types.js";
import { CONTEXT_WINDOW_MS, type ConversationContext } from "./hybrid-ranking.js";
import type { KeywordDoc, KeywordIndex } from "./keyword-index.js";
import {
  antecedentOf,
  newestChangeOf,
  NOTES_COMPARED,
  NOTES_NEAR,
  type NoteSearch,
  steppedAmountOf,
} from "./successors.js";
import { namesRecurringAmount, saysFromWhen } from "../../extraction/amount-steps.js";
import { tokenize } from "../../text/tokenizer.js";

/**
 * Memories that are captured conversation — kept by the content filter from what was said, or
 * imported (chat logs) — have conversation context (rankHybrid step 4). What a user asked to be
 * remembered (`slack`) or an operator saved (`admin`) stands alone: two facts told one after the
 * other ("remember: dentist on Tuesday", "remember: Bori's birthday is Oct 27") are not each
 * other's context.
 */
const CONVERSATION_SOURCES: ReadonlySet<string> = new Set<MemorySource>(["autosave", "import"]);

function isConversation(doc: KeywordDoc | undefined): boolean {
  return doc?.source !== undefined && CONVERSATION_SOURCES.has(doc.source);
}

/** How many later notes that say from when a value holds are compared for a step of a recurring amount. */
export const STEPS_COMPARED = 8;
/** How many notes said after a result are looked at for them (a regular expression each). */
export const LATER_NOTES_SCANNED = 2000;

/**
 * Recall's conversation context over a user's index: only captured conversation has neighbours
 * ({@link CONVERSATION_SOURCES}), each in the result's channel and passing `accept` — the same
 * visibility and topic filter as the BM25 half. The memory said right after any result (`next`, of any
 * source, passing `accept`) is read only as a possible correction of it, and the one said next however
 * much later (`followUp`) only as a follow-up that points back at it (rankHybrid step 4). The note that
 * changes a result's fact later (`changedBy`) is looked for among all of the user's notes that pass
 * `accept`, whatever their source or channel: a change is mostly said apart from the first statement.
 */
export function conversationContext(
  index: KeywordIndex,
  accept: (doc: KeywordDoc) => boolean,
): ConversationContext {
  return {
    neighbours: (id) =>
      isConversation(index.get(id))
        ? index.neighbours(id, CONTEXT_WINDOW_MS).filter((doc) => isConversation(doc) && accept(doc))
        : [],
    next: (id) => {
      const doc = index.get(id);
      if (doc === undefined) return undefined;
      const after = index.neighbours(id, CONTEXT_WINDOW_MS).find((other) => other.timestamp > doc.timestamp);
      return after !== undefined && accept(after) ? after : undefined;
    },
    followUp: (id) => {
      const doc = index.get(id);
      if (doc === undefined) return undefined;
      const after = index
        .neighbours(id, Number.POSITIVE_INFINITY)
        .find((other) => other.timestamp > doc.timestamp);
      return after !== undefined && accept(after) ? after : undefined;
    },
    changedBy: (id, factSlots) => {
      const doc = index.get(id);
      return doc === undefined ? undefined : newestChangeOf(doc, noteSearch(index, accept), factSlots);
    },
    steppedBy: (id, factSlots) => {
      const doc = index.get(id);
      if (doc === undefined || !namesRecurringAmount(doc.text)) return undefined;
      // Bounded: the notes said after it that say from when a value holds, among the next LATER_NOTES_SCANNED.
      const later = index.around(
        id,
        "after",
        STEPS_COMPARED,
        (other) => accept(other) && saysFromWhen(other.text),
        LATER_NOTES_SCANNED,
      );
      return steppedAmountOf(doc, later, factSlots);
    },
    changes: (id, factSlots) => {
      const doc = index.get(id);
      return doc === undefined ? undefined : antecedentOf(doc, noteSearch(index, accept), factSlots);
    },
  };
}

/**
 * The user's notes that pass `accept`, searched with BM25; a content word's note count is that of its
 * rarest token (every note holding the word holds each of its tokens, so this bounds it from above).
 */
function noteSearch(index: KeywordIndex, accept: (doc: KeywordDoc) => boolean): NoteSearch {
  return {
    like: (text) =>
      index.search(text, { limit: NOTES_COMPARED, filter: accept }).flatMap((hit) => index.get(hit.id) ?? []),
    near: (doc, side) => index.around(doc.id, side, NOTES_NEAR, accept),
    frequency: (word) => {
      const counts = tokenize(word.slice(word.indexOf(":") + 1)).map((t) => index.documentFrequency(t));
      return counts.length === 0 ? index.size : Math.min(...counts);
    },
    size: index.size,
  };
}
