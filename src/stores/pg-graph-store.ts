import { z } from "zod";
import { AppError } from "../core/errors.js";
import type { PgDatabase } from "../db/postgres.js";
import { entityNodeSchema, relationSchema } from "../core/graph-schema.js";
import { GraphStoreBase } from "./graph-store-base.js";
import { InMemoryPropertyGraph } from "./property-graph.js";
import type { Owner } from "../core/types.js";
import type { GraphStores, PropertyGraphView, UserGraphStore } from "../core/graph-types.js";

const graphDataSchema = z.object({ nodes: z.array(entityNodeSchema), relations: z.array(relationSchema) });

/**
 * One user's property graph as one row of the `graphs` table (src/db/migrations/): the same
 * `EntityNode`/`Relation` data, supersede history included, as the JSON graph file (which stays the
 * embedded default and the export format).
 *
 * Like the JSON store, the graph is cached and written through: `update` locks the row
 * (`SELECT … FOR UPDATE`), applies the change to a copy, writes it with `version + 1` and only then
 * swaps it in, so concurrent writers on several replicas never lose an update. A read checks the row's
 * version first (one small query) and re-reads the graph only when another replica changed it.
 */
export class PgGraphStore extends GraphStoreBase {
  private graph: InMemoryPropertyGraph | undefined;
  private version: string | undefined;

  constructor(
    private readonly db: PgDatabase,
    private readonly key: Owner,
  ) {
    super();
  }

  async update<T>(fn: (graph: PropertyGraphView) => T): Promise<T> {
    const { teamId, userId } = this.key;
    const done = await this.db.transaction("graph update", async (client) => {
      await client.query(
        `INSERT INTO graphs (team_id, user_id, data, version) VALUES ($1, $2, '{"nodes":[],"relations":[]}', 0)
         ON CONFLICT (team_id, user_id) DO NOTHING`,
        [teamId, userId],
      );
      const { rows } = await client.query<{ data: unknown; version: string }>(
        "SELECT data, version FROM graphs WHERE team_id = $1 AND user_id = $2 FOR UPDATE",
        [teamId, userId],
      );
      const row = rows[0]!;
      const draft =
        this.graph !== undefined && this.version === row.version ? this.graph.clone() : this.parse(row.data);
      const result = fn(draft);
      const written = await client.query<{ version: string }>(
        `UPDATE graphs SET data = $3, version = version + 1, updated_at = now()
         WHERE team_id = $1 AND user_id = $2 RETURNING version`,
        [teamId, userId, JSON.stringify(draft.toData())],
      );
      return { result, draft, version: written.rows[0]!.version };
    });
    // Committed: cache it, unless a later write of this process already did.
    if (this.version === undefined || BigInt(done.version) > BigInt(this.version)) {
      this.graph = done.draft;
      this.version = done.version;
    }
    return done.result;
  }

  /** Deletes the user's graph row and empties the cache. */
  async drop(): Promise<void> {
    await this.db.run("graph delete", (client) =>
      client.query("DELETE FROM graphs WHERE team_id = $1 AND user_id = $2", [
        this.key.teamId,
        this.key.userId,
      ]),
    );
    this.graph = new InMemoryPropertyGraph();
    this.version = undefined;
  }

  protected async current(): Promise<InMemoryPropertyGraph> {
    const { teamId, userId } = this.key;
    const { rows } = await this.db.run("graph version", (client) =>
      client.query<{ version: string }>("SELECT version FROM graphs WHERE team_id = $1 AND user_id = $2", [
        teamId,
        userId,
      ]),
    );
    const version = rows[0]?.version;
    if (version === undefined) {
      this.graph = new InMemoryPropertyGraph();
      this.version = undefined;
      return this.graph;
    }
    if (this.graph !== undefined && this.version === version) return this.graph;
    const read = await this.db.run("graph read", (client) =>
      client.query<{ data: unknown; version: string }>(
        "SELECT data, version FROM graphs WHERE team_id = $1 AND user_id = $2",
        [teamId, userId],
      ),
    );
    const row = read.rows[0];
    this.graph = row === undefined ? new InMemoryPropertyGraph() : this.parse(row.data);
    this.version = row?.version;
    return this.graph;
  }

  private parse(data: unknown): InMemoryPropertyGraph {
    const parsed = graphDataSchema.safeParse(data);
    if (!parsed.success) {
      throw new AppError("store_failed", "graph row has an unexpected shape", {
        cause: parsed.error,
        details: { ...this.key, issues: parsed.error.issues.slice(0, 5) },
      });
    }
    return InMemoryPropertyGraph.fromData(parsed.data);
  }
}

/** Every user's graph as a row of PostgreSQL's `graphs` table (several replicas). */
export class PgGraphStores implements GraphStores {
  readonly kind = "postgres";

  constructor(private readonly db: PgDatabase) {}

  forUser(key: Owner): UserGraphStore {
    return new PgGraphStore(this.db, key);
  }
}
