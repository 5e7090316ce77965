import type { Triplet } from "../core/types.js";
import { ENTITY_LABEL, type GraphTriplet } from "../core/graph-types.js";
import { sameContentWords } from "../extraction/content-words.js";
import { FactSlotMemo } from "../extraction/fact-slots.js";
import { isFirstPerson } from "../extraction/normalize.js";
import { extractTriplets } from "../extraction/rule-extractor.js";
import { containsHangul } from "../text/korean.js";

/**
 * The facts of a note that names no owner and gives no fact of its own, but opens with the attribute
 * of one of the speaker's current facts and says it changed ("혈압약 바꿈 이제 …" after "내 혈압약은 …";
 * "gym changed, now …" after "my gym is …"): Korean, and notes in English too, drop the 내 / my that
 * the first note had. The note is read again as the speaker's (내 / my before it), and only the facts of
 * that attribute are kept: what the rules would have read had the note said whose it is. None when the
 * words before the verb of change are not that attribute's words and no others ("헬스장 사물함 바꿈" is
 * the locker's change, not the gym's).
 */
export function speakersOwnFacts(
  triplets: readonly GraphTriplet[],
  text: string,
  memo: FactSlotMemo = new FactSlotMemo(),
): Triplet[] {
  const said = memo.words(text);
  if (said.changedAfter === undefined || said.changedAfter === 0) return [];
  const opening = said.content.slice(0, said.changedAfter);
  const attributes = new Set<string>();
  for (const [entity, relation] of triplets) {
    if (entity.label !== ENTITY_LABEL || relation.properties.current !== true) continue;
    if (!isFirstPerson(entity.name)) continue;
    const words = memo.words(relation.label).content;
    if (words.length === opening.length && sameContentWords(words, opening)) attributes.add(relation.label);
  }
  if (attributes.size === 0) return [];
  const owned = `${containsHangul(text) ? "내" : "my"} ${text}`;
  return extractTriplets(owned).filter(
    (t) =>
      isFirstPerson(t.entity) &&
      [...attributes].some((attribute) =>
        sameContentWords(memo.words(t.attribute).content, memo.words(attribute).content),
      ),
  );
}
