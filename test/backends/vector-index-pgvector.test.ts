import { randomBytes } from "node:crypto";
import pg from "pg";
import { pino } from "pino";
import { describe, expect, inject, it } from "vitest";
import { parseConfig } from "../../src/config/config.js";
import { parseMemoryConfig } from "../../src/config/load-memory-config.js";
import { openVectorIndex } from "../../src/app/vector-index-factory.js";
import { redactUrl } from "../../src/db/postgres.js";
import { PgvectorVectorIndex, tableNameOf } from "../../src/backends/pgvector/pgvector-vector-index.js";
import type { VectorIndexOptions } from "../../src/core/vector-index.js";
import { describeVectorIndexContract, TableEmbedder } from "./vector-index-contract.js";

/** PGlite + pgvector over the wire protocol (test/support/global-setup.ts): the production pg + SQL path. */
const databaseUrl = () => inject("databaseUrl");

describeVectorIndexContract({
  name: "pgvector",
  persistent: true,
  hnsw: true,
  open: (options) => PgvectorVectorIndex.open({ ...options, databaseUrl: databaseUrl(), poolSize: 4 }),
});

const owner = { teamId: "T1", userId: "U1" };
const memoryOf = (id: string, text: string, over: object = {}) => ({
  id,
  text,
  ...owner,
  timestamp: 1,
  channelId: "D1",
  channelType: "im" as const,
  source: "slack" as const,
  ...over,
});

/** One statement on a connection of its own (catalog reads, an old table's layout). */
async function sql<Row extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query<Row>(text, params)).rows;
  } finally {
    await client.end();
  }
}

function optionsOf(over: Partial<VectorIndexOptions> = {}): VectorIndexOptions {
  return {
    embedder: new TableEmbedder(),
    embedBatchSize: 16,
    metric: "cosine",
    efSearch: 64,
    namespace: `pg_${randomBytes(5).toString("hex")}`,
    timeoutMs: 10_000,
    ...over,
  };
}

describe("PgvectorVectorIndex", () => {
  it("reports the URL without its password and the ef_search in use", async () => {
    const url = new URL(databaseUrl());
    url.password = "s3cret";
    expect(redactUrl(url.toString())).not.toContain("s3cret");
    const index = await PgvectorVectorIndex.open({
      ...optionsOf({ efSearch: 123 }),
      databaseUrl: databaseUrl(),
    });
    try {
      expect(index.info).toMatchObject({ kind: "pgvector", efSearch: 123, metric: "cosine" });
      expect(index.info.location).toBe(redactUrl(databaseUrl()));
    } finally {
      await index.close();
    }
  });

  it("shortens a long namespace to a PostgreSQL identifier and still works", async () => {
    const namespace = `long_${"x".repeat(120)}_${randomBytes(4).toString("hex")}`;
    const name = tableNameOf(namespace);
    expect(name.length - 2).toBeLessThanOrEqual(55);
    expect(tableNameOf(`${namespace}y`)).not.toBe(name);
    const index = await PgvectorVectorIndex.open({ ...optionsOf({ namespace }), databaseUrl: databaseUrl() });
    try {
      await index.upsert([memoryOf("m1", "near")]);
      expect((await index.get(owner, "m1"))?.text).toBe("near");
    } finally {
      await index.dropAll();
      await index.close();
    }
  });

  it("refuses vectors of another dimension than the table's with a clear error", async () => {
    const options = optionsOf();
    const index = await PgvectorVectorIndex.open({ ...options, databaseUrl: databaseUrl() });
    try {
      await index.upsert([memoryOf("m1", "near")]);
      const wide = {
        id: options.embedder.id,
        dimension: 8,
        embed: async (t: string[]) => t.map(() => [1, 2, 3]),
      };
      const other = await PgvectorVectorIndex.open({
        ...options,
        embedder: wide,
        databaseUrl: databaseUrl(),
      });
      await expect(other.upsert([memoryOf("m2", "x")])).rejects.toMatchObject({ code: "store_failed" });
      await other.close();
      await expect(index.query({ ...owner, vector: [1, 0], topK: 3 })).rejects.toMatchObject({
        code: "bad_request",
      });
      await expect(
        index.query({ ...owner, vector: [NaN, 0, 0, 0, 0, 0, 0, 0], topK: 3 }),
      ).rejects.toMatchObject({ code: "bad_request" });
    } finally {
      await index.dropAll();
      await index.close();
    }
  });

  it("sets ef_search per query and finds the owner's rows through HNSW among many others", async () => {
    const options = optionsOf();
    const index = await PgvectorVectorIndex.open({ ...options, databaseUrl: databaseUrl() });
    try {
      // More rows than the exact-search limit for one owner, a few for another: both get full answers.
      const big = Array.from({ length: 2100 }, (_, i) => memoryOf(`b${i}`, `big row ${i}`));
      const small = ["near", "mid", "far"].map((t, i) => ({ ...memoryOf(`s${i}`, t), userId: "U_SMALL" }));
      // A bulk save into an empty table: the HNSW index is dropped and built again over the rows.
      await index.upsert([...big, ...small]);
      const indexes = await sql<{ def: string }>(
        "SELECT indexdef AS def FROM pg_indexes WHERE tablename = $1",
        [tableNameOf(options.namespace).slice(1, -1)],
      );
      expect(indexes.some((i) => i.def.endsWith("USING hnsw (embedding vector_cosine_ops)"))).toBe(true);
      // And the smaller one over the rows a channel may see (no DM rows).
      expect(
        indexes.some((i) =>
          i.def.endsWith("USING hnsw (embedding vector_cosine_ops) WHERE (visibility <> 'private'::text)"),
        ),
      ).toBe(true);
      const vector = await index.embedQuery("Q");
      expect(await index.query({ ...owner, vector, topK: 10 })).toHaveLength(10);
      const hits = await index.query({ teamId: "T1", userId: "U_SMALL", vector, topK: 10 });
      expect(hits.map((h) => h.memory.text)).toEqual(["near", "mid", "far"]);
      // Channel rows are rare among the big owner's: the iterative scan still finds them.
      await index.upsert([memoryOf("c1", "near", { channelId: "C1", channelType: "channel" })]);
      const scansOfShared = async () => {
        const rows = await sql<{ n: string }>(
          "SELECT idx_scan AS n FROM pg_stat_user_indexes WHERE indexrelname = $1",
          [`${tableNameOf(options.namespace).slice(1, -1)}_shared_hnsw`],
        );
        return Number(rows[0]?.n ?? 0);
      };
      const before = await scansOfShared();
      const inChannel = await index.query({ ...owner, vector, topK: 5, visibilities: ["channel:C1"] });
      expect(inChannel.map((h) => h.memory.id)).toEqual(["c1"]);
      // A channel's recall walks the index of non-private rows only.
      // (index statistics reach pg_stat_user_indexes with a delay)
      await expect.poll(scansOfShared, { timeout: 15_000 }).toBeGreaterThan(before);
    } finally {
      await index.dropAll();
      await index.close();
    }
  });

  it("builds the channel index a table from an earlier version lacks, and nothing on a complete one", async () => {
    const options = optionsOf();
    const index = await PgvectorVectorIndex.open({ ...options, databaseUrl: databaseUrl() });
    const table = tableNameOf(options.namespace).slice(1, -1);
    try {
      expect(await index.addMissingIndexes()).toEqual([]); // no table yet
      await index.upsert([
        memoryOf("d1", "near"),
        memoryOf("c1", "near", { channelId: "C1", channelType: "channel" }),
      ]);
      expect(await index.addMissingIndexes()).toEqual([]);
      await sql(`DROP INDEX "${table}_shared_hnsw"`); // as tables were made before
      expect(await index.addMissingIndexes()).toEqual([`"${table}_shared_hnsw"`]);
      const rows = await sql<{ def: string }>("SELECT indexdef AS def FROM pg_indexes WHERE indexname = $1", [
        `${table}_shared_hnsw`,
      ]);
      expect(rows[0]?.def).toContain("WHERE (visibility <> 'private'::text)");
      const vector = await index.embedQuery("near");
      const hits = await index.query({ ...owner, vector, topK: 5, visibilities: ["channel:C1"] });
      expect(hits.map((h) => h.memory.id)).toEqual(["c1"]);
    } finally {
      await index.dropAll();
      await index.close();
    }
  });

  it("fails a call that outlives timeoutMs with store_failed instead of hanging", async () => {
    // A server that accepts connections and never answers.
    const { createServer } = await import("node:net");
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const started = Date.now();
      await expect(
        PgvectorVectorIndex.open({
          ...optionsOf({ timeoutMs: 300 }),
          databaseUrl: `postgres://u:p@127.0.0.1:${port}/db`,
        }),
      ).rejects.toMatchObject({ code: "store_failed" });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      server.close();
    }
  });

  it("refuses a DATABASE_URL that is not postgres://", async () => {
    await expect(
      PgvectorVectorIndex.open({ ...optionsOf(), databaseUrl: "http://127.0.0.1:5432/db" }),
    ).rejects.toMatchObject({ code: "config_invalid" });
  });

  it("keeps sessions apart: a query's ef_search does not leak to other connections", async () => {
    const index = await PgvectorVectorIndex.open({
      ...optionsOf({ efSearch: 7 }),
      databaseUrl: databaseUrl(),
    });
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      await index.upsert([memoryOf("m1", "near")]);
      await index.query({ ...owner, vector: await index.embedQuery("Q"), topK: 1 });
      const { rows } = await client.query<{ ef: string }>("SELECT current_setting('hnsw.ef_search') AS ef");
      expect(rows[0]!.ef).not.toBe("7");
    } finally {
      await client.end();
      await index.dropAll();
      await index.close();
    }
  });
});

describe("openVectorIndex: pgvector", () => {
  const settings = () =>
    parseMemoryConfig('[memory.vector]\nindex_type = "pgvector"\nef_search = 50\n', "memory.toml").memory
      .vector;

  it("needs DATABASE_URL", async () => {
    const config = parseConfig({});
    await expect(
      openVectorIndex({
        config,
        vector: settings(),
        embedder: new TableEmbedder(),
        logger: pino({ level: "silent" }),
      }),
    ).rejects.toMatchObject({ code: "config_invalid", details: { key: "DATABASE_URL" } });
  });

  it("opens PgvectorVectorIndex at DATABASE_URL", async () => {
    const config = parseConfig({ DATABASE_URL: databaseUrl() });
    const opened = await openVectorIndex({
      config,
      vector: settings(),
      embedder: new TableEmbedder(),
      logger: pino({ level: "silent" }),
      namespacePrefix: `factory_${randomBytes(4).toString("hex")}`,
    });
    try {
      expect(opened.index.info).toMatchObject({ kind: "pgvector", efSearch: 50 });
      expect(await opened.index.ping()).toBe(true);
    } finally {
      await opened.index.dropAll();
      await opened.stop();
    }
  });
});
