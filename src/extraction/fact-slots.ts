/**
 * What a text states facts about, by the offline rule extractor: its (entity, attribute) slots,
 * normalised as the graph stores them. Recall uses it to tell whether a newer memory restates an older
 * one ("보리 생일 3월 4일" → "보리 생일 3월 5일로 바뀜") or only shares words with it (a dentist
 * appointment and a dog's birthday on the same date); autosave uses it to tell an update from a new fact.
 *
 * There is no module-level state: a caller that asks about the same texts again and again (a retriever)
 * owns a {@link FactSlotMemo} and passes it in.
 */
import { foldText } from "../text/korean.js";
import { entityDisplayName, normalizeAttribute } from "./normalize.js";
import { extractTriplets } from "./rule-extractor.js";

export interface FactSlots {
  /** `entity\u0000attribute`, folded. */
  slots: ReadonlySet<string>;
}

/** The entities and slots of `text`. */
export function factSlots(text: string): FactSlots {
  const slots = new Set<string>();
  for (const triplet of extractTriplets(text)) {
    const entity = foldText(entityDisplayName(triplet.entity));
    const attribute = normalizeAttribute(triplet.attribute);
    if (!entity || !attribute) continue;
    slots.add(`${entity}\u0000${foldText(attribute)}`);
  }
  return { slots };
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

  constructor(private readonly capacity: number = DEFAULT_MEMO_TEXTS) {}

  /** The slots of `text`, read once per memo. */
  of(text: string): FactSlots {
    const hit = this.known.get(text);
    if (hit !== undefined) return hit;
    const found = factSlots(text);
    if (this.known.size >= this.capacity) this.known.delete(this.known.keys().next().value!);
    this.known.set(text, found);
    return found;
  }
}

/**
 * The one "same fact slot" test: whether two texts state a fact about the same (entity, attribute)
 * slot. Pass a memo to reuse what was read before; without one each text is read afresh.
 */
export function sameFactSlot(a: string, b: string, memo: FactSlotMemo = new FactSlotMemo()): boolean {
  return sharesFactSlot(memo.of(a), memo.of(b));
}
