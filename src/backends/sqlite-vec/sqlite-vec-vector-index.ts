import type Database from "better-sqlite3";
import { AppError } from "../../core/errors.js";
import type { Memory, Owner } from "../../core/types.js";
import {
  ownerKey,
  type OwnerCount,
  sortOwners,
  type MemoryWithVector,
  type UpsertOptions,
  type VectorHit,
  type VectorIndex,
  type VectorIndexInfo,
  type VectorIndexOptions,
  type VectorQuery,
} from "../../core/vector-index.js";
import { visibilityOf } from "../../core/visibility.js";
import { MIN_CANDIDATES, OVERSAMPLE } from "../int8-scan.js";
import {
  embedQueryText,
  pageBounds,
  scanPageSize,
  searchBounds,
  storeFailure,
  vectorsToStore,
} from "../common/port-contract.js";
import { APPROX_MIN_ROWS, BUILD_SLICE_MS, Int8Copies, type Int8CopySettings } from "./int8-copies.js";
import {
  checkCompatible,
  createTables,
  dropNamespace,
  knnSql,
  type NamespaceRow,
  openDatabase,
  prepareStatements,
  readNamespaceRow,
  type Statements,
  tablePrefix,
  type Tables,
  tablesOf,
} from "./schema.js";
import {
  norm,
  NORM_HEADROOM,
  queryVector,
  raiseMaxNorm,
  refreshMaxNorm,
  similarityOfDistance,
  squaredNorm,
  storedVector,
  toBlob,
  toFloat32,
  toFloats,
} from "./stored-vectors.js";

export interface SqliteVecVectorIndexOptions extends VectorIndexOptions, Int8CopySettings {
  /** The database file (`DATA_DIR/vectors.sqlite`); its directory is created if missing. */
  path: string;
}

export { APPROX_MIN_ROWS, BUILD_SLICE_MS, MIN_CANDIDATES, OVERSAMPLE, tablePrefix };

/** vec0 answers at most this many neighbours per KNN query. */
const MAX_K = 4096;

/** Rows per page when `scan` is called without a page size. */
export const SQLITE_SCAN_PAGE_SIZE = 1000;

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
 * The int8 copy is derived, never stored (so files written before it need no migration), built in
 * the background by the owner's first large query and kept up to date by this index's own writes
 * (int8-copies.ts); until it is complete the exact KNN answers.
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
 * Metrics: `cosine` and `euclidean` are vec0's own (`distance_metric=cosine` / `L2`); vec0 has no
 * inner product, so `dot_product` is reduced to L2 exactly (stored-vectors.ts).
 *
 * Writes are one transaction per upsert call, through prepared statements. better-sqlite3 is
 * synchronous: a call holds the event loop for its duration (a large batch: seconds).
 */
export class SqliteVecVectorIndex implements VectorIndex {
  readonly info: VectorIndexInfo;
  private readonly tables: Tables;
  private readonly ownerIds = new Map<string, bigint>();
  /** The namespace's row and statements, once its tables exist (read again while they do not). */
  private state: { row: NamespaceRow; statements: Statements } | undefined;
  /** Large owners' int8 copies, keyed by owner key. */
  private readonly copies: Int8Copies;
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
    this.tables = tablesOf(prefix);
    this.copies = new Int8Copies(db, options, () => this.closed);
  }

  /**
   * Opens (creating if needed) the file and this namespace's entry. A namespace already holding
   * vectors of another dimension or metric than the options' is AppError `store_failed`.
   */
  static async open(options: SqliteVecVectorIndexOptions): Promise<SqliteVecVectorIndex> {
    const db = openDatabase(options.path);
    const index = new SqliteVecVectorIndex(db, options, tablePrefix(options.namespace));
    try {
      const row = index.namespaceRow();
      if (row) index.checkCompatible(row);
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
  async upsert(memories: Memory[], options: UpsertOptions = {}): Promise<void> {
    if (memories.length === 0) return;
    const { embedder, embedBatchSize } = this.options;
    const vectors = await vectorsToStore(embedder, memories, embedBatchSize, options.vectors);
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
      for (const w of written) this.copies.put(w.owner, w.seq, w.visibility, w.vector);
    } catch (err) {
      // Rolled back: forget what this call cached (a new owner's key, a raised norm bound, new tables,
      // int8 copies), so nothing here points at rows that were never committed.
      this.state = undefined;
      this.ownerIds.clear();
      this.copies.clear();
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
            refreshMaxNorm(this.db, row);
            if (maxNorm > row.max_norm) raiseMaxNorm(this.db, this.tables.vectors, row, maxNorm);
          }
          memories.forEach((memory, i) => {
            const owner = this.ownerId(memory, s, true)!;
            const { seq } = s.putMemory.get(owner, memory.id, visibilityOf(memory), JSON.stringify(memory))!;
            const key = BigInt(seq);
            if (!fresh?.has(memory.id)) s.deleteVector.run(key);
            s.insertVector.run(key, owner, visibilityOf(memory), storedVector(floats[i]!, row));
            written.push({ owner, seq: Number(seq), visibility: visibilityOf(memory), vector: floats[i]! });
          });
          return written;
        })
        .immediate(),
    );
  }

  async query(query: VectorQuery): Promise<VectorHit[]> {
    const { visibilities } = query;
    const bounds = searchBounds(query, MAX_K);
    if (!bounds) return [];
    const { topK, minSimilarity } = bounds;
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
    // One read snapshot: the rows' distances and (dot_product) the bound M they were stored with.
    return this.run("query", () =>
      this.db.transaction(() => {
        const approximate = this.copies.search(s, row, owner, q, visibilities, topK, minSimilarity);
        if (approximate) return approximate;
        if (row.metric === "dot_product") refreshMaxNorm(this.db, row);
        const stmt = this.knnStatement(s, visibilities?.length ?? 0);
        const rows = stmt.all(
          toBlob(queryVector(q, row.metric)),
          topK,
          owner,
          ...(visibilities ?? []),
          owner,
        );
        const qq = row.metric === "dot_product" ? squaredNorm(q) : 0;
        const hits: VectorHit[] = [];
        for (const r of rows) {
          const similarity = similarityOfDistance(this.options.metric, r.distance, qq, row.max_norm);
          if (similarity < minSimilarity) continue;
          hits.push({ memory: JSON.parse(r.memory) as Memory, similarity });
        }
        return hits.sort((a, b) => b.similarity - a.similarity);
      })(),
    );
  }

  /**
   * Builds the owner's int8 copy in the background if it is a large owner without one (as its first
   * query would), and resolves when the copy is ready: true, or false when there is none to wait for
   * (a small owner, no WebAssembly SIMD, an abandoned build). Queries do not wait for it; this is for
   * warming an owner up and for tests.
   */
  async int8CopyReady(owner: Owner): Promise<boolean> {
    const state = this.tablesIfAny();
    if (!state) return false;
    const key = this.ownerId(owner, state.statements, false);
    if (key === undefined) return false;
    return this.copies.whenReady(state.statements, state.row, key);
  }

  async warmUp(owner: Owner): Promise<void> {
    await this.int8CopyReady(owner);
  }

  embedQuery(text: string): Promise<number[]> {
    return embedQueryText(this.options.embedder, text);
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
    const page = pageBounds(options);
    if (key === undefined || !page) return [];
    const rows = this.run("list", () => s!.list.all(key, page.limit, page.offset));
    return rows.map((r) => JSON.parse(r.memory) as Memory);
  }

  /** The `list` page with each stored vector (dot_product's extra stored component left out). */
  async listWithVectors(
    owner: Owner,
    options: { limit: number; offset: number },
  ): Promise<MemoryWithVector[]> {
    const state = this.tablesIfAny();
    const key = state && this.ownerId(owner, state.statements, false);
    const page = pageBounds(options);
    if (key === undefined || !page) return [];
    const rows = this.run("list", () => state!.statements.listWithVectors.all(key, page.limit, page.offset));
    return rows.map((r) => ({
      memory: JSON.parse(r.memory) as Memory,
      vector: Array.from(toFloats(r.embedding).subarray(0, state!.row.dimension)),
    }));
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
    this.copies.remove(key, removed);
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
    this.copies.drop(key);
    this.scrubWal();
  }

  async *scan(pageSize = SQLITE_SCAN_PAGE_SIZE): AsyncGenerator<Memory[]> {
    const size = scanPageSize(pageSize);
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
      this.db.transaction(() => dropNamespace(this.db, prefix, this.options.namespace)).immediate(),
    );
    this.state = undefined;
    this.ownerIds.clear();
    this.copies.clear();
    this.scrubWal();
    return dropped;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.state = undefined;
    this.ownerIds.clear();
    this.copies.clear();
    this.db.close();
  }

  /** The namespace's tables and statements, or undefined while it has none (nothing written yet). */
  private tablesIfAny(): { row: NamespaceRow; statements: Statements } | undefined {
    if (this.state) return this.state;
    const row = this.run("open", () => this.namespaceRow());
    if (!row) return undefined;
    this.checkCompatible(row);
    this.state = { row, statements: prepareStatements(this.db, this.tables) };
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
    createTables(this.db, this.tables, row);
    this.state = { row, statements: prepareStatements(this.db, this.tables) };
    return this.state;
  }

  private knnStatement(s: Statements, visibilities: number) {
    let stmt = s.knn.get(visibilities);
    if (!stmt) {
      stmt = this.run("query", () =>
        this.db.prepare(knnSql(this.tables, visibilities)),
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

  private namespaceRow(): NamespaceRow | undefined {
    return readNamespaceRow(this.db, this.options.namespace);
  }

  private checkCompatible(row: NamespaceRow): void {
    checkCompatible(row, {
      dimension: this.options.embedder.dimension,
      metric: this.options.metric,
      embedderId: this.options.embedder.id,
    });
  }

  /** Runs one database step; every failure is AppError `store_failed` (an AppError passes as it is). */
  private run<T>(what: string, fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      throw storeFailure("sqlite-vec", what, err);
    }
  }
}
