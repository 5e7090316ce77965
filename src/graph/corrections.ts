/**
 * A correction that names no thing, only a value or a name in place of another ("아니 58번 말고 59번",
 * "잘못 말했다, 합정동이야", "not Friday, Thursday"): the facts it gives, for the graph to apply as any
 * memory's triplets (graph-service.ts `ingestNow`). Reading the correction itself is fact-slots.ts'.
 */
import type { Triplet } from "../core/types.js";
import { ENTITY_LABEL, type GraphTriplet } from "../core/graph-types.js";
import { holdsContentWord } from "../extraction/content-words.js";
import {
  correctedValue,
  FactSlotMemo,
  negatedValues,
  rejectedWords,
  statesCorrectionOf,
} from "../extraction/fact-slots.js";
import { isFirstPerson } from "../extraction/normalize.js";
import { latestOf } from "./apply-triplets.js";

/**
 * How long after a fact was said a correction that names no thing may still be about it ("아니 58번
 * 말고 59번" a few messages on): the length of a conversation about one thing, not of a day.
 */
export const CORRECTION_WINDOW_MS = 10 * 60 * 1000;

/**
 * The facts of a correction that names no thing, only a value or a name in place of another ("아니 58번
 * 말고 59번", "잘못 말했다, 3457이야", "not Friday, Thursday", "아니 망원동 말고 합정동": fact-slots.ts
 * `correctedValue`): the slots of
 * the current facts it corrects (`statesCorrectionOf`, the fact read as a statement), with the new value
 * ({@link withCorrectedPart}: in place of the part of the old one it rejects, when it names that part).
 * Only facts said in the {@link CORRECTION_WINDOW_MS} before it, the latest memory's first: one that
 * rejects a value or a name by name ("58번 말고") may be about an earlier memory of the window that gave it; one
 * that only opens with a rejection ("잘못 말했다") is about the memory said last, or none.
 */
export function correctedFacts(
  triplets: readonly GraphTriplet[],
  text: string,
  at: number,
  memo: FactSlotMemo = new FactSlotMemo(),
): Triplet[] {
  const value = correctedValue(text, memo);
  if (value === undefined) return [];
  const recent = triplets.filter(
    ([entity, relation]) =>
      entity.label === ENTITY_LABEL &&
      relation.properties.current === true &&
      latestOf(relation) < at &&
      at - latestOf(relation) <= CORRECTION_WINDOW_MS,
  );
  const times = [...new Set(recent.map(([, relation]) => latestOf(relation)))].sort((a, b) => b - a);
  const negated = negatedValues(text);
  const namesOld = rejectedWords(text).length > 0;
  for (const time of namesOld ? times : times.slice(0, 1)) {
    const said = recent.filter(([, relation]) => latestOf(relation) === time);
    // Of a memory that gave one fact, that fact is what a correction naming no part of it puts right.
    const oneFact = said.length === 1;
    const corrected = said.filter(([entity, relation, old]) =>
      statesCorrectionOf(
        `${isFirstPerson(entity.name) ? "내" : entity.name} ${relation.label} ${old.name}`,
        text,
        memo,
        { oneFact },
      ),
    );
    if (corrected.length > 0)
      return corrected.map(([entity, relation, old]) => ({
        entity: entity.name,
        attribute: relation.label,
        value: withCorrectedPart(old.name, text, negated, value, memo),
      }));
  }
  return [];
}

/**
 * The old value with the part a correction rejects put right ("Friday at 3pm", "not 3pm, 4pm" → "Friday
 * at 4pm"; "내일 오후 4시", "4시 아니고 4시 반" → "내일 오후 4시 반"; "강남역 2번 출구", "강남역 말고 역삼역"
 * → "역삼역 2번 출구"): the one word of it that gives the rejected value or name, replaced by the new
 * one. The new value alone when no word or more than one does.
 */
function withCorrectedPart(
  old: string,
  text: string,
  negated: ReadonlySet<string>,
  value: string,
  memo: FactSlotMemo,
): string {
  const parts = old.split(" ");
  const names = rejectedWords(text).flatMap((word) => memo.words(word).content);
  const rejected = parts.flatMap((part, i) => {
    const read = memo.words(part);
    const byValue = [...read.values].some((v) => negated.has(v));
    const byName = read.content.length > 0 && read.content.every((word) => holdsContentWord(names, word));
    return byValue || byName ? [i] : [];
  });
  if (rejected.length !== 1 || parts.length === 1) return value;
  return parts.map((part, i) => (i === rejected[0] ? value : part)).join(" ");
}
