/**
 * Writing extracted triplets into a property graph: `EntityNode(entity) -[attribute]-> EntityNode(value,
 * "Value")`, with history. A newer value for the same (entity, attribute) becomes the current fact; the
 * older relation stays with `current: false` and `supersededAt`. Values given together in one text
 * (심사위원: 한정우, 오경택, 신유리) are all current.
 */
import type { Triplet } from "../types.js";
import { cleanValue, entityDisplayName, normalizeAttribute, normalizeValue } from "./normalize.js";
import { foldText } from "../text/korean.js";
import {
  ENTITY_LABEL,
  VALUE_LABEL,
  nodeId,
  type EntityNode,
  type PropertyGraphView,
  type Relation,
  type StoredRelation,
} from "./types.js";

/** When and from which memory the triplets were said. */
export interface ApplyOptions {
  /** ms since the epoch. */
  at: number;
  memoryId?: string | undefined;
  /** Where the text was said (see RelationProperties.visibilities); default "private". */
  visibility?: string | undefined;
}

/** A fact as stored, with the node ids it used. */
export interface AppliedFact extends Triplet {
  entityId: string;
  valueId: string;
  /** False when a newer value was already current (an out-of-order ingest): stored as history. */
  current: boolean;
}

function relationKey(entityId: string, attribute: string, valueId: string, at: number): string {
  return `${entityId}-[${attribute}]->${valueId}@${at}`;
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

/** Sets the entity node's property for `attribute` to its current value(s). */
function refreshProperty(graph: PropertyGraphView, entityId: string, attribute: string): void {
  const current = graph
    .getTriplets({ relationNames: [attribute] })
    .filter(([source]) => source.id === entityId)
    .map(([, , target]) => target.name);
  const entity = graph.get({ ids: [entityId] })[0];
  if (entity === undefined || current.length === 0) return;
  graph.upsertNodes([
    { ...entity, properties: { [attribute]: current.length === 1 ? current[0] : current } },
  ]);
}

/**
 * Applies triplets to `graph` (call inside `GraphStore.update`). Entity names are matched against the
 * names already in the graph, so "또리는" joins an existing "또리".
 */
export function applyTriplets(
  graph: PropertyGraphView,
  triplets: readonly Triplet[],
  options: ApplyOptions,
): AppliedFact[] {
  const known = new Set(
    graph
      .get()
      .filter((n) => n.label === ENTITY_LABEL)
      .map((n) => foldText(n.name)),
  );
  const slotsInThisBatch = new Set<string>();
  const applied: AppliedFact[] = [];
  for (const triplet of triplets) {
    const entityName = entityDisplayName(triplet.entity, { knownNames: known });
    const attribute = normalizeAttribute(triplet.attribute);
    const valueText = cleanValue(triplet.value);
    if (entityName === "" || attribute === "" || valueText === "") continue;
    const [entity, value] = upsertEnds(graph, { entity: entityName, value: valueText });
    known.add(foldText(entity.name));

    const slot = `${entity.id}\u0000${attribute}`;
    const firstInBatch = !slotsInThisBatch.has(slot);
    slotsInThisBatch.add(slot);
    const currentInSlot = graph
      .relations()
      .filter((r) => r.source === entity.id && r.label === attribute && r.properties.current);
    const same = currentInSlot.find((r) => r.target === value.id);
    const newer = currentInSlot.filter((r) => r.properties.createdAt > options.at);
    const isCurrent = same !== undefined || newer.length === 0;
    const updates: Relation[] = [];
    const visibility = options.visibility ?? PRIVATE;
    if (same !== undefined && !visibilitiesOf(same).includes(visibility)) {
      // The same fact said again somewhere else: it may now be shown there too.
      updates.push({
        ...same,
        properties: { ...same.properties, visibilities: [...visibilitiesOf(same), visibility] },
      });
    }
    if (firstInBatch && isCurrent) {
      for (const old of currentInSlot) {
        if (old !== same) updates.push(supersede(old, options.at));
      }
    }
    if (same === undefined) {
      const supersededAt = isCurrent ? undefined : Math.min(...newer.map((r) => r.properties.createdAt));
      updates.push({
        id: relationKey(entity.id, attribute, value.id, options.at),
        source: entity.id,
        target: value.id,
        label: attribute,
        properties: {
          createdAt: options.at,
          current: isCurrent,
          ...(supersededAt === undefined ? {} : { supersededAt }),
          ...(options.memoryId === undefined ? {} : { sourceMemoryId: options.memoryId }),
          visibilities: [visibility],
        },
      });
    }
    graph.upsertRelations(updates);
    refreshProperty(graph, entity.id, attribute);
    applied.push({
      entity: entity.name,
      attribute,
      value: value.name,
      entityId: entity.id,
      valueId: value.id,
      current: isCurrent,
    });
  }
  return applied;
}

const PRIVATE = "private";

/** Where a relation may be shown; relations written before visibilities existed are private. */
export function visibilitiesOf(relation: Pick<Relation, "properties">): string[] {
  const v = relation.properties.visibilities;
  return Array.isArray(v) && v.every((x) => typeof x === "string") ? v : [PRIVATE];
}

/** Whether a relation may be shown where `allowed` visibilities apply (undefined: everywhere, e.g. in a DM). */
export function isVisible(
  relation: Pick<Relation, "properties">,
  allowed: readonly string[] | undefined,
): boolean {
  return allowed === undefined || visibilitiesOf(relation).some((v) => allowed.includes(v));
}

function supersede(relation: StoredRelation, at: number): StoredRelation {
  return { ...relation, properties: { ...relation.properties, current: false, supersededAt: at } };
}
