import { AppError } from "../../core/errors.js";
import type { Memory, Owner } from "../../core/types.js";
import { type VectorQuery } from "../../core/vector-index.js";
import { PRIVATE, visibilityOf } from "../../core/visibility.js";
import { type MetricSql, NOT_PRIVATE } from "./schema.js";

/**
 * The SQL that reads and writes a pgvector table's rows: the upsert of memories with their vectors,
 * the owner's nearest rows (exact or through HNSW) and the keyset pages of a scan.
 */

/**
 * Owners with at most this many rows are searched exactly (their rows through the primary key, then
 * sorted by distance) rather than through the HNSW graph: cheaper than walking a graph of everyone's
 * vectors for a few matches, and exact.
 */
export const EXACT_SEARCH_MAX_ROWS = 2000;

/** pgvector's text form `[1,2,3]`; a NaN or infinite component is a clear error, not a SQL one. */
export function toVectorLiteral(vector: number[], what: string): string {
  for (const x of vector) {
    if (typeof x !== "number" || !Number.isFinite(x)) {
      throw new AppError("bad_request", `${what} has a component that is not a finite number (${String(x)})`);
    }
  }
  return `[${vector.join(",")}]`;
}

/** A vector from pgvector's text form `[1,2,3]`. */
export function parseVectorText(text: string): number[] {
  return JSON.parse(text) as number[];
}

/** The owner's `list` page (first-saved order) with each row's vector in its text form. */
export function listWithVectorsStatement(
  table: string,
  owner: Owner,
  page: { limit: number; offset: number },
): { text: string; params: unknown[] } {
  return {
    text: `SELECT memory, embedding::text AS embedding FROM ${table}
       WHERE team_id = $1 AND user_id = $2 ORDER BY seq LIMIT $3 OFFSET $4`,
    params: [owner.teamId, owner.userId, page.limit, page.offset],
  };
}

/** The dimension of an embedder's vectors, all of one length (else AppError `embed_failed`). */
export function dimensionOf(vectors: number[][], embedderId: string): number {
  const dimension = vectors[0]?.length ?? 0;
  const odd = vectors.find((v) => v.length !== dimension);
  if (dimension === 0 || odd) {
    throw new AppError(
      "embed_failed",
      `${embedderId} returned vectors of ${dimension} and ${odd?.length ?? 0} dimensions`,
    );
  }
  return dimension;
}

/**
 * One multi-row `INSERT … SELECT FROM unnest(…) ON CONFLICT DO UPDATE`: the memories (one per owner
 * and id) with their vectors.
 */
export function upsertStatement(
  table: string,
  memories: Memory[],
  vectors: number[][],
  embedderId: string,
): { text: string; params: unknown[] } {
  return {
    text: `INSERT INTO ${table} (team_id, user_id, id, visibility, memory, embedding)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::vector[])
       ON CONFLICT (team_id, user_id, id) DO UPDATE
         SET visibility = EXCLUDED.visibility, memory = EXCLUDED.memory, embedding = EXCLUDED.embedding`,
    params: [
      memories.map((m) => m.teamId),
      memories.map((m) => m.userId),
      memories.map((m) => m.id),
      memories.map((m) => visibilityOf(m)),
      memories.map((m) => JSON.stringify(m)),
      vectors.map((v) => toVectorLiteral(v, `${embedderId} vector`)),
    ],
  };
}

/**
 * The statements of one owner's search, sharing `params` ($1 team, $2 user, $3 the vector, $4 topK,
 * $5 the visibilities when given):
 *
 * - `ownerRows`: how many rows the owner has, counted up to {@link EXACT_SEARCH_MAX_ROWS} + 1;
 * - `exact`: every one of the owner's rows through the primary key, sorted by distance. The fence
 *   (OFFSET 0) keeps the planner off the HNSW index, so each distance is computed once;
 * - `approximate`: through HNSW, the owner columns compared as expressions (`|| ''`) so the planner
 *   walks the index in distance order and filters instead of reading the owner's rows in key order;
 *   re-sorted by distance. A channel's recall says "not private" literally (not only through the
 *   parameter), so any plan, generic ones too, may walk the smaller index over the non-private rows.
 */
export function searchStatements(
  table: string,
  metric: MetricSql,
  query: Owner & Pick<VectorQuery, "visibilities">,
  vector: string,
  topK: number,
): { ownerRows: string; exact: string; approximate: string; params: unknown[] } {
  const visibilities = query.visibilities ? [...query.visibilities] : undefined;
  const { operator } = metric;
  const params: unknown[] = [query.teamId, query.userId, vector, topK];
  const visibilityFilter = visibilities ? `AND visibility = ANY($${params.push(visibilities)}::text[])` : "";
  const notPrivate = visibilities && !visibilities.includes(PRIVATE) ? `AND ${NOT_PRIVATE}` : "";
  return {
    ownerRows: `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table}
           WHERE team_id = $1 AND user_id = $2 LIMIT ${EXACT_SEARCH_MAX_ROWS + 1}) s`,
    exact: `SELECT memory, distance FROM (
             SELECT memory, embedding ${operator} $3::vector AS distance FROM ${table}
              WHERE team_id = $1 AND user_id = $2 ${visibilityFilter} OFFSET 0
           ) owned ORDER BY distance LIMIT $4`,
    approximate: `SELECT memory, distance FROM (
             SELECT memory, embedding ${operator} $3::vector AS distance FROM ${table}
              WHERE team_id || '' = $1 AND user_id || '' = $2 ${visibilityFilter} ${notPrivate}
              ORDER BY embedding ${operator} $3::vector LIMIT $4
           ) nearest ORDER BY distance`,
    params,
  };
}

/**
 * A page of every owner's rows in primary key order after `after` (keyset paging: no row is skipped
 * or repeated); $1 is the page size.
 */
export function scanStatement(
  table: string,
  size: number,
  after: [string, string, string] | undefined,
): { text: string; params: unknown[] } {
  return {
    text: `SELECT team_id, user_id, id, memory FROM ${table}
          ${after ? "WHERE (team_id, user_id, id) > ($2, $3, $4)" : ""}
          ORDER BY team_id, user_id, id LIMIT $1`,
    params: [size, ...(after ?? [])],
  };
}
