/**
 * What a text states facts about, by the offline rule extractor: its (entity, attribute) slots,
 * normalised as the graph stores them. Recall uses it to tell whether a newer
 * memory restates an older one ("보리 생일 3월 4일" → "보리 생일 3월 5일로 바뀜") or only shares words
 * with it (a dentist appointment and a dog's birthday on the same date).
 */
import { foldText } from "../text/korean.js";
import { entityDisplayName, normalizeAttribute } from "./normalize.js";
import { extractTriplets } from "./rule-extractor.js";

export interface FactSlots {
  /** `entity\u0000attribute`, folded. */
  slots: ReadonlySet<string>;
}

/** Texts remembered; recall asks about the same memories over and over. */
const CACHE_SIZE = 5000;
const cache = new Map<string, FactSlots>();

/** The entities and slots of `text` (cached by text). */
export function factSlots(text: string): FactSlots {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const slots = new Set<string>();
  for (const triplet of extractTriplets(text)) {
    const entity = foldText(entityDisplayName(triplet.entity));
    const attribute = normalizeAttribute(triplet.attribute);
    if (!entity || !attribute) continue;
    slots.add(`${entity}\u0000${foldText(attribute)}`);
  }
  const found = { slots };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(text, found);
  return found;
}

/** Whether two texts state a fact about the same (entity, attribute) slot. */
export function sharesFactSlot(a: FactSlots, b: FactSlots): boolean {
  for (const slot of a.slots) if (b.slots.has(slot)) return true;
  return false;
}
