import { AppError } from "../core/errors.js";
import { foldText } from "../text/korean.js";
import {
  VALUE_LABEL,
  relationId,
  type DeleteFilter,
  type EntityNode,
  type GraphData,
  type GraphTriplet,
  type NodeFilter,
  type PropertyGraphView,
  type Relation,
  type StoredRelation,
  type TripletFilter,
} from "../core/graph-types.js";

/**
 * One property graph in memory, synchronous: the equivalent of LlamaIndex's `LabelledPropertyGraph`.
 * Persistence and locking live in {@link JsonPropertyGraphStore}; this class only keeps the maps
 * consistent (a relation always joins two existing nodes).
 */
export class InMemoryPropertyGraph implements PropertyGraphView {
  private readonly nodes = new Map<string, EntityNode>();
  private readonly edges = new Map<string, StoredRelation>();

  /** Builds a graph from plain data (a deep copy; the input is not kept). */
  static fromData(data: GraphData): InMemoryPropertyGraph {
    const graph = new InMemoryPropertyGraph();
    graph.upsertNodes(data.nodes);
    graph.upsertRelations(data.relations);
    return graph;
  }

  /** Plain data, deep-copied: nodes and relations in insertion order. */
  toData(): GraphData {
    return structuredClone({ nodes: [...this.nodes.values()], relations: [...this.edges.values()] });
  }

  /** A deep copy, so a failed transaction can be thrown away. */
  clone(): InMemoryPropertyGraph {
    return InMemoryPropertyGraph.fromData(this.toData());
  }

  /** Nodes matching every condition of `filter` (copies). */
  get(filter: NodeFilter = {}): EntityNode[] {
    const ids = filter.ids === undefined ? undefined : new Set(filter.ids);
    const wanted = Object.entries(filter.properties ?? {});
    return [...this.nodes.values()]
      .filter((node) => ids === undefined || ids.has(node.id))
      .filter((node) => wanted.every(([key, value]) => node.properties[key] === value))
      .map((node) => structuredClone(node));
  }

  /** All relations, current and superseded (copies). */
  relations(): StoredRelation[] {
    return [...this.edges.values()].map((relation) => structuredClone(relation));
  }

  /** [source, relation, target] for relations matching every condition of `filter` (copies). */
  getTriplets(filter: TripletFilter = {}): GraphTriplet[] {
    const names = filter.entityNames === undefined ? undefined : new Set(filter.entityNames.map(foldText));
    const labels = filter.relationNames === undefined ? undefined : new Set(filter.relationNames);
    const out: GraphTriplet[] = [];
    for (const relation of this.edges.values()) {
      if (!filter.includeHistory && !relation.properties.current) continue;
      if (labels !== undefined && !labels.has(relation.label)) continue;
      const source = this.nodes.get(relation.source);
      const target = this.nodes.get(relation.target);
      if (source === undefined || target === undefined) continue;
      if (names !== undefined && !names.has(foldText(source.name)) && !names.has(foldText(target.name))) {
        continue;
      }
      out.push(structuredClone([source, relation, target]));
    }
    return out;
  }

  /** Inserts nodes, or merges into an existing node of the same id (name/label replaced, properties merged). */
  upsertNodes(nodes: readonly EntityNode[]): void {
    for (const node of nodes) {
      if (node.id.length === 0) throw new AppError("bad_request", "A graph node needs a non-empty id");
      const existing = this.nodes.get(node.id);
      const properties = { ...(existing?.properties ?? {}), ...structuredClone(node.properties) };
      this.nodes.set(node.id, { id: node.id, name: node.name, label: node.label, properties });
    }
  }

  /** Inserts or replaces relations by id ({@link relationId} when missing). Both ends must exist. */
  upsertRelations(relations: readonly Relation[]): void {
    for (const relation of relations) {
      for (const end of [relation.source, relation.target]) {
        if (!this.nodes.has(end)) {
          throw new AppError("bad_request", "A relation must join two existing nodes", {
            details: { missingNode: end, label: relation.label },
          });
        }
      }
      const id = relation.id ?? relationId(relation);
      this.edges.set(id, { ...structuredClone(relation), id });
    }
  }

  /** Deletes relations by id; value nodes left without relations go too. */
  deleteRelations(ids: readonly string[]): void {
    for (const id of ids) this.edges.delete(id);
    this.pruneOrphanValues();
  }

  /** Replaces a node's properties (upsertNodes merges them). Unknown ids are ignored. */
  setProperties(id: string, properties: Record<string, unknown>): void {
    const node = this.nodes.get(id);
    if (node !== undefined) this.nodes.set(id, { ...node, properties: structuredClone(properties) });
  }

  /** Deletes nodes and/or relations; see {@link DeleteFilter} for the rules. */
  delete(filter: DeleteFilter): void {
    const names = filter.entityNames === undefined ? undefined : new Set(filter.entityNames.map(foldText));
    const labels = filter.relationNames === undefined ? undefined : new Set(filter.relationNames);
    const nodeIds = new Set(filter.ids ?? []);
    if (names !== undefined) {
      for (const node of this.nodes.values()) if (names.has(foldText(node.name))) nodeIds.add(node.id);
    }
    if (labels !== undefined) {
      const scoped = names !== undefined;
      for (const [id, relation] of this.edges) {
        if (!labels.has(relation.label)) continue;
        if (!scoped || nodeIds.has(relation.source) || nodeIds.has(relation.target)) this.edges.delete(id);
      }
      // With relationNames, entityNames only scopes the relations; ids still delete nodes.
      if (scoped) for (const id of nodeIds) if (!(filter.ids ?? []).includes(id)) nodeIds.delete(id);
    }
    for (const id of nodeIds) this.nodes.delete(id);
    for (const [id, relation] of this.edges) {
      if (nodeIds.has(relation.source) || nodeIds.has(relation.target)) this.edges.delete(id);
    }
    this.pruneOrphanValues();
  }

  private pruneOrphanValues(): void {
    const used = new Set<string>();
    for (const relation of this.edges.values()) used.add(relation.source).add(relation.target);
    for (const [id, node] of this.nodes)
      if (node.label === VALUE_LABEL && !used.has(id)) this.nodes.delete(id);
  }
}
