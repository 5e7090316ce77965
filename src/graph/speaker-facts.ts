import type { Triplet } from "../core/types.js";
import { ENTITY_LABEL, type GraphTriplet } from "../core/graph-types.js";
import { sameContentWord, sameContentWords } from "../extraction/content-words.js";
import { FactSlotMemo } from "../extraction/fact-slots.js";
import { isFirstPerson } from "../extraction/normalize.js";
import { extractTriplets } from "../extraction/rule-extractor.js";
import { containsHangul } from "../text/korean.js";

/** The attributes of a date or time as the rules name them bare ("예약 날짜", "… 일시", "… 시간"). */
const DATED_ATTRIBUTE_RE = /(?:^|\s)(?:날짜|일시|시간|date|time)$/u;

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

/**
 * A note that says a date moved and names the thing by one bare noun ("예약 다음주로 밀림 5/16" after "내
 * 안과 정기검진 예약 5월 9일 …"): the rules read the noun as an entity of its own with a bare date
 * (예약: 날짜). When the graph knows no such entity and exactly one of the speaker's current dated facts
 * has that noun as the last word of its attribute (안과 정기검진 예약 일시), the date is that fact's new
 * value: read as the speaker's, so that it supersedes the old one. Two such facts (a dentist's and a
 * hairdresser's 예약) leave the note as it was read: which one moved is not said.
 */
export function asSpeakersDatedFacts(
  graph: readonly GraphTriplet[],
  triplets: readonly Triplet[],
  text: string,
  memo: FactSlotMemo = new FactSlotMemo(),
): Triplet[] {
  if (!memo.words(text).changes) return [...triplets];
  const known = new Set(graph.map(([entity]) => entity.name));
  return triplets.map((t) => {
    if (known.has(t.entity) || !isBareDatedFact(t, memo)) return t;
    const noun = memo.words(t.entity).content;
    const headed = new Map<string, string>();
    for (const [entity, relation] of graph) {
      if (entity.label !== ENTITY_LABEL || relation.properties.current !== true) continue;
      if (!isFirstPerson(entity.name) || !DATED_ATTRIBUTE_RE.test(relation.label)) continue;
      const words = memo.words(relation.label.replace(DATED_ATTRIBUTE_RE, "")).content;
      const head = words[words.length - 1];
      if (head !== undefined && sameContentWord(head, noun[0] as string))
        headed.set(relation.label, entity.name);
    }
    if (headed.size !== 1) return t;
    const [[attribute, speaker]] = [...headed] as [[string, string]];
    return { ...t, entity: speaker, attribute };
  });
}

/** Whether a fact is a bare date or time of an entity named by one noun, no one's (예약: 날짜). */
export function isBareDatedFact(t: Triplet, memo: FactSlotMemo = new FactSlotMemo()): boolean {
  return (
    !isFirstPerson(t.entity) &&
    DATED_ATTRIBUTE_RE.test(t.attribute) &&
    memo.words(t.entity).content.length === 1
  );
}
