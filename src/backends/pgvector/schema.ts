import { AppError } from "../../core/errors.js";
import { similarityFrom, type SimilarityMetric } from "../../core/vector-index.js";
import { PRIVATE } from "../../core/visibility.js";
import { quoteIdentifier, quoteLiteral, sha256Hex } from "../common/sql-names.js";

/**
 * The pgvector table of a namespace: its name, columns, comment (what it was made for) and indexes
 * (the owner's `seq` order, and the HNSW indexes in the metric's operator class).
 */

/** pgvector's HNSW index takes `vector` columns of at most this many dimensions. */
export const HNSW_MAX_DIMENSIONS = 2000;

/** `maintenance_work_mem` for an index build: the graph of 100k vectors of 512 floats fits. */
export const BUILD_WORK_MEM = "512MB";

/**
 * The operator (its value is the distance the ORDER BY uses), the HNSW operator class and how the
 * operator's value becomes the metric's similarity: `<=>` is the cosine distance, `<#>` the negative
 * inner product, `<->` the L2 distance.
 */
export interface MetricSql {
  operator: string;
  ops: string;
  similarity: (raw: number) => number;
}

export const METRIC_SQL: Record<SimilarityMetric, MetricSql> = {
  cosine: {
    operator: "<=>",
    ops: "vector_cosine_ops",
    similarity: (raw) => similarityFrom("cosine", raw),
  },
  dot_product: {
    operator: "<#>",
    ops: "vector_ip_ops",
    similarity: (raw) => similarityFrom("dot_product", -raw),
  },
  euclidean: { operator: "<->", ops: "vector_l2_ops", similarity: (raw) => similarityFrom("euclidean", raw) },
};

/** The rows a channel's recall may see at most (the partial HNSW index's predicate). */
export const NOT_PRIVATE = `visibility <> ${quoteLiteral(PRIVATE)}`;

/** What the table's comment records, checked when the table is opened again. */
export interface TableComment {
  namespace: string;
  metric: SimilarityMetric;
  embedder: string;
}

/**
 * The namespace's table name, quoted: the namespace itself when it fits PostgreSQL's 63-byte
 * identifiers with room for the index suffixes, else its first 42 characters, `_` and 12 hex digits
 * of its SHA-256 (55 in all).
 */
export function tableNameOf(namespace: string): string {
  const name =
    Buffer.byteLength(namespace) <= 55 ? namespace : `${namespace.slice(0, 42)}_${sha256Hex(namespace, 12)}`;
  return quoteIdentifier(name);
}

/** The table's comment as written by {@link tableSql}, or undefined when it is not one. */
export function parseComment(comment: string | null): TableComment | undefined {
  try {
    const parsed = JSON.parse(comment ?? "") as Partial<TableComment>;
    return typeof parsed.metric === "string" && typeof parsed.embedder === "string"
      ? (parsed as TableComment)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A table made for another metric or embedder than the index's (its comment says so) is AppError
 * `config_invalid`: its vectors cannot be compared with the index's.
 */
export function checkComment(
  table: string,
  comment: TableComment | undefined,
  wanted: Pick<TableComment, "metric" | "embedder">,
): void {
  if (comment && (comment.metric !== wanted.metric || comment.embedder !== wanted.embedder)) {
    throw new AppError(
      "config_invalid",
      `pgvector table ${table} holds ${comment.embedder} vectors by ${comment.metric}; this index ` +
        `is ${wanted.embedder} by ${wanted.metric} (use another namespace)`,
      { details: { table, stored: comment } },
    );
  }
}

/** Vectors of more than {@link HNSW_MAX_DIMENSIONS} dimensions are AppError `config_invalid` (no table for them). */
export function checkHnswDimension(dimension: number, embedderId: string): void {
  if (dimension > HNSW_MAX_DIMENSIONS) {
    throw new AppError(
      "config_invalid",
      `pgvector indexes vectors of at most ${HNSW_MAX_DIMENSIONS} dimensions with HNSW; ` +
        `${embedderId} makes ${dimension}`,
    );
  }
}

/** The vector column's dimension and the table's comment (no row: no such table); $1 is the table. */
export const TABLE_INFO_SQL = `SELECT a.atttypmod AS dimension, obj_description(a.attrelid, 'pg_class') AS comment
   FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attname = 'embedding'`;

/**
 * The statements making the table for vectors of `dimension`: a row per memory keyed by (team, user,
 * id), with its visibility, the memory as jsonb, a `seq` identity (stable paging) and the vector, kept
 * inline and uncompressed while the row fits a page (`toast_tuple_target`); the owner's `seq` index,
 * the HNSW indexes ({@link hnswIndexSql}) and the comment.
 */
export function tableSql(
  table: string,
  dimension: number,
  metric: MetricSql,
  comment: TableComment,
): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${table} (
       team_id text NOT NULL,
       user_id text NOT NULL,
       id text NOT NULL,
       visibility text NOT NULL,
       seq bigint GENERATED ALWAYS AS IDENTITY,
       memory jsonb NOT NULL,
       embedding vector(${dimension}) NOT NULL,
       PRIMARY KEY (team_id, user_id, id))
     WITH (toast_tuple_target = 8160)`,
    `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(`${table.slice(1, -1)}_seq`)} ON ${table} (team_id, user_id, seq)`,
    ...hnswIndexSql(table, metric),
    `COMMENT ON TABLE ${table} IS ${quoteLiteral(JSON.stringify(comment))}`,
  ];
}

/**
 * The HNSW indexes: one over every row, and one over the non-private rows only (channel and shared
 * memories), which a channel's recall searches — in a workspace where most memories come from DMs
 * it is a fraction of the size, and the channel filter passes a larger share of what it walks.
 */
export function hnswIndexSql(
  table: string,
  metric: MetricSql,
  options: { concurrently?: boolean } = {},
): string[] {
  const [all, shared] = hnswIndexNames(table);
  const create = `CREATE INDEX ${options.concurrently ? "CONCURRENTLY " : ""}IF NOT EXISTS`;
  return [
    `${create} ${all} ON ${table} USING hnsw (embedding ${metric.ops})`,
    `${create} ${shared} ON ${table} USING hnsw (embedding ${metric.ops}) WHERE ${NOT_PRIVATE}`,
  ];
}

/** The names of the two HNSW indexes (every row; the non-private rows), quoted. */
export function hnswIndexNames(table: string): [string, string] {
  const base = table.slice(1, -1);
  return [quoteIdentifier(`${base}_hnsw`), quoteIdentifier(`${base}_shared_hnsw`)];
}
