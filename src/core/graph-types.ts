/**
 * Property-graph types, modelled on Python LlamaIndex's `SimplePropertyGraphStore`
 * (`EntityNode`, `Relation`, triplets of [source, relation, target]).
 */
import type { z } from "zod";
import type {
  entityNodeSchema,
  relationPropertiesSchema,
  relationSchema,
  relationSourceSchema,
} from "./graph-schema.js";
import type { Owner } from "./types.js";

/** Label of a node that names a thing (a person, a pet, a shop, "나"). */
export const ENTITY_LABEL = "Entity";
/**
 * Longest text either extractor reads, in characters: a memory is at most this long, and the cap guards
 * the model and the rules against pastes.
 */
export const MAX_EXTRACTION_CHARS = 4000;

/** Label of a node that holds a literal value ("10월 27일", "010-1234-5678"). */
export const VALUE_LABEL = "Value";

/** A node (see {@link entityNodeSchema}). */
export type EntityNode = z.infer<typeof entityNodeSchema>;

/** One memory a fact was said in (see {@link relationSourceSchema}). */
export type RelationSource = z.infer<typeof relationSourceSchema>;

/** Properties every relation carries (see {@link relationPropertiesSchema}). */
export type RelationProperties = z.infer<typeof relationPropertiesSchema>;

/** A stored relation: `source -[label]-> target`, id always set (see {@link relationSchema}). */
export type StoredRelation = z.infer<typeof relationSchema>;

/** A relation to upsert: {@link relationId} is its id when omitted. */
export type Relation = Omit<StoredRelation, "id"> & { id?: string };

/** [source node, relation, target node]. */
export type GraphTriplet = [EntityNode, StoredRelation, EntityNode];

/** Selects nodes: all given conditions must hold; an empty filter selects every node. */
export interface NodeFilter {
  ids?: readonly string[];
  /** Each listed property must equal the node's (strict equality). */
  properties?: Record<string, unknown>;
}

/** Selects triplets: all given conditions must hold. */
export interface TripletFilter {
  /** Source or target node name, compared after {@link normalizeName}-style folding (NFC, case, spaces). */
  entityNames?: readonly string[];
  /** Relation labels. */
  relationNames?: readonly string[];
  /** Also return superseded (`current: false`) relations. Default false. */
  includeHistory?: boolean;
}

/**
 * What to delete. `ids` / `entityNames` alone remove those nodes with every relation touching them;
 * `relationNames` alone removes those relations everywhere; `entityNames` with `relationNames` removes
 * only those relations of those entities. Value nodes left without relations are removed too.
 */
export interface DeleteFilter {
  ids?: readonly string[];
  entityNames?: readonly string[];
  relationNames?: readonly string[];
}

/** The whole graph as plain data (what `snapshot` returns and the JSON file holds). */
export interface GraphData {
  nodes: EntityNode[];
  relations: StoredRelation[];
}

/** Synchronous view of one graph, used inside {@link GraphStore.update}. */
export interface PropertyGraphView {
  get(filter?: NodeFilter): EntityNode[];
  getTriplets(filter?: TripletFilter): GraphTriplet[];
  relations(): StoredRelation[];
  upsertNodes(nodes: readonly EntityNode[]): void;
  upsertRelations(relations: readonly Relation[]): void;
  /** Deletes relations by id (value nodes left without relations go too). */
  deleteRelations(ids: readonly string[]): void;
  /** Replaces a node's properties (no merge). */
  setProperties(id: string, properties: Record<string, unknown>): void;
  delete(filter: DeleteFilter): void;
}

/**
 * The graph-store port: one user's property graph. Implementations serialise writers, so concurrent
 * calls never lose an update.
 */
export interface GraphStore {
  get(filter?: NodeFilter): Promise<EntityNode[]>;
  getTriplets(filter?: TripletFilter): Promise<GraphTriplet[]>;
  upsertNodes(nodes: readonly EntityNode[]): Promise<void>;
  upsertRelations(relations: readonly Relation[]): Promise<void>;
  delete(filter: DeleteFilter): Promise<void>;
  /**
   * Runs `fn` on the graph under the writer lock and persists the result once (all of it or none of
   * it). `fn` must be synchronous; if it throws, nothing changes.
   */
  update<T>(fn: (graph: PropertyGraphView) => T): Promise<T>;
}

/** One user's graph store, which can also delete the whole graph (a user's "forget everything"). */
export interface UserGraphStore extends GraphStore {
  drop(): Promise<void>;
}

/**
 * Where every user's graph lives: JSON files under DATA_DIR (one process) or PostgreSQL rows shared by
 * several replicas. `forUser` is cheap (no I/O); the service keeps one store per user for its cache.
 */
export interface GraphStores {
  readonly kind: "json" | "postgres";
  forUser(key: Owner): UserGraphStore;
}

/** Node id from an already-normalised name and a label, e.g. `nodeId("뭉치", "Entity") === "뭉치_Entity"`. */
export function nodeId(normName: string, label: string): string {
  return `${normName}_${label}`;
}

/** Default relation id: one relation per (source, label, target). */
export function relationId(relation: Pick<Relation, "source" | "label" | "target">): string {
  return `${relation.source}-[${relation.label}]->${relation.target}`;
}
