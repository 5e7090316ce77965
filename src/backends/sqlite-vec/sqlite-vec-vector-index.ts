import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { AppError } from "../../core/errors.js";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../../util/private-files.js";
import type { Memory, Owner } from "../../core/types.js";
import {
  embedInBatches,
  ownerKey,
  similarityFrom,
  similarityOf,
  type OwnerCount,
  sortOwners,
  type SimilarityMetric,
  type VectorHit,
  type VectorIndex,
  type VectorIndexInfo,
  type VectorIndexOptions,
  type VectorQuery,
} from "../../core/vector-index.js";
import { visibilityOf } from "../../core/visibility.js";
import {
  coarseLimit,
  Int8Rows,
  int8ScanIsFast,
  LARGE_OWNER_ROWS,
  MIN_CANDIDATES,
  OVERSAMPLE,
} from "../int8-scan.js";

export interface SqliteVecVectorIndexOptions extends VectorIndexOptions {
  /** The database file (`DATA_DIR/vectors.sqlite`); its directory is created if missing. */
  path: string;
  /** Owners with fewer rows are searched exactly by vec0 (default {@link APPROX_MIN_ROWS}). */
  approxMinRows?: number;
  /**
   * The int8 copy is built in slices of about this many ms of CPU, each in its own turn of the event
   * loop (default {@link BUILD_SLICE_MS}).
   */
  buildSliceMs?: number;
  /** The coarse pass keeps max(topK × this, {@link MIN_CANDIDATES}) rows (default {@link OVERSAMPLE}). */
  oversample?: number;
}

/** Below this many rows an owner is searched exactly by vec0 (see {@link LARGE_OWNER_ROWS}). */
export const APPROX_MIN_ROWS = LARGE_OWNER_ROWS;
export { MIN_CANDIDATES, OVERSAMPLE };
/** At most this many owners' int8 copies are kept (the least recently built is dropped). */
const MAX_CACHED_OWNERS = 8;
/** CPU per slice of an int8 copy's background build, ms (the event loop runs between slices). */
export const BUILD_SLICE_MS = 10;
/** Rows read per statement of a build (a slice reads pages until its time is up). */
const BUILD_PAGE_ROWS = 256;

/** A large owner's int8 copy: being built in the background, or ready to search. */
interface Int8Copy {
  rows: Int8Rows;
  /** Every row is in: queries use it (until then the exact KNN answers). */
  ready: boolean;
  /** The build: true once ready, false if abandoned. */
  built: Promise<boolean>;
}

/** The registry of namespaces in a file: one row per namespace, created with its tables. */
const NAMESPACES = "vector_namespaces";

/** vec0 answers at most this many neighbours per KNN query. */
const MAX_K = 4096;

/** Rows per page when `scan` is called without a page size. */
export const SQLITE_SCAN_PAGE_SIZE = 1000;

/** Page cache and memory map for the vector chunks: an exact scan reads every one of the owner's. */
const MMAP_BYTES = 1 << 30;
const CACHE_KIB = 256 * 1024;

/** A namespace's row in {@link NAMESPACES}. */
interface NamespaceRow {
  namespace: string;
  /** Its tables are `<prefix>_memories`, `<prefix>_owners` and `<prefix>_vectors` (vec0). */
  prefix: string;
  metric: SimilarityMetric;
  /** The embedder's vector size (the vec0 column has one more for dot_product). */
  dimension: number;
  embedder: string;
  /** dot_product only: the bound M on stored norms (see {@link SqliteVecVectorIndex}). */
  max_norm: number;
}

/** The prepared statements of one namespace's tables (made once it exists). */
interface Statements {
  ownerOf: Database.Statement<[string, string], { owner: number | bigint }>;
  addOwner: Database.Statement<[string, string]>;
  putMemory: Database.Statement<[bigint, string, string, string], { seq: number | bigint }>;
  seqOf: Database.Statement<[bigint, string], { seq: number | bigint }>;
  deleteMemory: Database.Statement<[bigint]>;
  deleteVector: Database.Statement<[bigint]>;
  insertVector: Database.Statement<[bigint, bigint, string, Buffer]>;
  get: Database.Statement<[bigint, string], { memory: string }>;
  list: Database.Statement<[bigint, number, number], { memory: string }>;
  scan: Database.Statement<[number, number], { seq: number; memory: string }>;
  count: Database.Statement<[bigint], { n: number }>;
  owners: Database.Statement<[], { team: string; user: string; n: number }>;
  seqsOf: Database.Statement<[bigint], { seq: number | bigint }>;
  /**
   * A page of one owner's rows after a `seq`, in `seq` order, with their visibilities (from the
   * memories: vec0's metadata column is slower) and vectors: the int8 copy is built from them.
   */
  ownerVectorPage: Database.Statement<
    [bigint, number, number],
    { seq: number; visibility: string; embedding: Buffer }
  >;
  /** One row's stored vector (the exact rescore). */
  vectorOf: Database.Statement<[bigint], { embedding: Buffer }>;
  memoryOf: Database.Statement<[bigint, bigint], { memory: string }>;
  /** KNN per number of visibilities (0: no visibility filter), made when first asked. */
  knn: Map<number, Database.Statement<unknown[], { memory: string; distance: number }>>;
}

/**
 * `index_type = "sqlite-vec"`: memories and their vectors in one local SQLite file
 * (`DATA_DIR/vectors.sqlite`) through better-sqlite3 and the sqlite-vec extension — no server, WAL
 * mode, persistent. No HNSW (`ef_search` does not apply and `info.efSearch` is null); the search:
 *
 * - an owner with fewer than `approxMinRows` rows (default {@link APPROX_MIN_ROWS}): exact, vec0
 *   compares the query with every one of the owner's vectors (the bundled vec0.so has no AVX, so the
 *   cost grows with the owner's rows; docs/benchmarks.md, "Per backend");
 * - a larger owner: two passes. An int8 copy of the owner's vectors ({@link Int8Rows}: per-vector
 *   scaled codes, about 0.5 KiB per 512-d row) kept in this process is scanned with WebAssembly SIMD
 *   for the max(topK × oversample, {@link MIN_CANDIDATES}) best rows under the
 *   metric, with the channel's visibilities applied in the scan; those rows' stored float vectors
 *   are then rescored exactly, and `minSimilarity` cuts on the exact similarity. The similarities
 *   are exact and the hits are the exact top-k unless a true neighbour falls outside the candidates
 *   (recall@10 against exact: docs/benchmarks.md, `tools/bench/sqlite-vec-probe.ts`).
 *
 * The int8 copy is derived, never stored (so files written before it need no migration). The
 * owner's first large query starts building it in the background from the stored rows (a read of
 * every row, in slices of {@link BUILD_SLICE_MS} between which the event loop runs); until it
 * is complete the exact KNN answers. It is updated by this index's own writes once they commit
 * (during the build too), and dropped whole when `PRAGMA data_version` shows another connection's
 * commit (another process: the next query starts building it again, the exact KNN answering
 * meanwhile). At most {@link MAX_CACHED_OWNERS} owners' copies are kept.
 *
 * Per namespace (see indexNamespace) three tables, named from it and listed in `vector_namespaces`
 * with the metric and dimension:
 *
 * - `<prefix>_owners`: (team, user) → a small integer, the owner key everywhere else;
 * - `<prefix>_memories`: `seq` (insertion order: the stable order of `list` and `scan`), owner, id
 *   (unique per owner), visibility and the memory as JSON — the source of truth;
 * - `<prefix>_vectors`: a vec0 table keyed by `seq`, with the owner as its **partition key** (vec0
 *   keeps each owner's vectors in their own chunks, so a KNN query reads only that owner's) and the
 *   visibility as a metadata column (a channel's filter is applied during the KNN, not after it: no
 *   over-fetch, exactly `topK` when there are as many).
 *
 * The vec0 table is created by the first upsert, from the vectors' length; a later vector of another
 * length, or an embedder of another dimension opening the namespace, is AppError `store_failed`.
 *
 * Metrics: `cosine` and `euclidean` are vec0's own (`distance_metric=cosine` / `L2`). vec0 has no
 * inner product, so `dot_product` is reduced to L2 exactly (maximum inner product search as nearest
 * neighbour, Bachrach et al. 2014): a stored vector x becomes [x, √(M² − |x|²)] and the query q
 * becomes [q, 0], where M bounds every stored norm; then L2² = |q|² + M² − 2q·x, so the L2 order is
 * the inner-product order and q·x = (|q|² + M² − L2²) / 2 is recovered exactly (up to float32
 * rounding). M is kept in `vector_namespaces.max_norm`, with headroom; a vector longer than M raises
 * it and rewrites the extra component of the namespace's rows (rare: embedders normalise).
 *
 * Writes are one transaction per upsert call, through prepared statements. better-sqlite3 is
 * synchronous: a call holds the event loop for its duration (a large batch: seconds).
 */
export class SqliteVecVectorIndex implements VectorIndex {
  readonly info: VectorIndexInfo;
  private readonly tables: { memories: string; owners: string; vectors: string };
  private readonly ownerIds = new Map<string, bigint>();
  /** The namespace's row and statements, once its tables exist (read again while they do not). */
  private state: { row: NamespaceRow; statements: Statements } | undefined;
  /** Large owners' int8 copies (see {@link Int8Rows}), valid while `data_version` is `cachedVersion`. */
  private readonly caches = new Map<bigint, Int8Copy>();
  private cachedVersion: number | undefined;
  private closed = false;

  private constructor(
    private readonly db: Database.Database,
    private readonly options: SqliteVecVectorIndexOptions,
    private readonly prefix: string,
  ) {
    this.info = {
      kind: "sqlite-vec",
      namespace: options.namespace,
      metric: options.metric,
      location: options.path,
      efSearch: null,
    };
    this.tables = {
      memories: quote(`${prefix}_memories`),
      owners: quote(`${prefix}_owners`),
      vectors: quote(`${prefix}_vectors`),
    };
  }

  /**
   * Opens (creating if needed) the file and this namespace's entry. A namespace already holding
   * vectors of another dimension or metric than the options' is AppError `store_failed`.
   */
  static async open(options: SqliteVecVectorIndexOptions): Promise<SqliteVecVectorIndex> {
    let db: Database.Database | undefined;
    try {
      mkdirSync(dirname(options.path), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Created 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database's mode.
      closeSync(openSync(options.path, "a", PRIVATE_FILE_MODE));
      db = new Database(options.path);
      sqliteVec.load(db);
      db.pragma("journal_mode = WAL");
      // A deleted row's bytes are overwritten with zeros, not left in a free part of a page.
      db.pragma("secure_delete = ON");
      db.pragma("synchronous = NORMAL");
      db.pragma("busy_timeout = 5000");
      db.pragma(`mmap_size = ${MMAP_BYTES}`);
      db.pragma(`cache_size = -${CACHE_KIB}`);
      db.exec(
        `create table if not exists ${NAMESPACES} (
           namespace text primary key,
           prefix text not null unique,
           metric text not null,
           dimension integer not null,
           embedder text not null,
           max_norm real not null,
           created_at integer not null
         )`,
      );
    } catch (err) {
      db?.close();
      throw new AppError(
        "store_failed",
        `sqlite-vec: cannot open ${options.path}: ${(err as Error).message}`,
        {
          cause: err,
          details: { path: options.path },
        },
      );
    }
    const index = new SqliteVecVectorIndex(db, options, tablePrefix(options.namespace));
    try {
      const row = index.namespaceRow();
      if (row) index.checkCompatible(row, options.embedder.dimension);
    } catch (err) {
      db.close();
      throw err;
    }
    return index;
  }

  /**
   * Saves memories, embedding them in batches of `embedBatchSize`; an existing id of the same owner
   * is replaced in place (its `seq`, so its place in `list`, stays). One transaction for the call.
   */
  async upsert(memories: Memory[], options: { fresh?: ReadonlySet<string> } = {}): Promise<void> {
    if (memories.length === 0) return;
    const vectors = await embedInBatches(
      (texts) => this.options.embedder.embed(texts),
      memories.map((m) => m.text),
      this.options.embedBatchSize,
    );
    if (vectors.length !== memories.length) {
      throw new AppError(
        "embed_failed",
        `${this.options.embedder.id} returned ${vectors.length} vectors for ${memories.length} texts`,
      );
    }
    const dimension = this.tablesIfAny()?.row.dimension ?? vectors[0]!.length;
    let maxNorm = 0;
    const floats = vectors.map((vector) => {
      const f = toFloat32(vector, dimension, this.options.embedder.id);
      if (this.options.metric === "dot_product") maxNorm = Math.max(maxNorm, norm(f));
      return f;
    });
    try {
      const written = this.write(memories, floats, dimension, maxNorm, options.fresh);
      // Committed: the owners' int8 copies take the new rows.
      for (const w of written) this.caches.get(w.owner)?.rows.put(w.seq, w.visibility, w.vector);
    } catch (err) {
      // Rolled back: forget what this call cached (a new owner's key, a raised norm bound, new tables,
      // int8 copies), so nothing here points at rows that were never committed.
      this.state = undefined;
      this.ownerIds.clear();
      this.caches.clear();
      throw err;
    }
  }

  /** The upsert's one transaction. */
  private write(
    memories: Memory[],
    floats: Float32Array[],
    dimension: number,
    maxNorm: number,
    fresh: ReadonlySet<string> | undefined,
  ): Array<{ owner: bigint; seq: number; visibility: string; vector: Float32Array }> {
    return this.run("upsert", () =>
      this.db
        .transaction(() => {
          const written: Array<{ owner: bigint; seq: number; visibility: string; vector: Float32Array }> = [];
          const { row, statements: s } = this.ensureTables(dimension, maxNorm);
          if (this.options.metric === "dot_product") {
            this.refreshMaxNorm(row);
            if (maxNorm > row.max_norm) this.raiseMaxNorm(row, maxNorm);
          }
          memories.forEach((memory, i) => {
            const owner = this.ownerId(memory, s, true)!;
            const { seq } = s.putMemory.get(owner, memory.id, visibilityOf(memory), JSON.stringify(memory))!;
            const key = BigInt(seq);
            if (!fresh?.has(memory.id)) s.deleteVector.run(key);
            s.insertVector.run(key, owner, visibilityOf(memory), this.stored(floats[i]!, row));
            written.push({ owner, seq: Number(seq), visibility: visibilityOf(memory), vector: floats[i]! });
          });
          return written;
        })
        .immediate(),
    );
  }

  async query(query: VectorQuery): Promise<VectorHit[]> {
    const { visibilities } = query;
    const topK = Math.min(Math.floor(query.topK), MAX_K);
    if (!(topK > 0) || visibilities?.length === 0) return [];
    const state = this.tablesIfAny();
    if (!state) return [];
    const { row, statements: s } = state;
    if (query.vector.length !== row.dimension || !query.vector.every(Number.isFinite)) {
      throw new AppError(
        "bad_request",
        `sqlite-vec: a query vector must have ${row.dimension} finite numbers (got ${query.vector.length})`,
        { details: { namespace: row.namespace, dimension: row.dimension, got: query.vector.length } },
      );
    }
    const owner = this.ownerId(query, s, false);
    if (owner === undefined) return [];
    const q = Float32Array.from(query.vector);
    const minSimilarity = query.minSimilarity ?? -Infinity;
    // One read snapshot: the rows' distances and (dot_product) the bound M they were stored with.
    return this.run("query", () =>
      this.db.transaction(() => {
        const approximate = this.approximateQuery(s, row, owner, q, visibilities, topK, minSimilarity);
        if (approximate) return approximate;
        if (row.metric === "dot_product") this.refreshMaxNorm(row);
        const stmt = this.knnStatement(s, visibilities?.length ?? 0);
        const rows = stmt.all(toBlob(this.queryVector(q)), topK, owner, ...(visibilities ?? []), owner);
        const qq = row.metric === "dot_product" ? squaredNorm(q) : 0;
        const hits: VectorHit[] = [];
        for (const r of rows) {
          const similarity = this.similarity(r.distance, qq, row.max_norm);
          if (similarity < minSimilarity) continue;
          hits.push({ memory: JSON.parse(r.memory) as Memory, similarity });
        }
        return hits.sort((a, b) => b.similarity - a.similarity);
      })(),
    );
  }

  /**
   * A large owner's search: the `topK × oversample` best rows of the int8 pass, rescored exactly from
   * their stored vectors. Undefined where the exact KNN is used instead: a small owner (below
   * `approxMinRows`), a `topK` asking for a large share of the rows, or no WebAssembly SIMD.
   */
  private approximateQuery(
    s: Statements,
    row: NamespaceRow,
    owner: bigint,
    q: Float32Array,
    visibilities: readonly string[] | undefined,
    topK: number,
    minSimilarity: number,
  ): VectorHit[] | undefined {
    const rows = this.int8Rows(s, row, owner);
    if (!rows) return undefined;
    const limit = coarseLimit(topK, rows.count, this.options.oversample);
    if (limit === undefined) return undefined;
    const scored: Array<{ seq: number; similarity: number }> = [];
    for (const { seq } of rows.top(row.metric, q, visibilities, limit)) {
      const found = s.vectorOf.get(BigInt(seq));
      if (!found) continue;
      // Of the first q.length components: a dot_product row carries the extra one.
      const similarity = similarityOf(row.metric, q, toFloats(found.embedding));
      if (similarity >= minSimilarity) scored.push({ seq, similarity });
    }
    scored.sort((a, b) => b.similarity - a.similarity);
    const hits: VectorHit[] = [];
    for (const { seq, similarity } of scored) {
      if (hits.length === topK) break;
      const found = s.memoryOf.get(BigInt(seq), owner);
      if (found) hits.push({ memory: JSON.parse(found.memory) as Memory, similarity });
    }
    return hits;
  }

  /**
   * The owner's int8 copy when it is ready; otherwise undefined, and the exact KNN answers. A large
   * owner (at least `approxMinRows` rows) without a copy gets one built in the background
   * ({@link startBuild}). Every copy is dropped when this connection's `data_version` moves (another
   * connection's commit: another process); the next query starts a new build.
   */
  private int8Rows(s: Statements, row: NamespaceRow, owner: bigint): Int8Rows | undefined {
    if (!int8ScanIsFast()) return undefined;
    this.checkDataVersion();
    const copy = this.caches.get(owner);
    if (copy) return copy.ready ? copy.rows : undefined;
    const count = s.count.get(owner)!.n;
    if (count < (this.options.approxMinRows ?? APPROX_MIN_ROWS)) return undefined;
    this.startBuild(s, row, owner, count);
    return undefined;
  }

  /** Drops every int8 copy (built or being built) if another connection has committed since. */
  private checkDataVersion(): void {
    const version = this.db.pragma("data_version", { simple: true }) as number;
    if (version !== this.cachedVersion) {
      this.caches.clear();
      this.cachedVersion = version;
    }
  }

  /**
   * Starts building the owner's int8 copy in the background: pages of its rows in `seq` order, read
   * in slices of about `buildSliceMs` of CPU, each in its own turn of the event loop, so queries
   * (answered by the exact KNN meanwhile) and everything else keep running. Each page is read from
   * the latest commit, and this index's own writes update the copy as soon as they commit, also while
   * it is being built (a row not read yet is read later as it is then), so the copy equals the
   * stored rows when the last page is read; it is then marked ready. The build is abandoned when its
   * copy is dropped (another connection's commit, a rolled-back write, `dropAll`, `close`, or more
   * than {@link MAX_CACHED_OWNERS} copies).
   */
  private startBuild(s: Statements, row: NamespaceRow, owner: bigint, count: number): Int8Copy {
    const copy: Int8Copy = {
      rows: new Int8Rows(row.dimension, { capacity: count }),
      ready: false,
      built: Promise.resolve(false),
    };
    if (this.caches.size >= MAX_CACHED_OWNERS) this.caches.delete(this.caches.keys().next().value!);
    this.caches.set(owner, copy);
    copy.built = this.build(s, row, owner, copy);
    return copy;
  }

  /** The build's slices; resolves true when the copy is ready, false when it was abandoned. */
  private async build(s: Statements, row: NamespaceRow, owner: bigint, copy: Int8Copy): Promise<boolean> {
    const sliceMs = this.options.buildSliceMs ?? BUILD_SLICE_MS;
    const scratch = new Float32Array(row.metric === "dot_product" ? row.dimension + 1 : row.dimension);
    const bytes = new Uint8Array(scratch.buffer);
    let after = 0;
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.closed) return false;
      this.checkDataVersion();
      if (this.caches.get(owner) !== copy) return false;
      const deadline = performance.now() + sliceMs;
      try {
        do {
          const page = s.ownerVectorPage.all(owner, after, BUILD_PAGE_ROWS);
          for (const r of page) {
            if (r.embedding.byteLength !== bytes.byteLength) continue;
            bytes.set(r.embedding);
            copy.rows.put(r.seq, r.visibility, scratch);
          }
          if (page.length < BUILD_PAGE_ROWS) {
            copy.ready = true;
            return true;
          }
          after = page[page.length - 1]!.seq;
        } while (performance.now() < deadline);
      } catch {
        // The tables went away under the build (dropAll): the exact KNN answers, as for a small owner.
        if (this.caches.get(owner) === copy) this.caches.delete(owner);
        return false;
      }
    }
  }

  /**
   * Builds the owner's int8 copy in the background if it is a large owner without one (as its first
   * query would), and resolves when the copy is ready: true, or false when there is none to wait for
   * (a small owner, no WebAssembly SIMD, an abandoned build). Queries do not wait for it; this is for
   * warming an owner up and for tests.
   */
  async int8CopyReady(owner: Owner): Promise<boolean> {
    const state = this.tablesIfAny();
    if (!state || !int8ScanIsFast()) return false;
    const key = this.ownerId(owner, state.statements, false);
    if (key === undefined) return false;
    this.checkDataVersion();
    let copy = this.caches.get(key);
    if (!copy) {
      const count = state.statements.count.get(key)!.n;
      if (count < (this.options.approxMinRows ?? APPROX_MIN_ROWS)) return false;
      copy = this.startBuild(state.statements, state.row, key, count);
    }
    return copy.ready || copy.built;
  }

  async warmUp(owner: Owner): Promise<void> {
    await this.int8CopyReady(owner);
  }

  async embedQuery(text: string): Promise<number[]> {
    const [vector] = await this.options.embedder.embed([text]);
    return vector!;
  }

  async get(owner: Owner, id: string): Promise<Memory | undefined> {
    const s = this.tablesIfAny()?.statements;
    const key = s && this.ownerId(owner, s, false);
    if (key === undefined) return undefined;
    const row = this.run("get", () => s!.get.get(key, id));
    return row && (JSON.parse(row.memory) as Memory);
  }

  async list(owner: Owner, options: { limit: number; offset: number }): Promise<Memory[]> {
    const s = this.tablesIfAny()?.statements;
    const key = s && this.ownerId(owner, s, false);
    if (key === undefined || options.limit <= 0) return [];
    const rows = this.run("list", () =>
      s!.list.all(key, Math.floor(options.limit), Math.max(0, Math.floor(options.offset))),
    );
    return rows.map((r) => JSON.parse(r.memory) as Memory);
  }

  async delete(owner: Owner, ids: string[]): Promise<void> {
    const s = this.tablesIfAny()?.statements;
    const key = s && this.ownerId(owner, s, false);
    if (key === undefined || ids.length === 0) return;
    const removed = this.run("delete", () =>
      this.db
        .transaction(() => {
          const seqs: number[] = [];
          for (const id of ids) {
            const found = s!.seqOf.get(key, id);
            if (found) this.removeRow(s!, BigInt(found.seq));
            if (found) seqs.push(Number(found.seq));
          }
          return seqs;
        })
        .immediate(),
    );
    // Committed: the owner's int8 copy loses the rows.
    const rows = this.caches.get(key)?.rows;
    for (const seq of removed) rows?.remove(seq);
    if (removed.length > 0) this.scrubWal();
  }

  async deleteAll(owner: Owner): Promise<void> {
    const s = this.tablesIfAny()?.statements;
    const key = s && this.ownerId(owner, s, false);
    if (key === undefined) return;
    this.run("delete", () =>
      this.db
        .transaction(() => {
          for (const { seq } of s!.seqsOf.all(key)) this.removeRow(s!, BigInt(seq));
        })
        .immediate(),
    );
    this.caches.delete(key);
    this.scrubWal();
  }

  async *scan(pageSize = SQLITE_SCAN_PAGE_SIZE): AsyncGenerator<Memory[]> {
    const size = Math.max(1, Math.floor(pageSize));
    for (let after = 0; ;) {
      const s = this.tablesIfAny()?.statements;
      if (!s) return;
      const rows = this.run("scan", () => s.scan.all(after, size));
      if (rows.length > 0) yield rows.map((r) => JSON.parse(r.memory) as Memory);
      if (rows.length < size) return;
      after = rows[rows.length - 1]!.seq;
    }
  }

  async count(owner: Owner): Promise<number> {
    const s = this.tablesIfAny()?.statements;
    const key = s && this.ownerId(owner, s, false);
    if (key === undefined) return 0;
    return this.run("count", () => s!.count.get(key)!.n);
  }

  async owners(): Promise<OwnerCount[]> {
    const s = this.tablesIfAny()?.statements;
    if (!s) return [];
    const rows = this.run("owners", () => s.owners.all());
    return sortOwners(rows.map((r) => ({ teamId: r.team, userId: r.user, memories: Number(r.n) })));
  }

  async ping(): Promise<boolean> {
    try {
      return !this.closed && this.db.prepare("select vec_version() as v").get() !== undefined;
    } catch {
      return false;
    }
  }

  /** Drops this namespace's tables and its registry row; returns how many memories it held. */
  async dropAll(): Promise<number> {
    const state = this.tablesIfAny();
    const row = state?.row ?? this.namespaceRow();
    const prefix = row?.prefix ?? this.prefix;
    const dropped = this.run("drop", () =>
      this.db
        .transaction(() => {
          const count = this.tableExists(`${prefix}_memories`)
            ? (
                this.db.prepare(`select count(*) as n from ${quote(`${prefix}_memories`)}`).get() as {
                  n: number;
                }
              ).n
            : 0;
          for (const suffix of ["vectors", "memories", "owners"]) {
            this.db.exec(`drop table if exists ${quote(`${prefix}_${suffix}`)}`);
          }
          this.db.prepare(`delete from ${NAMESPACES} where namespace = ?`).run(this.options.namespace);
          return count;
        })
        .immediate(),
    );
    this.state = undefined;
    this.ownerIds.clear();
    this.caches.clear();
    this.scrubWal();
    return dropped;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.state = undefined;
    this.ownerIds.clear();
    this.caches.clear();
    this.db.close();
  }

  /** The namespace's tables and statements, or undefined while it has none (nothing written yet). */
  private tablesIfAny(): { row: NamespaceRow; statements: Statements } | undefined {
    if (this.state) return this.state;
    const row = this.run("open", () => this.namespaceRow());
    if (!row) return undefined;
    this.checkCompatible(row, this.options.embedder.dimension);
    this.state = { row, statements: this.prepare() };
    return this.state;
  }

  /** The tables, created (with the registry row) when the namespace has none; inside a transaction. */
  private ensureTables(dimension: number, maxNorm: number): { row: NamespaceRow; statements: Statements } {
    const existing = this.tablesIfAny();
    if (existing) return existing;
    const { metric } = this.options;
    const row: NamespaceRow = {
      namespace: this.options.namespace,
      prefix: this.prefix,
      metric,
      dimension,
      embedder: this.options.embedder.id,
      // Headroom, so that norms a little above the first batch's do not rewrite the rows.
      max_norm: metric === "dot_product" ? Math.max(1, maxNorm) * NORM_HEADROOM : 0,
    };
    const columns = metric === "dot_product" ? dimension + 1 : dimension;
    const distance = metric === "cosine" ? "cosine" : "L2";
    this.db.exec(
      `create table if not exists ${this.tables.owners} (
         owner integer primary key,
         team text not null,
         user text not null,
         unique (team, user)
       );
       create table if not exists ${this.tables.memories} (
         seq integer primary key,
         owner integer not null,
         id text not null,
         visibility text not null,
         memory text not null,
         unique (owner, id)
       );
       create index if not exists ${quote(`${this.prefix}_memories_owner`)} on ${this.tables.memories} (owner);
       create virtual table if not exists ${this.tables.vectors} using vec0(
         owner integer partition key,
         visibility text,
         embedding float[${columns}] distance_metric=${distance}
       );`,
    );
    this.db
      .prepare(
        `insert into ${NAMESPACES} (namespace, prefix, metric, dimension, embedder, max_norm, created_at)
         values (@namespace, @prefix, @metric, @dimension, @embedder, @max_norm, @created_at)`,
      )
      .run({ ...row, created_at: Date.now() });
    this.state = { row, statements: this.prepare() };
    return this.state;
  }

  private prepare(): Statements {
    const { memories, owners, vectors } = this.tables;
    const p = <R>(sql: string) => this.db.prepare(sql) as unknown as Database.Statement<never, R>;
    return {
      ownerOf: p(`select owner from ${owners} where team = ? and user = ?`),
      addOwner: p(`insert into ${owners} (team, user) values (?, ?) on conflict do nothing`),
      putMemory: p(
        `insert into ${memories} (owner, id, visibility, memory) values (?, ?, ?, ?)
         on conflict (owner, id) do update set visibility = excluded.visibility, memory = excluded.memory
         returning seq`,
      ),
      seqOf: p(`select seq from ${memories} where owner = ? and id = ?`),
      deleteMemory: p(`delete from ${memories} where seq = ?`),
      deleteVector: p(`delete from ${vectors} where rowid = ?`),
      insertVector: p(`insert into ${vectors} (rowid, owner, visibility, embedding) values (?, ?, ?, ?)`),
      get: p(`select memory from ${memories} where owner = ? and id = ?`),
      list: p(`select memory from ${memories} where owner = ? order by seq limit ? offset ?`),
      scan: p(`select seq, memory from ${memories} where seq > ? order by seq limit ?`),
      count: p(`select count(*) as n from ${memories} where owner = ?`),
      owners: p(
        `select o.team as team, o.user as user, count(*) as n
         from ${memories} m join ${owners} o on o.owner = m.owner
         group by m.owner order by o.team, o.user`,
      ),
      seqsOf: p(`select seq from ${memories} where owner = ?`),
      ownerVectorPage: p(
        `select m.seq as seq, m.visibility as visibility, v.embedding as embedding
         from ${memories} m cross join ${vectors} v on v.rowid = m.seq
         where m.owner = ? and m.seq > ? order by m.seq limit ?`,
      ),
      vectorOf: p(`select embedding from ${vectors} where rowid = ?`),
      memoryOf: p(`select memory from ${memories} where seq = ? and owner = ?`),
      knn: new Map(),
    } as Statements;
  }

  private knnStatement(s: Statements, visibilities: number) {
    let stmt = s.knn.get(visibilities);
    if (!stmt) {
      const filter =
        visibilities > 0 ? `and visibility in (${new Array(visibilities).fill("?").join(", ")})` : "";
      stmt = this.run("query", () =>
        this.db.prepare(
          `with knn as (
             select rowid, distance from ${this.tables.vectors}
             where embedding match ? and k = ? and owner = ? ${filter}
           )
           select m.memory as memory, knn.distance as distance
           from knn join ${this.tables.memories} m on m.seq = knn.rowid
           where m.owner = ?
           order by knn.distance`,
        ),
      ) as Database.Statement<unknown[], { memory: string; distance: number }>;
      s.knn.set(visibilities, stmt);
    }
    return stmt;
  }

  /**
   * After a delete: the WAL still holds the pages as they were before it (the deleted text among
   * them). A TRUNCATE checkpoint copies the zeroed pages into the database and empties the WAL file.
   * While another connection reads an older snapshot the checkpoint cannot finish (`busy`); the WAL is
   * then emptied by the next delete's checkpoint, or when the last connection closes.
   */
  private scrubWal(): void {
    this.run("checkpoint", () => this.db.pragma("wal_checkpoint(TRUNCATE)"));
  }

  private removeRow(s: Statements, seq: bigint): void {
    s.deleteVector.run(seq);
    s.deleteMemory.run(seq);
  }

  /** The owner's integer key (created when `create`), cached per process. */
  private ownerId(owner: Owner, s: Statements, create: boolean): bigint | undefined {
    const key = ownerKey(owner);
    const cached = this.ownerIds.get(key);
    if (cached !== undefined) return cached;
    if (create) s.addOwner.run(owner.teamId, owner.userId);
    const found = this.run("owner", () => s.ownerOf.get(owner.teamId, owner.userId));
    if (!found) return undefined;
    const id = BigInt(found.owner);
    this.ownerIds.set(key, id);
    return id;
  }

  /** The vector as stored: itself, or for dot_product [x, √(M² − |x|²)]. */
  private stored(f: Float32Array, row: NamespaceRow): Buffer {
    if (row.metric !== "dot_product") return toBlob(f);
    const out = new Float32Array(f.length + 1);
    out.set(f);
    out[f.length] = Math.sqrt(Math.max(0, row.max_norm * row.max_norm - squaredNorm(f)));
    return toBlob(out);
  }

  private queryVector(q: Float32Array): Float32Array {
    if (this.options.metric !== "dot_product") return q;
    const out = new Float32Array(q.length + 1);
    out.set(q);
    return out;
  }

  private similarity(distance: number, qq: number, maxNorm: number): number {
    switch (this.options.metric) {
      case "cosine":
        // vec0 gives NaN against a zero vector: no similarity.
        return Number.isNaN(distance) ? 0 : similarityFrom("cosine", distance);
      case "dot_product":
        return similarityFrom("dot_product", (qq + maxNorm * maxNorm - distance * distance) / 2);
      case "euclidean":
        return similarityFrom("euclidean", distance);
    }
  }

  /**
   * dot_product: a stored norm above M. M becomes the new norm with headroom and every row's extra
   * component is recomputed (inside the caller's transaction).
   */
  private raiseMaxNorm(row: NamespaceRow, maxNorm: number): void {
    const bound = maxNorm * NORM_HEADROOM;
    const { vectors } = this.tables;
    const rows = this.db.prepare(`select rowid, embedding from ${vectors}`).all() as Array<{
      rowid: number | bigint;
      embedding: Buffer;
    }>;
    const update = this.db.prepare(`update ${vectors} set embedding = ? where rowid = ?`);
    for (const r of rows) {
      const f = new Float32Array(
        r.embedding.buffer.slice(r.embedding.byteOffset, r.embedding.byteOffset + r.embedding.byteLength),
      );
      const x = f.subarray(0, f.length - 1);
      f[f.length - 1] = Math.sqrt(Math.max(0, bound * bound - squaredNorm(x)));
      update.run(toBlob(f), BigInt(r.rowid));
    }
    this.db.prepare(`update ${NAMESPACES} set max_norm = ? where namespace = ?`).run(bound, row.namespace);
    row.max_norm = bound;
  }

  /** dot_product: the bound M as committed (another process may have raised it). */
  private refreshMaxNorm(row: NamespaceRow): void {
    const found = this.db
      .prepare(`select max_norm from ${NAMESPACES} where namespace = ?`)
      .get(row.namespace) as { max_norm: number } | undefined;
    if (found) row.max_norm = found.max_norm;
  }

  private namespaceRow(): NamespaceRow | undefined {
    return this.db.prepare(`select * from ${NAMESPACES} where namespace = ?`).get(this.options.namespace) as
      NamespaceRow | undefined;
  }

  private tableExists(name: string): boolean {
    return (
      this.db.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(name) !== undefined
    );
  }

  private checkCompatible(row: NamespaceRow, dimension: number): void {
    if (row.dimension !== dimension) {
      throw new AppError(
        "store_failed",
        `sqlite-vec: namespace ${row.namespace} holds vectors of ${row.dimension} dimensions; ${this.options.embedder.id} gives ${dimension}`,
        { details: { namespace: row.namespace, dimension: row.dimension, got: dimension } },
      );
    }
    if (row.metric !== this.options.metric) {
      throw new AppError(
        "store_failed",
        `sqlite-vec: namespace ${row.namespace} was built for ${row.metric}, not ${this.options.metric}`,
        { details: { namespace: row.namespace, metric: row.metric, got: this.options.metric } },
      );
    }
  }

  /** Runs one database step; every failure is AppError `store_failed` (an AppError passes as it is). */
  private run<T>(what: string, fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError("store_failed", `sqlite-vec ${what} failed: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }
}

/** M is set this much above the longest norm seen, so that slightly longer vectors do not rewrite rows. */
const NORM_HEADROOM = 1.25;

/**
 * The namespace's table prefix: its letters, digits and `_` (at most 48), and 8 hex digits of its
 * hash, so that two namespaces differing only in other characters never share tables.
 */
export function tablePrefix(namespace: string): string {
  const readable = namespace.replace(/[^a-zA-Z0-9_]+/g, "_").slice(0, 48);
  return `v_${readable}_${createHash("sha256").update(namespace).digest("hex").slice(0, 8)}`;
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

function toFloat32(vector: number[], dimension: number, embedderId: string): Float32Array {
  if (vector.length !== dimension) {
    throw new AppError(
      "store_failed",
      `sqlite-vec: ${embedderId} returned a vector of ${vector.length} dimensions; the namespace holds ${dimension}`,
      { details: { dimension, got: vector.length } },
    );
  }
  const f = Float32Array.from(vector);
  for (let i = 0; i < f.length; i++) {
    if (!Number.isFinite(f[i]!)) {
      throw new AppError("embed_failed", `${embedderId} returned a vector with a non-finite component`);
    }
  }
  return f;
}

/** A stored vector's float32 components (copied: a blob's buffer need not be aligned). */
function toFloats(blob: Buffer): Float32Array {
  const out = new Float32Array(blob.byteLength / 4);
  new Uint8Array(out.buffer).set(blob);
  return out;
}

function toBlob(f: Float32Array): Buffer {
  return Buffer.from(f.buffer, f.byteOffset, f.byteLength);
}

function squaredNorm(f: Float32Array): number {
  let s = 0;
  for (let i = 0; i < f.length; i++) s += f[i]! * f[i]!;
  return s;
}

function norm(f: Float32Array): number {
  return Math.sqrt(squaredNorm(f));
}
