/**
 * Writing extracted triplets into a property graph, and taking them out again when the memories they
 * came from are forgotten: `EntityNode(entity) -[attribute]-> EntityNode(value, "Value")`.
 *
 * A fact is derived from memories. Each relation lists its sources (memory id, when it was said, where
 * it was said); the same fact said again adds a source. Which value of an (entity, attribute) slot is
 * current is derived from the sources too: the value(s) said last are current, older ones stay as
 * history (`current: false`, `supersededAt`). Values given together in one text (심사위원: 곽민재,
 * 표성진, 길나연) are all current. Forgetting a memory removes its sources; a relation with no source
 * left is gone, and the slot's currency is derived again from what remains — a superseded value whose
 * memory is deleted never comes back, and a current one whose memory is deleted gives way to the value
 * said before it, if its memory still exists.
 *
 * A later memory may say that a fact changed without giving a triplet of its slot ("락커 옮겼어 이제
 * 102번" after "내 락커 번호는 58번이야": the rules read no fact from a change note). Then the fact is
 * retired by it (`retiredBy`, a source of its own): no longer current, though no new value is known.
 * Forgetting the later memory takes the retirement away, and the fact is current again.
 */
import { isAllowed, PRIVATE } from "../core/visibility.js";
import type { Triplet } from "../core/types.js";
import {
  cleanValue,
  entityDisplayName,
  isFirstPerson,
  normalizeAttribute,
  normalizeValue,
} from "../extraction/normalize.js";
import {
  entityKnownAs,
  FactSlotMemo,
  slotAttribute,
  speakerAsOne,
  statesSameFact,
} from "../extraction/fact-slots.js";
import { holdsContentWord, sameContentWords } from "../extraction/content-words.js";
import { shiftedDate } from "../extraction/date-shift.js";
import { foldText } from "../text/korean.js";
import { isKinship } from "../extraction/rule-common.js";
import {
  ENTITY_LABEL,
  VALUE_LABEL,
  nodeId,
  type EntityNode,
  type GraphTriplet,
  type PropertyGraphView,
  type Relation,
  type RelationSource,
  type StoredRelation,
} from "../core/graph-types.js";

/** When, from which memory and where the triplets were said. */
export interface ApplyOptions {
  /** ms since the epoch. */
  at: number;
  memoryId?: string | undefined;
  /** Where the text was said (core/visibility.ts); default "private". */
  visibility?: string | undefined;
  /**
   * The memory's text: the current facts of earlier memories that it states with another value, in
   * slots its triplets leave alone, are retired by it ({@link restatedRelations}). Needs `memoryId`.
   */
  text?: string | undefined;
  /** Where the facts' statements are read once ({@link restatedRelations}). */
  memo?: FactSlotMemo | undefined;
}

/** A fact as stored, with the node ids it used. */
export interface AppliedFact extends Triplet {
  entityId: string;
  valueId: string;
  /** False when a newer value was already current (an out-of-order ingest): stored as history. */
  current: boolean;
}

/** Upserts one (entity, value) node pair, reusing existing display names. */
function upsertEnds(
  graph: PropertyGraphView,
  ends: { entity: string; value: string },
): [EntityNode, EntityNode] {
  const entityId = nodeId(foldText(ends.entity), ENTITY_LABEL);
  const valueId = nodeId(normalizeValue(ends.value), VALUE_LABEL);
  const [entity, value] = [entityId, valueId].map((id) => graph.get({ ids: [id] })[0]);
  const entityNode = { id: entityId, name: entity?.name ?? ends.entity, label: ENTITY_LABEL, properties: {} };
  const valueNode = { id: valueId, name: value?.name ?? ends.value, label: VALUE_LABEL, properties: {} };
  graph.upsertNodes([entityNode, valueNode]);
  return [entityNode, valueNode];
}

/**
 * Applies triplets to `graph` (call inside `GraphStore.update`). Entity names are matched against the
 * names already in the graph, so "뭉치는" joins an existing "뭉치". Facts this memory gave before (a
 * memory saved again under its id) are replaced, not added to.
 */
export function applyTriplets(
  graph: PropertyGraphView,
  triplets: readonly Triplet[],
  options: ApplyOptions,
): AppliedFact[] {
  const touched =
    options.memoryId === undefined ? new Set<string>() : removeSources(graph, [options.memoryId]);
  const known = new Set(
    graph
      .get()
      .filter((n) => n.label === ENTITY_LABEL)
      .map((n) => foldText(n.name)),
  );
  const source: RelationSource = {
    at: options.at,
    visibility: options.visibility ?? PRIVATE,
    ...(options.memoryId === undefined ? {} : { memoryId: options.memoryId }),
  };
  const written: Array<Omit<AppliedFact, "current">> = [];
  const given = new Set<string>();
  const changes =
    options.text !== undefined && (options.memo ?? new FactSlotMemo()).words(options.text).changes;
  for (const triplet of triplets) {
    const named = entityKnownAs(
      speakerAsOne(entityDisplayName(triplet.entity, { knownNames: known })),
      known,
    );
    const said = normalizeAttribute(triplet.attribute);
    const owner = changes ? ownerOfCompound(graph, known, named, said) : undefined;
    const entityName = owner?.entity ?? named;
    const attribute = owner?.attribute ?? said;
    const valueText = cleanValue(triplet.value);
    if (entityName === "" || attribute === "" || valueText === "") continue;
    const [entity, value] = upsertEnds(graph, { entity: entityName, value: valueText });
    known.add(foldText(entity.name));
    const existing = graph
      .relations()
      .find((r) => r.source === entity.id && r.label === attribute && r.target === value.id);
    const sources = existing ? [...sourcesOf(existing), source] : [source];
    graph.upsertRelations([
      withSources(
        existing ?? {
          id: `${entity.id}-[${attribute}]->${value.id}@${options.at}`,
          source: entity.id,
          target: value.id,
          label: attribute,
          properties: { createdAt: options.at, current: true },
        },
        sources,
      ),
    ]);
    touched.add(slotKey(entity.id, attribute));
    given.add(slotKey(entity.id, attribute));
    written.push({
      entity: entity.name,
      attribute,
      value: value.name,
      entityId: entity.id,
      valueId: value.id,
    });
  }
  if (options.text !== undefined && source.memoryId !== undefined) {
    const restated = new Set([
      ...restatedRelations(graph.getTriplets(), options.text, options.at, { given, memo: options.memo }),
      ...positionsPassedOn(graph, written, options.text, options.memo),
    ]);
    const retired = graph
      .relations()
      .filter((relation) => restated.has(relation.id))
      .map((relation) => withRetirements(relation, [...retirementsOf(relation), source]));
    if (retired.length > 0) graph.upsertRelations(retired);
    for (const relation of retired) touched.add(slotKey(relation.source, relation.label));
  }
  refreshSlots(graph, touched);
  const relations = graph.relations();
  return written.map((fact) => ({
    ...fact,
    current: relations.some(
      (r) =>
        r.source === fact.entityId &&
        r.label === fact.attribute &&
        r.target === fact.valueId &&
        r.properties.current,
    ),
  }));
}

/**
 * The one entity whose current fact a change note names by a compound it splits ("결혼식 장소 바뀜 이제 …"
 * after "동생 결혼식 … 더채플 청담": the rules read (결혼식, 장소, …), and 결혼식 is no entity of the graph
 * but the first half of 동생's attribute "결혼식 장소"): that entity and the whole attribute. Undefined
 * when `entity` is known or empty, or no entity or more than one has such a current fact.
 */
function ownerOfCompound(
  graph: PropertyGraphView,
  known: ReadonlySet<string>,
  entity: string,
  attribute: string,
): { entity: string; attribute: string } | undefined {
  if (entity === "" || attribute === "" || known.has(foldText(entity))) return undefined;
  const compound = normalizeAttribute(`${entity} ${attribute}`);
  const owners = new Set(
    graph
      .relations()
      .filter((relation) => relation.properties.current === true && relation.label === compound)
      .map((relation) => relation.source),
  );
  if (owners.size !== 1) return undefined;
  const [ownerId] = owners;
  const node = graph.get().find((n) => n.id === ownerId);
  return node === undefined ? undefined : { entity: node.name, attribute: compound };
}

/** The attributes that say which position someone holds. */
const POSITION_ATTRIBUTES: ReadonlySet<string> = new Set(["역할", "role", "직함", "title"]);
/** Positions one person holds at a time besides the heads (…장): homeroom teacher, the one in charge. */
const SINGLE_HOLDER_POSITIONS: ReadonlySet<string> = new Set([
  "담임",
  "담당",
  "담당자",
  "주치의",
  "총무",
  "manager",
  "boss",
  "team lead",
  "advisor",
  "landlord",
]);

/** A position without its honorific ("팀장님" → 팀장), folded. */
function bareTitle(value: string): string {
  return foldText(value.replace(/님$/u, ""));
}

/** Whether one person holds the position at a time: a head (팀장, 원장, 반장) or one of a short list. */
function singleHolder(title: string): boolean {
  return (title.length >= 2 && title.endsWith("장")) || SINGLE_HOLDER_POSITIONS.has(title);
}

/**
 * The relations of a position this memory gives to someone new, held by someone else until now ("팀장
 * 바뀜. 새 팀장님은 정우진" after "팀장님 이름은 박서연"): only for a position one person holds at a time,
 * and only when the memory says that something changed (바뀜, 새, new: fact-words.ts), since a note may
 * also name two people of one title ("1팀 팀장 A, 2팀 팀장 B").
 */
function positionsPassedOn(
  graph: PropertyGraphView,
  written: ReadonlyArray<Omit<AppliedFact, "current">>,
  text: string,
  memo: FactSlotMemo = new FactSlotMemo(),
): string[] {
  // The position as the title a person holds ("Sarah Lee: role = manager"), or as the speaker's own
  // attribute ("I: manager = Sarah Lee", "my manager is now …"): a change said either way passes it on.
  const titles = written.flatMap((fact): Array<{ title: string; holder: string }> =>
    POSITION_ATTRIBUTES.has(fact.attribute) && singleHolder(bareTitle(fact.value))
      ? [{ title: bareTitle(fact.value), holder: foldText(fact.entity) }]
      : isFirstPerson(fact.entity) && singleHolder(bareTitle(fact.attribute))
        ? [{ title: bareTitle(fact.attribute), holder: foldText(fact.value) }]
        : [],
  );
  if (titles.length === 0 || !memo.words(text).changes) return [];
  const names = new Map(graph.get().map((node) => [node.id, node.name]));
  const name = (id: string): string => names.get(id) ?? "";
  return graph
    .relations()
    .filter(
      (relation) =>
        relation.properties.current === true &&
        titles.some(
          ({ title, holder }) =>
            // Someone else holds the title ...
            (POSITION_ATTRIBUTES.has(relation.label) &&
              foldText(name(relation.source)) !== holder &&
              bareTitle(name(relation.target)) === title) ||
            // ... or the speaker's own attribute of it names someone else.
            (isFirstPerson(name(relation.source)) &&
              bareTitle(relation.label) === title &&
              foldText(name(relation.target)) !== holder),
        ),
    )
    .map((relation) => relation.id);
}

/**
 * Removes the facts these memories gave (call inside `GraphStore.update`): their sources leave every
 * relation, relations without a source are deleted, and each touched slot's current value is derived
 * again. Entity nodes left without any relation go too. Returns how many relations were deleted.
 */
export function forgetMemories(graph: PropertyGraphView, memoryIds: readonly string[]): number {
  const before = graph.relations().length;
  refreshSlots(graph, removeSources(graph, memoryIds));
  return before - graph.relations().length;
}

/** Takes the sources of `memoryIds` out of every relation; returns the slots touched. */
function removeSources(graph: PropertyGraphView, memoryIds: readonly string[]): Set<string> {
  const ids = new Set(memoryIds);
  const touched = new Set<string>();
  const gone: string[] = [];
  const changed: StoredRelation[] = [];
  const keep = (s: RelationSource) => s.memoryId === undefined || !ids.has(s.memoryId);
  for (const relation of graph.relations()) {
    const sources = sourcesOf(relation);
    const kept = sources.filter(keep);
    const retirements = retirementsOf(relation);
    const keptRetirements = retirements.filter(keep);
    if (kept.length === sources.length && keptRetirements.length === retirements.length) continue;
    touched.add(slotKey(relation.source, relation.label));
    if (kept.length === 0) gone.push(relation.id);
    else changed.push(withRetirements(withSources(relation, kept), keptRetirements));
  }
  if (gone.length > 0) graph.deleteRelations(gone);
  if (changed.length > 0) graph.upsertRelations(changed);
  return touched;
}

/**
 * Derives each slot's currency from its relations' sources: the value(s) whose latest source is the
 * slot's latest are current; every other one was superseded by the first value said after it. Then
 * the entity's properties are set to its current values, and entities with no relation left removed.
 */
function refreshSlots(graph: PropertyGraphView, slots: ReadonlySet<string>): void {
  if (slots.size === 0) return;
  const relations = graph.relations();
  const entities = new Set<string>();
  for (const slot of slots) {
    const [entityId, attribute] = splitSlot(slot);
    entities.add(entityId);
    const inSlot = relations
      .filter((r) => r.source === entityId && slotAttribute(r.label) === attribute)
      .map((r) => ({ relation: r, latest: latestOf(r) }));
    const updates: StoredRelation[] = [];
    for (const { relation, latest } of inSlot) {
      // A later value of the slot, or a later memory that said this value no longer holds.
      const later = [...inSlot.map((r) => r.latest), ...retirementsOf(relation).map((r) => r.at)].filter(
        (at) => at > latest,
      );
      const current = later.length === 0;
      const supersededAt = current ? undefined : Math.min(...later);
      if (relation.properties.current === current && relation.properties.supersededAt === supersededAt)
        continue;
      const { supersededAt: _old, ...properties } = relation.properties;
      updates.push({
        ...relation,
        properties: { ...properties, current, ...(supersededAt === undefined ? {} : { supersededAt }) },
      });
    }
    if (updates.length > 0) graph.upsertRelations(updates);
  }
  const after = graph.relations();
  for (const entityId of entities) {
    const own = after.filter((r) => r.source === entityId || r.target === entityId);
    if (own.length === 0) {
      graph.delete({ ids: [entityId] });
      continue;
    }
    const properties: Record<string, unknown> = {};
    const targets = new Map(graph.get().map((n) => [n.id, n.name]));
    for (const relation of own) {
      if (relation.source !== entityId || !relation.properties.current) continue;
      const value = targets.get(relation.target);
      if (value === undefined) continue;
      const values = (properties[relation.label] as string[] | undefined) ?? [];
      properties[relation.label] = [...values, value];
    }
    for (const [key, values] of Object.entries(properties)) {
      const list = values as string[];
      properties[key] = list.length === 1 ? list[0] : list;
    }
    graph.setProperties(entityId, properties);
  }
}

/**
 * A relation's sources. Files written before sources existed have one memory id, a creation time and
 * visibilities: they read as one source per visibility.
 */
export function sourcesOf(relation: Pick<Relation, "properties">): RelationSource[] {
  const { sources, sourceMemoryId, createdAt, visibilities } = relation.properties;
  if (Array.isArray(sources)) return sources as RelationSource[];
  const where =
    Array.isArray(visibilities) && visibilities.length > 0 ? (visibilities as string[]) : [PRIVATE];
  return where.map((visibility) => ({
    at: createdAt,
    visibility,
    ...(typeof sourceMemoryId === "string" ? { memoryId: sourceMemoryId } : {}),
  }));
}

/** Where a relation may be shown: one visibility per source. */
export function visibilitiesOf(relation: Pick<Relation, "properties">): string[] {
  return [...new Set(sourcesOf(relation).map((s) => s.visibility))];
}

/** Whether a relation may be shown where `allowed` visibilities apply (undefined: everywhere, e.g. a DM). */
export function isVisible(
  relation: Pick<Relation, "properties">,
  allowed: readonly string[] | undefined,
): boolean {
  return isAllowed(visibilitiesOf(relation), allowed);
}

/** The relation with these sources and the fields derived from them (first said, latest memory, where). */
function withSources<R extends Relation>(relation: R, sources: RelationSource[]): R {
  const latest = sources.reduce((a, b) => (b.at >= a.at ? b : a));
  const { sourceMemoryId: _old, ...properties } = relation.properties;
  return {
    ...relation,
    properties: {
      ...properties,
      createdAt: Math.min(...sources.map((s) => s.at)),
      ...(latest.memoryId === undefined ? {} : { sourceMemoryId: latest.memoryId }),
      visibilities: [...new Set(sources.map((s) => s.visibility))],
      sources,
    },
  };
}

/**
 * Which of `memoryIds` gave a fact that has since changed, as far as `allowed` shows: a fact one of
 * them said that is no longer current, replaced by a newer value of its slot (entity and attribute)
 * said later where it may be shown, or retired by a later memory said where it may be shown. A change
 * said only in a DM never marks a memory shown in a channel. One pass over the relations.
 */
export function changedSince(
  relations: readonly Pick<StoredRelation, "id" | "source" | "label" | "properties">[],
  memoryIds: ReadonlySet<string>,
  allowed: readonly string[] | undefined,
): Set<string> {
  const visible = (s: RelationSource) => isAllowed([s.visibility], allowed);
  const slotOf = (r: Pick<Relation, "source" | "label">) => slotKey(r.source, r.label);
  // Each slot's relations with the latest time a visible source said them.
  const saidIn = new Map<string, Array<{ id: string; at: number }>>();
  for (const relation of relations) {
    const times = sourcesOf(relation)
      .filter(visible)
      .map((s) => s.at);
    if (times.length === 0) continue;
    const slot = slotOf(relation);
    const said = saidIn.get(slot) ?? [];
    said.push({ id: relation.id, at: Math.max(...times) });
    saidIn.set(slot, said);
  }
  const changed = new Set<string>();
  for (const relation of relations) {
    if (relation.properties.current) continue;
    const retiredAt = retirementsOf(relation)
      .filter(visible)
      .map((s) => s.at);
    const others = (saidIn.get(slotOf(relation)) ?? []).filter((o) => o.id !== relation.id);
    for (const source of sourcesOf(relation)) {
      const id = source.memoryId;
      if (id === undefined || !memoryIds.has(id) || !visible(source)) continue;
      if (retiredAt.some((at) => at > source.at) || others.some((o) => o.at > source.at)) changed.add(id);
    }
  }
  return changed;
}

/**
 * The memories that said a relation's value no longer holds ({@link restatedRelations}), each as a
 * source (memory id, when, where).
 */
export function retirementsOf(relation: Pick<Relation, "properties">): RelationSource[] {
  const { retiredBy } = relation.properties;
  return Array.isArray(retiredBy) ? (retiredBy as RelationSource[]) : [];
}

/** The relation with these retirements (none: the property goes). */
function withRetirements<R extends Relation>(relation: R, retirements: RelationSource[]): R {
  const { retiredBy: _old, ...properties } = relation.properties;
  return {
    ...relation,
    properties: { ...properties, ...(retirements.length > 0 ? { retiredBy: retirements } : {}) },
  } as R;
}

/**
 * The ids of the current relations, said before `at`, whose fact `text` states with another value and
 * whose slot is not among `given` (the slots of its own triplets; a slot the rules read in both texts
 * is one of them): the fact as a statement ("내 락커 번호 58번", its entity as "내" when it is the
 * speaker) and the text state one fact by their words (fact-slots.ts `statesSameFact`: they share its
 * nouns and differ in its value). Only a relation whose entity or attribute shares a term with the text
 * (a content word, fact-words.ts) is read; pass a memo kept across calls to read each fact once.
 */
export function restatedRelations(
  triplets: readonly GraphTriplet[],
  text: string,
  at: number,
  options: { given?: ReadonlySet<string>; memo?: FactSlotMemo } = {},
): string[] {
  const given = options.given ?? new Set<string>();
  const memo = options.memo ?? new FactSlotMemo();
  const terms = new Set(memo.words(text).content);
  const ids: string[] = [];
  const holders = currentHoldersByAttribute(triplets);
  for (const [entity, relation, value] of triplets) {
    if (relation.properties.current !== true || latestOf(relation) >= at) continue;
    if (given.has(slotKey(relation.source, relation.label))) continue;
    const speaker = isFirstPerson(entity.name);
    // A relative's fact that no other current fact shares the attribute of ("my son's coach is …") is
    // also named by its attribute alone, as the speaker's own are ("the coach changed to …").
    const alone = !speaker && isKinship(entity.name) && holders.get(attributeKey(relation.label)) === 1;
    const namedBy = (asOwn: boolean): boolean => {
      const named = memo.words(asOwn ? relation.label : `${entity.name} ${relation.label}`).content;
      if (!named.some((word) => terms.has(word))) return false;
      const statement = `${asOwn ? "내" : entity.name} ${relation.label} ${value.name}`;
      return namesTheFact(
        memo,
        { entity: asOwn ? "" : entity.name, attribute: relation.label, statement },
        text,
      );
    };
    if (namedBy(speaker) || (alone && namedBy(true))) ids.push(relation.id);
  }
  return ids;
}

/**
 * The facts a note moves by an amount ("치과 예약 하루 당겨짐": extraction/date-shift.ts `dateShiftOf`,
 * `days`), with their values moved: each current fact whose value is a month-and-day date and whose
 * thing — its entity's words, or for the speaker's own fact its attribute's — the note names before the
 * move. What the rules would have read had the note given the new date ("치과 예약 12월 9일 오후 3시").
 */
export function shiftedFacts(
  triplets: readonly GraphTriplet[],
  text: string,
  days: number,
  at: number,
  memo: FactSlotMemo = new FactSlotMemo(),
): Triplet[] {
  const said = memo.words(text).content;
  const out: Triplet[] = [];
  for (const [entity, relation, value] of triplets) {
    if (relation.properties.current !== true || latestOf(relation) >= at) continue;
    const moved = shiftedDate(value.name, days, at);
    if (moved === undefined) continue;
    const thing = memo.words(isFirstPerson(entity.name) ? relation.label : entity.name).content;
    if (thing.length === 0 || !thing.every((word) => holdsContentWord(said, word))) continue;
    out.push({ entity: entity.name, attribute: relation.label, value: moved });
  }
  return out;
}

/**
 * Whether `text` is about the fact and states it with another value: it opens with the fact's thing
 * (its entity, or a word of the attribute for the speaker's own fact); before its first value it
 * names the attribute — a word of it when the fact's value is of a kind (a date, an amount, a number)
 * and the text gives one of that kind ("시간은 그대로" gives none), its last word otherwise (the place
 * of a meeting is not changed by the meeting's new date) — so the fact is what it is about, not a
 * reason it gives ("월세 이체일 25일로 바꿈, 카드값 날짜랑 맞추려고" leaves the card's date alone);
 * and the two state the same fact by their words (fact-slots.ts `statesSameFact`).
 */
function namesTheFact(
  memo: FactSlotMemo,
  fact: { entity: string; attribute: string; statement: string },
  text: string,
): boolean {
  const said = memo.words(text);
  const attribute = memo.words(fact.attribute).content;
  // The speaker's own fact is named by its attribute, which a note may shorten ("team standup" →
  // "standup moved to 10am"): any of its words may open the text.
  const things = fact.entity === "" ? attribute : memo.words(fact.entity).content.slice(0, 1);
  const opening = said.content[0];
  if (opening === undefined || !holdsContentWord(things, opening)) return false;
  // "헬스장 바꿈", "또리 사료 바꿈": the words before the verb of change are the fact's thing and its
  // attribute and no others, so the fact itself changed, whatever the note gives after.
  if (said.changedAfter !== undefined) {
    const before = said.content.slice(0, said.changedAfter);
    const whole = [...(fact.entity === "" ? [] : memo.words(fact.entity).content), ...attribute];
    if (before.length === whole.length && sameContentWords(before, whole)) return true;
  }
  const lead = said.content.slice(0, said.lead);
  const named = (word: string | undefined) => word !== undefined && holdsContentWord(lead, word);
  const stated = memo.words(fact.statement);
  if (stated.kinds.size > 0) {
    if (![...stated.kinds].some((kind) => said.kinds.has(kind)) || !attribute.some(named)) return false;
  } else if (!named(attribute.at(-1))) return false;
  return statesSameFact(fact.statement, text, memo);
}

/** How many current facts hold each attribute (`attributeKey`), whatever their entity. */
function currentHoldersByAttribute(triplets: readonly GraphTriplet[]): Map<string, number> {
  const holders = new Map<string, number>();
  for (const [, relation] of triplets) {
    if (relation.properties.current !== true) continue;
    const key = attributeKey(relation.label);
    holders.set(key, (holders.get(key) ?? 0) + 1);
  }
  return holders;
}

/** An attribute as one slot names it in either language, folded. */
function attributeKey(label: string): string {
  return foldText(slotAttribute(label));
}

/** When a relation was said last (its newest source). */
export function latestOf(relation: Relation): number {
  return Math.max(...sourcesOf(relation).map((s) => s.at));
}

/** An (entity, attribute) slot: one per attribute as fact-slots.ts `slotAttribute` names it. */
function slotKey(entityId: string, attribute: string): string {
  return `${entityId}\u0000${slotAttribute(attribute)}`;
}

function splitSlot(slot: string): [string, string] {
  const at = slot.indexOf("\u0000");
  return [slot.slice(0, at), slot.slice(at + 1)];
}
