import type { Embedder } from "./embedder.js";
import type { Memory, Owner } from "./types.js";

/** The vector backends a configuration can name (`index_type`). */
export const INDEX_TYPES = ["chroma", "memory", "sqlite-vec", "pgvector"] as const;
export type IndexType = (typeof INDEX_TYPES)[number];

/**
 * The vector index port: where a deployment keeps its memories and their vectors
 * (`[memory.vector] index_type`). Every backend — Chroma, in-process, sqlite-vec, pgvector — passes
 * the same contract suite (test/backends/vector-index-contract.ts). The index is the source of
 * truth for memories; a user's BM25 index is built from {@link VectorIndex.list} when first needed.
 *
 * Isolation is the backend's job as well as the caller's: a query never returns another user's or
 * another team's row, and with `visibilities` (a channel) only rows of those visibilities. Memories
 * are owned by (team, user); ids are unique per owner.
 */

export type SimilarityMetric = "cosine" | "dot_product" | "euclidean";

export const SIMILARITY_METRICS: readonly SimilarityMetric[] = ["cosine", "dot_product", "euclidean"];

/** An owner with how many memories (rows) they have. */
export interface OwnerCount extends Owner {
  memories: number;
}

export interface VectorHit {
  memory: Memory;
  /** The metric's similarity, higher is nearer (see {@link similarityFrom}). */
  similarity: number;
}

/**
 * A memory with the vector the index holds for it: what a backup keeps and a migration copies, so a
 * target of the same embedder (same id and dimension) stores it without embedding it again.
 */
export interface MemoryWithVector {
  memory: Memory;
  vector: number[];
}

/** How an upsert writes (see {@link VectorIndex.upsert}). */
export interface UpsertOptions {
  fresh?: ReadonlySet<string>;
  /**
   * One vector per memory, made by this index's embedder (a restore or a migration from an index of the
   * same embedder id): stored as given instead of embedding the texts. A count or a dimension that does
   * not fit is AppError `bad_request`.
   */
  vectors?: readonly (readonly number[])[] | undefined;
}

export interface VectorQuery extends Owner {
  vector: number[];
  /** Only rows of these visibilities (a channel recall); all of the user's rows when absent. */
  visibilities?: readonly string[] | undefined;
  topK: number;
  /** `similarity_threshold`: no hit below this similarity (the metric's, see {@link similarityFrom}). */
  minSimilarity?: number | undefined;
}

/** What `/healthz` and the logs say about the index. */
export interface VectorIndexInfo {
  kind: IndexType;
  /** The namespace (see {@link indexNamespace}): its collections, tables or rows are this index's. */
  namespace: string;
  metric: SimilarityMetric;
  /** Where the vectors live: a URL (credentials removed), a file, or "process memory". */
  location: string;
  /** The HNSW search breadth in use, or null where the backend searches exactly (no HNSW). */
  efSearch: number | null;
}

export interface VectorIndex {
  readonly info: VectorIndexInfo;

  /**
   * Saves memories, embedding them; an existing id of the same owner is replaced wherever it was (no
   * duplicate rows). Ids in `fresh` were just generated and cannot exist yet (a backend may skip
   * looking for them). With `vectors`, stores those instead of embedding ({@link UpsertOptions}).
   */
  upsert(memories: Memory[], options?: UpsertOptions): Promise<void>;

  /** The owner's nearest memories to `vector`, one hit per memory, best first, at most `topK`. */
  query(query: VectorQuery): Promise<VectorHit[]>;

  /** The embedding of a query text, through the same model as the stored vectors. */
  embedQuery(text: string): Promise<number[]>;

  get(owner: Owner, id: string): Promise<Memory | undefined>;

  /** One page of the owner's memories in a stable order; `offset` is the paging cursor. */
  list(owner: Owner, options: { limit: number; offset: number }): Promise<Memory[]>;

  /**
   * The same page as {@link list} (same order and cursor), each memory with its stored vector as the
   * embedder made it (a backup, a migration): what {@link UpsertOptions.vectors} takes back.
   */
  listWithVectors(owner: Owner, options: { limit: number; offset: number }): Promise<MemoryWithVector[]>;

  /** Deletes these memories of the owner (ids they do not have are ignored). */
  delete(owner: Owner, ids: string[]): Promise<void>;

  /** Deletes every memory of the owner. */
  deleteAll(owner: Owner): Promise<void>;

  /**
   * Every memory of every owner, page by page (a whole-namespace export or check; the app itself reads
   * one owner at a time: BM25 is built per user from {@link list}).
   */
  scan(pageSize?: number): AsyncGenerator<Memory[]>;

  /** How many memories (rows) the owner has. */
  count(owner: Owner): Promise<number>;

  /**
   * Every owner with at least one memory, with their counts, by team then user: the admin console's
   * user list. Read from the store each time (other processes write to it too).
   */
  owners(): Promise<OwnerCount[]>;

  /**
   * Optional: builds the owner's in-process search structures now (sqlite-vec's int8 copy of a large
   * owner) and resolves when they are ready. Queries never wait for them (the backend searches
   * exactly meanwhile); benchmarks call it before timing, so that they time the steady state.
   */
  warmUp?(owner: Owner): Promise<void>;

  /**
   * Optional: another process changed the owner's memories (the change feed says so; `"all"` when
   * changes may have been missed). A backend that caches something about owners (Chroma: which
   * collections exist) looks again before the owner's next use.
   */
  invalidate?(owner: Owner | "all"): void;

  /**
   * Optional: a token that every write to the owner's memories replaces, whichever process makes it
   * (undefined: the owner has none, or none was written yet). Two equal readings around a
   * {@link list} of every page mean the listing is the owner's memories as of that token, and stays so
   * while the token does: the BM25 build keeps it on disk (memory/search/keyword-snapshots.ts). Chroma has
   * it, being slow to list; the other backends list fast enough to rebuild.
   */
  version?(owner: Owner): Promise<string | undefined>;

  /** Whether the backend answers. Never throws. */
  ping(): Promise<boolean>;

  /** Deletes everything in this index's namespace (a throw-away eval namespace, tests); returns a count. */
  dropAll(): Promise<number>;

  /** Releases connections and files (the process goes on; the data stays where it persists). */
  close(): Promise<void>;
}

/**
 * The metric's similarity, in which `similarity_threshold` is read (higher is nearer), from the
 * metric's raw measure:
 *
 * - `cosine`: raw = cosine distance; similarity = 1 − distance (the cosine);
 * - `dot_product`: raw = the inner product; similarity = the inner product (for unit vectors, the
 *   cosine). Engines that return it negated or as `1 − dot` (pgvector `<#>`, Chroma `ip`) convert first;
 * - `euclidean`: raw = the L2 distance (not squared); similarity = 1 / (1 + L2), in (0, 1]. For unit
 *   vectors 0.5 is the same boundary as a cosine of 0.5 (L2 = 1).
 */
export function similarityFrom(metric: SimilarityMetric, raw: number): number {
  switch (metric) {
    case "cosine":
      return 1 - raw;
    case "dot_product":
      return raw;
    case "euclidean":
      return 1 / (1 + Math.max(0, raw));
  }
}

/**
 * A cosine threshold read in the metric's similarity ({@link similarityFrom}), for unit-length vectors
 * (what every embedder here produces: Ollama's `/api/embed` and the offline one normalise): the inner
 * product is the cosine, and L2² = 2 − 2·cos. 0 stays 0 ("no floor" in every metric).
 */
export function similarityForCosine(metric: SimilarityMetric, cosine: number): number {
  if (metric !== "euclidean" || cosine === 0) return cosine;
  return similarityFrom("euclidean", Math.sqrt(Math.max(0, 2 - 2 * cosine)));
}

/** The inverse of {@link similarityForCosine}: the cosine of unit vectors from the metric's similarity. */
export function cosineForSimilarity(metric: SimilarityMetric, similarity: number): number {
  if (metric !== "euclidean") return similarity;
  const l2 = similarity > 0 ? 1 / similarity - 1 : Infinity;
  return Math.max(-1, 1 - (l2 * l2) / 2);
}

/** The similarity of two vectors under a metric (exact; the in-process backend and tests use it). */
export function similarityOf(metric: SimilarityMetric, a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  let l2 = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    aa += x * x;
    bb += y * y;
    l2 += (x - y) * (x - y);
  }
  switch (metric) {
    case "cosine":
      return aa === 0 || bb === 0 ? 0 : dot / Math.sqrt(aa * bb);
    case "dot_product":
      return dot;
    case "euclidean":
      return similarityFrom("euclidean", Math.sqrt(l2));
  }
}

/**
 * The name of an index's namespace: the prefix (VECTOR_NAMESPACE_PREFIX, or a throw-away eval one),
 * the embedder id (vectors of different models never share a table or collection) and the metric
 * when it is not cosine (an index is built for one metric). Letters, digits, `.`, `_`, `-` only;
 * backends with stricter names (PostgreSQL's 63 characters) shorten it themselves.
 */
export function indexNamespace(prefix: string, embedderId: string, metric: SimilarityMetric): string {
  return `${prefix}_${embedderId}${metric === "cosine" ? "" : `_${metric}`}`
    .replace(/[^a-zA-Z0-9._-]+/g, "_")
    .replace(/^[^a-zA-Z0-9]+|[^a-zA-Z0-9]+$/g, "")
    .slice(0, 200);
}

/** What every backend is built from (the factory fills it from the config). */
export interface VectorIndexOptions {
  embedder: Embedder;
  /** Texts per embedding request. */
  embedBatchSize: number;
  metric: SimilarityMetric;
  /** `[memory.vector] ef_search`: used where the backend has HNSW. */
  efSearch: number;
  /** See {@link indexNamespace}. */
  namespace: string;
  /** Upper bound on one call to a remote backend, ms. */
  timeoutMs: number;
}

/** Owners by team then user (code-point order, the same on every backend). */
export function sortOwners(owners: OwnerCount[]): OwnerCount[] {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return owners.sort((a, b) => cmp(a.teamId, b.teamId) || cmp(a.userId, b.userId));
}

/** `<team>\0<user>`: a map key for an owner. */
export function ownerKey(owner: Owner): string {
  return `${owner.teamId}\u0000${owner.userId}`;
}

/** Embeds texts through an embedder in batches of `batchSize` (one request per batch). */
export async function embedInBatches(
  embed: (texts: string[]) => Promise<number[][]>,
  texts: string[],
  batchSize: number,
): Promise<number[][]> {
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += batchSize) out.push(...(await embed(texts.slice(i, i + batchSize))));
  return out;
}
