import { closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { AppError } from "../../core/errors.js";
import type { SimilarityMetric } from "../../core/vector-index.js";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../../util/private-files.js";
import { quoteIdentifier, sha256Hex } from "../common/sql-names.js";

/**
 * The sqlite-vec file's schema: the registry of namespaces, each namespace's three tables (owners,
 * memories, the vec0 vectors) and the prepared statements over them.
 */

/** The registry of namespaces in a file: one row per namespace, created with its tables. */
export const NAMESPACES = "vector_namespaces";

/**
 * The vector chunks are read through a memory map: an exact scan reads every one of the owner's, and
 * an exact rescore reads a vector out of its chunk's blob, which without the map costs a read per
 * page of the chunk before it (bench:recall at 100k: vector half 46 against 10 ms). Mapped pages are
 * the OS's file cache, shared and dropped under memory pressure.
 */
const MMAP_BYTES = 1 << 30;
/**
 * SQLite's own page cache, in this process's heap. Writes and the B-tree pages go through it; the
 * vectors do not (mapped). 32 MiB ingests and searches as fast as 256 MiB did, with 220–330 MiB less
 * resident after loading 110k (docs/benchmarks.md, issue 25's resident memory).
 */
const CACHE_KIB = 32 * 1024;

/** A namespace's row in {@link NAMESPACES}. */
export interface NamespaceRow {
  namespace: string;
  /** Its tables are `<prefix>_memories`, `<prefix>_owners` and `<prefix>_vectors` (vec0). */
  prefix: string;
  metric: SimilarityMetric;
  /** The embedder's vector size (the vec0 column has one more for dot_product). */
  dimension: number;
  embedder: string;
  /** dot_product only: the bound M on stored norms (see stored-vectors.ts). */
  max_norm: number;
}

/** A namespace's table names, quoted. */
export interface Tables {
  memories: string;
  owners: string;
  vectors: string;
}

/** The prepared statements of one namespace's tables (made once it exists). */
export interface Statements {
  ownerOf: Database.Statement<[string, string], { owner: number | bigint }>;
  addOwner: Database.Statement<[string, string]>;
  putMemory: Database.Statement<[bigint, string, string, string], { seq: number | bigint }>;
  seqOf: Database.Statement<[bigint, string], { seq: number | bigint }>;
  deleteMemory: Database.Statement<[bigint]>;
  deleteVector: Database.Statement<[bigint]>;
  insertVector: Database.Statement<[bigint, bigint, string, Buffer]>;
  get: Database.Statement<[bigint, string], { memory: string }>;
  list: Database.Statement<[bigint, number, number], { memory: string }>;
  /** The `list` page with each row's stored vector. */
  listWithVectors: Database.Statement<[bigint, number, number], { memory: string; embedding: Buffer }>;
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
 * The namespace's table prefix: its letters, digits and `_` (at most 48), and 8 hex digits of its
 * hash, so that two namespaces differing only in other characters never share tables.
 */
export function tablePrefix(namespace: string): string {
  const readable = namespace.replace(/[^a-zA-Z0-9_]+/g, "_").slice(0, 48);
  return `v_${readable}_${sha256Hex(namespace, 8)}`;
}

export function tablesOf(prefix: string): Tables {
  return {
    memories: quoteIdentifier(`${prefix}_memories`),
    owners: quoteIdentifier(`${prefix}_owners`),
    vectors: quoteIdentifier(`${prefix}_vectors`),
  };
}

/**
 * Opens (creating if needed, mode 0600 in a 0700 directory) the file with sqlite-vec loaded, in WAL
 * mode with secure delete, and makes sure the registry exists. A failure is AppError `store_failed`.
 */
export function openDatabase(path: string): Database.Database {
  let db: Database.Database | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
    // Created 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database's mode.
    closeSync(openSync(path, "a", PRIVATE_FILE_MODE));
    db = new Database(path);
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
    return db;
  } catch (err) {
    db?.close();
    throw new AppError("store_failed", `sqlite-vec: cannot open ${path}: ${(err as Error).message}`, {
      cause: err,
      details: { path },
    });
  }
}

/** The namespace's registry row, or undefined while it has none. */
export function readNamespaceRow(db: Database.Database, namespace: string): NamespaceRow | undefined {
  return db.prepare(`select * from ${NAMESPACES} where namespace = ?`).get(namespace) as
    NamespaceRow | undefined;
}

/** A namespace opened with an embedder of another dimension or another metric is AppError `store_failed`. */
export function checkCompatible(
  row: NamespaceRow,
  wanted: { dimension: number; metric: SimilarityMetric; embedderId: string },
): void {
  if (row.dimension !== wanted.dimension) {
    throw new AppError(
      "store_failed",
      `sqlite-vec: namespace ${row.namespace} holds vectors of ${row.dimension} dimensions; ${wanted.embedderId} gives ${wanted.dimension}`,
      { details: { namespace: row.namespace, dimension: row.dimension, got: wanted.dimension } },
    );
  }
  if (row.metric !== wanted.metric) {
    throw new AppError(
      "store_failed",
      `sqlite-vec: namespace ${row.namespace} was built for ${row.metric}, not ${wanted.metric}`,
      { details: { namespace: row.namespace, metric: row.metric, got: wanted.metric } },
    );
  }
}

/**
 * Creates the namespace's tables for vectors of `row.dimension` (one more column for dot_product) and
 * its registry row; inside the caller's transaction.
 */
export function createTables(db: Database.Database, tables: Tables, row: NamespaceRow): void {
  const columns = row.metric === "dot_product" ? row.dimension + 1 : row.dimension;
  const distance = row.metric === "cosine" ? "cosine" : "L2";
  db.exec(
    `create table if not exists ${tables.owners} (
       owner integer primary key,
       team text not null,
       user text not null,
       unique (team, user)
     );
     create table if not exists ${tables.memories} (
       seq integer primary key,
       owner integer not null,
       id text not null,
       visibility text not null,
       memory text not null,
       unique (owner, id)
     );
     create index if not exists ${quoteIdentifier(`${row.prefix}_memories_owner`)} on ${tables.memories} (owner);
     create virtual table if not exists ${tables.vectors} using vec0(
       owner integer partition key,
       visibility text,
       embedding float[${columns}] distance_metric=${distance}
     );`,
  );
  db.prepare(
    `insert into ${NAMESPACES} (namespace, prefix, metric, dimension, embedder, max_norm, created_at)
     values (@namespace, @prefix, @metric, @dimension, @embedder, @max_norm, @created_at)`,
  ).run({ ...row, created_at: Date.now() });
}

export function prepareStatements(db: Database.Database, { memories, owners, vectors }: Tables): Statements {
  const p = <R>(sql: string) => db.prepare(sql) as unknown as Database.Statement<never, R>;
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
    listWithVectors: p(
      `select m.memory as memory, v.embedding as embedding
       from ${memories} m cross join ${vectors} v on v.rowid = m.seq
       where m.owner = ? order by m.seq limit ? offset ?`,
    ),
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

/**
 * The exact KNN of one owner with `visibilities` visibilities allowed (0: any): parameters are the
 * query vector, k, the owner, the visibilities, and the owner again (the memories' side).
 */
export function knnSql(tables: Tables, visibilities: number): string {
  const filter =
    visibilities > 0 ? `and visibility in (${new Array(visibilities).fill("?").join(", ")})` : "";
  return `with knn as (
     select rowid, distance from ${tables.vectors}
     where embedding match ? and k = ? and owner = ? ${filter}
   )
   select m.memory as memory, knn.distance as distance
   from knn join ${tables.memories} m on m.seq = knn.rowid
   where m.owner = ?
   order by knn.distance`;
}

/**
 * Drops the namespace's tables and its registry row (inside the caller's transaction); returns how
 * many memories it held.
 */
export function dropNamespace(db: Database.Database, prefix: string, namespace: string): number {
  const memories = `${prefix}_memories`;
  const exists =
    db.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(memories) !== undefined;
  const count = exists
    ? (db.prepare(`select count(*) as n from ${quoteIdentifier(memories)}`).get() as { n: number }).n
    : 0;
  for (const suffix of ["vectors", "memories", "owners"]) {
    db.exec(`drop table if exists ${quoteIdentifier(`${prefix}_${suffix}`)}`);
  }
  db.prepare(`delete from ${NAMESPACES} where namespace = ?`).run(namespace);
  return count;
}
