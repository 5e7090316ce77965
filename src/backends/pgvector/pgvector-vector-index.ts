import type pg from "pg";
import { AppError } from "../../core/errors.js";
import type { Memory, Owner } from "../../core/types.js";
import {
  ownerKey,
  type OwnerCount,
  sortOwners,
  type SimilarityMetric,
  type MemoryWithVector,
  type UpsertOptions,
  type VectorHit,
  type VectorIndex,
  type VectorIndexInfo,
  type VectorIndexOptions,
  type VectorQuery,
} from "../../core/vector-index.js";
import { PgDatabase } from "../../db/postgres.js";
import {
  embedQueryText,
  pageBounds,
  scanPageSize,
  searchBounds,
  checkVectorCount,
  pick,
  vectorsToStore,
} from "../common/port-contract.js";
import {
  dimensionOf,
  EXACT_SEARCH_MAX_ROWS,
  listWithVectorsStatement,
  parseVectorText,
  scanStatement,
  searchStatements,
  toVectorLiteral,
  upsertStatement,
} from "./rows.js";
import {
  BUILD_WORK_MEM,
  checkComment,
  checkHnswDimension,
  HNSW_MAX_DIMENSIONS,
  hnswIndexNames,
  hnswIndexSql,
  METRIC_SQL,
  parseComment,
  TABLE_INFO_SQL,
  type TableComment,
  tableNameOf,
  tableSql,
} from "./schema.js";

export { EXACT_SEARCH_MAX_ROWS, HNSW_MAX_DIMENSIONS, tableNameOf };

export interface PgvectorVectorIndexOptions extends VectorIndexOptions {
  /** `DATABASE_URL`: `postgres://user:password@host:5432/db`. */
  databaseUrl: string;
  /** Connections in the pool (default {@link DEFAULT_POOL_SIZE}). */
  poolSize?: number;
}
export const DEFAULT_POOL_SIZE = 8;

/** Rows per INSERT statement when saving. */
export const INSERT_BATCH_ROWS = 1000;

/** A save of at least this many memories may rebuild the HNSW index rather than grow it (see upsert). */
export const BULK_BUILD_MIN_ROWS = 1000;

/** Upper bound on building the HNSW index after a bulk save (the table's rows, not one call's). */
export const INDEX_BUILD_TIMEOUT_MS = 30 * 60_000;

/** Rows per page when scanning every owner's memories. */
export const SCAN_PAGE_SIZE = 1000;

/**
 * `index_type = "pgvector"`: memories and their vectors in PostgreSQL with the pgvector extension,
 * through `pg` (`DATABASE_URL`).
 *
 * One table per namespace (see {@link tableNameOf}): a row per memory, keyed by (team, user, id) so a
 * save is one `INSERT … ON CONFLICT DO UPDATE` (never a duplicate), with the visibility the
 * channel/DM rule filters on, the memory as jsonb, a `seq` identity (insertion order: stable paging)
 * and `embedding vector(d)`; d is the first embedding's length, created with the table. An HNSW index
 * in the metric's operator class answers large owners' queries; `hnsw.ef_search` is set per query
 * transaction (`SET LOCAL`: safe on a shared session such as PGlite's socket server). The table's
 * `toast_tuple_target` keeps a row's vector inline and uncompressed while the row fits a page (a
 * 512-float vector is just over the default 2 kB target, and decompressing it for every distance of
 * an exact search cost more than the distance).
 *
 * Every call is bounded by `timeoutMs`: server side (`statement_timeout`, where the server enforces
 * it) and client side (the connection is dropped and the call fails with `store_failed`), so a hung
 * database cannot hold a reply.
 */
export class PgvectorVectorIndex implements VectorIndex {
  readonly info: VectorIndexInfo;
  private readonly table: string;
  private readonly sql: (typeof METRIC_SQL)[SimilarityMetric];
  /** The vector column's dimension, once the table exists (undefined: not created yet). */
  private dimension: number | undefined;

  private constructor(
    private readonly db: PgDatabase,
    private readonly options: PgvectorVectorIndexOptions,
  ) {
    this.table = tableNameOf(options.namespace);
    this.sql = METRIC_SQL[options.metric];
    this.info = {
      kind: "pgvector",
      namespace: options.namespace,
      metric: options.metric,
      location: db.location,
      efSearch: options.efSearch,
    };
  }

  /**
   * Connects, makes sure the `vector` extension exists (`CREATE EXTENSION IF NOT EXISTS vector`, which
   * needs the right to create it the first time) and reads the namespace's table if it exists.
   */
  static async open(options: PgvectorVectorIndexOptions): Promise<PgvectorVectorIndex> {
    const db = PgDatabase.create(options.databaseUrl, {
      timeoutMs: options.timeoutMs,
      poolSize: options.poolSize ?? DEFAULT_POOL_SIZE,
    });
    const index = new PgvectorVectorIndex(db, options);
    try {
      await index.run("open", async (client) => {
        try {
          await client.query("CREATE EXTENSION IF NOT EXISTS vector");
        } catch (err) {
          throw new AppError(
            "store_failed",
            `PostgreSQL at ${index.info.location} has no pgvector extension and it could not be created ` +
              `(${(err as Error).message}); install pgvector and run "CREATE EXTENSION vector" as a user allowed to`,
            { cause: err },
          );
        }
      });
      await index.refreshTable();
    } catch (err) {
      await db.close();
      throw err;
    }
    return index;
  }

  /**
   * Embeds in batches of `embedBatchSize` and writes up to {@link INSERT_BATCH_ROWS} rows per
   * statement (`INSERT … SELECT FROM unnest(…) ON CONFLICT DO UPDATE`).
   *
   * Keeping an HNSW graph up to date costs far more per row than the write itself (every new node
   * rewrites its neighbours' pages), and building the graph over rows already there is several times
   * cheaper per row. A bulk save (an import, a rebuild: at least {@link BULK_BUILD_MIN_ROWS} memories,
   * no fewer than half the rows already in the table) therefore drops the HNSW index, writes, and
   * builds it again. Meanwhile queries stay correct (an exact search through the primary key) but
   * slower; PostgreSQL holds other writers back while the index is built.
   */
  async upsert(memories: Memory[], options: UpsertOptions = {}): Promise<void> {
    const given = options.vectors;
    // One row per (owner, id): the last of duplicates wins (ON CONFLICT cannot touch a row twice).
    const unique = [...new Map(memories.map((m, i) => [`${ownerKey(m)}\u0000${m.id}`, i])).values()];
    checkVectorCount(memories.length, given);
    let rebuild = false;
    try {
      for (let i = 0; i < unique.length; i += INSERT_BATCH_ROWS) {
        const at = unique.slice(i, i + INSERT_BATCH_ROWS);
        const batch = at.map((j) => memories[j]!);
        const { embedder, embedBatchSize } = this.options;
        const vectors = await vectorsToStore(embedder, batch, embedBatchSize, pick(given, at));
        await this.ensureTable(vectors);
        if (i === 0 && unique.length >= BULK_BUILD_MIN_ROWS)
          rebuild = await this.dropIndexForBulk(unique.length);
        const { text, params } = upsertStatement(this.table, batch, vectors, this.options.embedder.id);
        await this.select("upsert", text, params);
      }
    } finally {
      if (rebuild) await this.buildIndex();
    }
  }

  /**
   * The owner's nearest memories. Owners with few rows ({@link EXACT_SEARCH_MAX_ROWS}) are searched
   * exactly; larger ones through HNSW with `hnsw.iterative_scan = relaxed_order`, so the owner and
   * visibility filters cannot leave fewer than `topK` hits while the owner has them (the scan goes on
   * past `ef_search` candidates until enough rows pass the filter), and re-sorted by distance.
   */
  async query(query: VectorQuery): Promise<VectorHit[]> {
    if (query.topK <= 0 || !(await this.tableReady())) return [];
    if (query.vector.length !== this.dimension) {
      throw new AppError(
        "bad_request",
        `pgvector query vector has ${query.vector.length} dimensions; the table holds ${this.dimension}`,
      );
    }
    const vector = toVectorLiteral(query.vector, "query vector");
    const bounds = searchBounds(query);
    if (!bounds) return [];
    const { ownerRows, exact, approximate, params } = searchStatements(
      this.table,
      this.sql,
      query,
      vector,
      bounds.topK,
    );
    const rows = await this.run("query", async (client) => {
      const { rows: owned } = await client.query<{ n: number }>(ownerRows, [query.teamId, query.userId]);
      if (owned[0]!.n === 0) return [];
      if (owned[0]!.n <= EXACT_SEARCH_MAX_ROWS) {
        return (await client.query<{ memory: Memory; distance: number }>(exact, params)).rows;
      }
      // enable_seqscan off: on a table the planner thinks small it would read and sort every row.
      await client.query(
        `BEGIN; SET LOCAL hnsw.ef_search = ${Math.floor(this.options.efSearch)}; ` +
          "SET LOCAL hnsw.iterative_scan = relaxed_order; SET LOCAL enable_seqscan = off",
      );
      try {
        const nearest = await client.query<{ memory: Memory; distance: number }>(approximate, params);
        await client.query("COMMIT");
        return nearest.rows;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      }
    });
    return rows
      .map((row) => ({ memory: row.memory, similarity: this.sql.similarity(Number(row.distance)) }))
      .filter((hit) => hit.similarity >= bounds.minSimilarity);
  }

  embedQuery(text: string): Promise<number[]> {
    return embedQueryText(this.options.embedder, text);
  }

  async get(owner: Owner, id: string): Promise<Memory | undefined> {
    if (!(await this.tableReady())) return undefined;
    const { rows } = await this.select<{ memory: Memory }>(
      "get",
      `SELECT memory FROM ${this.table} WHERE team_id = $1 AND user_id = $2 AND id = $3`,
      [owner.teamId, owner.userId, id],
    );
    return rows[0]?.memory;
  }

  /** One page of the owner's memories in the order they were first saved. */
  async list(owner: Owner, options: { limit: number; offset: number }): Promise<Memory[]> {
    if (!(await this.tableReady())) return [];
    const page = pageBounds(options);
    if (!page) return [];
    const { rows } = await this.select<{ memory: Memory }>(
      "list",
      `SELECT memory FROM ${this.table} WHERE team_id = $1 AND user_id = $2 ORDER BY seq LIMIT $3 OFFSET $4`,
      [owner.teamId, owner.userId, page.limit, page.offset],
    );
    return rows.map((r) => r.memory);
  }

  async listWithVectors(
    owner: Owner,
    options: { limit: number; offset: number },
  ): Promise<MemoryWithVector[]> {
    const page = pageBounds(options);
    if (!page || !(await this.tableReady())) return [];
    const { text, params } = listWithVectorsStatement(this.table, owner, page);
    const { rows } = await this.select<{ memory: Memory; embedding: string }>("list", text, params);
    return rows.map((r) => ({ memory: r.memory, vector: parseVectorText(r.embedding) }));
  }

  async delete(owner: Owner, ids: string[]): Promise<void> {
    if (ids.length === 0 || !(await this.tableReady())) return;
    await this.select(
      "delete",
      `DELETE FROM ${this.table} WHERE team_id = $1 AND user_id = $2 AND id = ANY($3::text[])`,
      [owner.teamId, owner.userId, ids],
    );
  }

  async deleteAll(owner: Owner): Promise<void> {
    if (!(await this.tableReady())) return;
    await this.select("delete", `DELETE FROM ${this.table} WHERE team_id = $1 AND user_id = $2`, [
      owner.teamId,
      owner.userId,
    ]);
  }

  /** Every memory, page by page in primary key order (keyset paging: no row is skipped or repeated). */
  async *scan(pageSize = SCAN_PAGE_SIZE): AsyncGenerator<Memory[]> {
    if (!(await this.tableReady())) return;
    const size = scanPageSize(pageSize);
    let after: [string, string, string] | undefined;
    for (;;) {
      const { text, params } = scanStatement(this.table, size, after);
      const { rows } = await this.select<{ team_id: string; user_id: string; id: string; memory: Memory }>(
        "scan",
        text,
        params,
      );
      if (rows.length > 0) yield rows.map((r) => r.memory);
      if (rows.length < size) return;
      const last = rows.at(-1)!;
      after = [last.team_id, last.user_id, last.id];
    }
  }

  async count(owner: Owner): Promise<number> {
    if (!(await this.tableReady())) return 0;
    const { rows } = await this.select<{ n: number }>(
      "count",
      `SELECT count(*)::int AS n FROM ${this.table} WHERE team_id = $1 AND user_id = $2`,
      [owner.teamId, owner.userId],
    );
    return rows[0]!.n;
  }

  async owners(): Promise<OwnerCount[]> {
    if (!(await this.tableReady())) return [];
    const { rows } = await this.select<{ team_id: string; user_id: string; n: number }>(
      "owners",
      `SELECT team_id, user_id, count(*)::int AS n FROM ${this.table} GROUP BY team_id, user_id`,
      [],
    );
    return sortOwners(rows.map((r) => ({ teamId: r.team_id, userId: r.user_id, memories: r.n })));
  }

  /** Whether PostgreSQL answers within the timeout. Never throws. */
  async ping(): Promise<boolean> {
    return this.select("ping", "SELECT 1").then(
      () => true,
      () => false,
    );
  }

  /** Drops the namespace's table; returns how many rows it had. */
  async dropAll(): Promise<number> {
    if (!(await this.tableReady())) return 0;
    const count = await this.run("drop", async (client) => {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${this.table}`);
      await client.query(`DROP TABLE IF EXISTS ${this.table}`);
      return rows[0]!.n;
    });
    this.dimension = undefined;
    return count;
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  /**
   * Builds the HNSW indexes a table made by an earlier version lacks (the channel index over
   * non-private rows), `CONCURRENTLY`: writes go on, queries use the full index until it is there.
   * Resolves with the indexes it built (none: the table is new or complete); meant to run in the
   * background after {@link open} — a failure is tried again at the next open.
   */
  async addMissingIndexes(): Promise<string[]> {
    if (!(await this.tableReady())) return [];
    const built: string[] = [];
    const names = hnswIndexNames(this.table);
    const sql = hnswIndexSql(this.table, this.sql, { concurrently: true });
    for (const [i, name] of names.entries()) {
      const { rows } = await this.select<{ found: string | null }>(
        "open",
        "SELECT to_regclass($1)::text AS found",
        [name],
      );
      if (rows[0]?.found) continue;
      await this.run(
        "index",
        async (client) => {
          await client.query(`SET statement_timeout = 0; SET maintenance_work_mem = '${BUILD_WORK_MEM}'`);
          try {
            await client.query(sql[i]!);
          } finally {
            await client.query("RESET statement_timeout; RESET maintenance_work_mem");
          }
        },
        Math.max(this.options.timeoutMs, INDEX_BUILD_TIMEOUT_MS),
      );
      built.push(name);
    }
    return built;
  }

  /** Whether the table exists (asking the catalog while this process has not seen it). */
  private async tableReady(): Promise<boolean> {
    if (this.dimension === undefined) await this.refreshTable();
    return this.dimension !== undefined;
  }

  /** Reads the table's vector dimension and checks its comment (metric, embedder) if it exists. */
  private async refreshTable(): Promise<void> {
    const { rows } = await this.select<{ dimension: number; comment: string | null }>(
      "open",
      TABLE_INFO_SQL,
      [this.table],
    );
    const row = rows[0];
    if (!row) {
      this.dimension = undefined;
      return;
    }
    checkComment(this.table, parseComment(row.comment), {
      metric: this.options.metric,
      embedder: this.options.embedder.id,
    });
    this.dimension = row.dimension;
  }

  /** Creates the table and its indexes for vectors of the first batch's dimension, or checks it. */
  private async ensureTable(vectors: number[][]): Promise<void> {
    const dimension = dimensionOf(vectors, this.options.embedder.id);
    if (this.dimension === undefined) await this.refreshTable();
    if (this.dimension === undefined) await this.createTable(dimension);
    if (this.dimension !== dimension) {
      throw new AppError(
        "store_failed",
        `pgvector table ${this.table} holds vectors of ${this.dimension} dimensions; ` +
          `${this.options.embedder.id} returned ${dimension}`,
        { details: { table: this.table, stored: this.dimension, got: dimension } },
      );
    }
  }

  private async createTable(dimension: number): Promise<void> {
    checkHnswDimension(dimension, this.options.embedder.id);
    const comment: TableComment = {
      namespace: this.options.namespace,
      metric: this.options.metric,
      embedder: this.options.embedder.id,
    };
    await this.run("create", async (client) => {
      await client.query("BEGIN");
      try {
        // Two processes creating the same table at once: the second waits here, then finds it.
        await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [this.table]);
        for (const sql of tableSql(this.table, dimension, this.sql, comment)) await client.query(sql);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      }
    });
    await this.refreshTable();
  }

  /** Drops the HNSW index before a bulk save when rebuilding it is the cheaper way; whether it did. */
  private async dropIndexForBulk(rows: number): Promise<boolean> {
    return this.run("upsert", async (client) => {
      const { rows: counted } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${this.table}`,
      );
      if (counted[0]!.n > rows * 2) return false;
      for (const name of hnswIndexNames(this.table)) await client.query(`DROP INDEX IF EXISTS ${name}`);
      return true;
    });
  }

  /**
   * Builds the HNSW index over the rows in the table, in memory when it fits
   * (`maintenance_work_mem`), without the per-call timeout (a build takes as long as the rows need).
   */
  private async buildIndex(): Promise<void> {
    await this.run(
      "index",
      async (client) => {
        await client.query(
          `BEGIN; SET LOCAL statement_timeout = 0; SET LOCAL maintenance_work_mem = '${BUILD_WORK_MEM}'`,
        );
        try {
          for (const sql of hnswIndexSql(this.table, this.sql)) await client.query(sql);
          await client.query("COMMIT");
        } catch (err) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw err;
        }
      },
      Math.max(this.options.timeoutMs, INDEX_BUILD_TIMEOUT_MS),
    );
  }

  private select<R extends pg.QueryResultRow = pg.QueryResultRow>(
    what: string,
    text: string,
    params: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    return this.run(what, (client) => client.query<R>(text, params));
  }

  /** {@link PgDatabase.run}; a table another process dropped is forgotten so the next call looks again. */
  private run<T>(
    what: string,
    fn: (client: pg.PoolClient) => Promise<T>,
    timeoutMs = this.options.timeoutMs,
  ): Promise<T> {
    return this.db.run(what, fn, {
      timeoutMs,
      onError: (err) => {
        if ((err as { code?: string }).code === "42P01") this.dimension = undefined; // undefined_table
      },
    });
  }
}
