import type { InMemoryPropertyGraph } from "./property-graph.js";
import type {
  DeleteFilter,
  EntityNode,
  GraphTriplet,
  NodeFilter,
  PropertyGraphView,
  Relation,
  TripletFilter,
  UserGraphStore,
} from "../core/graph-types.js";

/**
 * What every user graph store shares: reads go to the current graph (the store's cached copy, checked
 * against where it is kept), writes go through `update` (locked, all or nothing). A store says how to
 * get the current graph, how to update it and how to drop it: a JSON file or a PostgreSQL row.
 */
export abstract class GraphStoreBase implements UserGraphStore {
  protected abstract current(): Promise<InMemoryPropertyGraph>;
  abstract update<T>(fn: (graph: PropertyGraphView) => T): Promise<T>;
  abstract drop(): Promise<void>;

  async get(filter: NodeFilter = {}): Promise<EntityNode[]> {
    return (await this.current()).get(filter);
  }

  async getTriplets(filter: TripletFilter = {}): Promise<GraphTriplet[]> {
    return (await this.current()).getTriplets(filter);
  }

  async upsertNodes(nodes: readonly EntityNode[]): Promise<void> {
    await this.update((graph) => graph.upsertNodes(nodes));
  }

  async upsertRelations(relations: readonly Relation[]): Promise<void> {
    await this.update((graph) => graph.upsertRelations(relations));
  }

  async delete(filter: DeleteFilter): Promise<void> {
    await this.update((graph) => graph.delete(filter));
  }
}
