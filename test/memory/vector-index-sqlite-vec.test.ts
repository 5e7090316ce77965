import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { isAppError } from "../../src/errors.js";
import type { Embedder } from "../../src/llm/embedder.js";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { SqliteVecIndex, tablePrefix } from "../../src/memory/sqlite-vec-index.js";
import {
  similarityOf,
  SIMILARITY_METRICS,
  type SimilarityMetric,
  type VectorIndexOptions,
} from "../../src/memory/vector-index.js";
import { channelVisibility, SHARED } from "../../src/memory/visibility.js";
import type { Memory } from "../../src/types.js";
import { describeVectorIndexContract, TableEmbedder } from "./vector-index-contract.js";

const dir = mkdtempSync(join(tmpdir(), "sqlite-vec-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every contract test's namespaces share one file, as a deployment's do. */
const shared = join(dir, "contract", "vectors.sqlite");

describeVectorIndexContract({
  name: "sqlite-vec",
  persistent: true,
  hnsw: false,
  open: (options) => SqliteVecIndex.open({ ...options, path: shared }),
});

const owner = { teamId: "T1", userId: "U1" };

function memory(id: string, text: string, over: Partial<Memory> = {}): Memory {
  return {
    id,
    text,
    ...owner,
    timestamp: 1,
    channelId: "D1",
    channelType: "im",
    source: "slack",
    ...over,
  };
}

function options(
  embedder: Embedder,
  metric: SimilarityMetric = "cosine",
  namespace = "ns",
): VectorIndexOptions {
  return { embedder, embedBatchSize: 64, metric, efSearch: 64, namespace, timeoutMs: 1000 };
}

/** An embedder giving vectors of `dimension` numbers (the first one set), or whatever `vectors` says. */
class FixedEmbedder implements Embedder {
  readonly id: string;
  constructor(
    readonly dimension: number,
    private readonly vectors: Record<string, number[]> = {},
  ) {
    this.id = `test:fixed:${dimension}`;
  }
  async embed(texts: string[]): Promise<number[][]> {
    return texts.map((t) => this.vectors[t] ?? [1, ...new Array<number>(this.dimension - 1).fill(0)]);
  }
}

describe("SqliteVecIndex", () => {
  it("describes itself: kind, file and exact search", async () => {
    const path = join(dir, "info.sqlite");
    const index = await SqliteVecIndex.open({ ...options(new TableEmbedder(), "euclidean"), path });
    expect(index.info).toEqual({
      kind: "sqlite-vec",
      namespace: "ns",
      metric: "euclidean",
      location: path,
      efSearch: null,
    });
    await index.close();
    expect(await index.ping()).toBe(false);
  });

  it("refuses an embedder of another dimension on an existing namespace, and a vector of another length", async () => {
    const path = join(dir, "dimension.sqlite");
    const first = await SqliteVecIndex.open({ ...options(new FixedEmbedder(8)), path });
    await first.upsert([memory("m1", "a")]);
    await first.close();

    const reopened = SqliteVecIndex.open({ ...options(new FixedEmbedder(16)), path });
    await expect(reopened).rejects.toSatisfy((err) => isAppError(err, "store_failed"));
    await expect(reopened).rejects.toMatchObject({ details: { dimension: 8, got: 16 } });

    // An embedder that says 8 but returns 16 numbers: refused before anything is written.
    const lying = new FixedEmbedder(8, { long: new Array<number>(16).fill(0.25) });
    const index = await SqliteVecIndex.open({ ...options(lying), path });
    await expect(index.upsert([memory("m2", "long")])).rejects.toSatisfy((err) =>
      isAppError(err, "store_failed"),
    );
    expect(await index.count(owner)).toBe(1);
    // A query vector of the wrong length is the caller's error.
    await expect(index.query({ ...owner, vector: [1, 0], topK: 5 })).rejects.toSatisfy((err) =>
      isAppError(err, "bad_request"),
    );
    expect(
      (await index.query({ ...owner, vector: await index.embedQuery("a"), topK: 5 }))[0]?.memory.id,
    ).toBe("m1");
    await index.close();
  });

  it("refuses a namespace built for another metric", async () => {
    const path = join(dir, "metric.sqlite");
    const first = await SqliteVecIndex.open({ ...options(new TableEmbedder(), "cosine", "same"), path });
    await first.upsert([memory("m1", "near")]);
    await first.close();
    await expect(
      SqliteVecIndex.open({ ...options(new TableEmbedder(), "euclidean", "same"), path }),
    ).rejects.toSatisfy((err) => isAppError(err, "store_failed"));
  });

  it("gives a clear error for an unusable file and for a non-finite vector", async () => {
    await expect(
      SqliteVecIndex.open({
        ...options(new TableEmbedder()),
        path: join(dir, "info.sqlite", "nested.sqlite"),
      }),
    ).rejects.toSatisfy((err) => isAppError(err, "store_failed"));
    const nan = new FixedEmbedder(4, { bad: [Number.NaN, 0, 0, 1] });
    const index = await SqliteVecIndex.open({ ...options(nan), path: join(dir, "nan.sqlite") });
    await expect(index.upsert([memory("m1", "bad")])).rejects.toSatisfy((err) =>
      isAppError(err, "embed_failed"),
    );
    await index.close();
    await expect(index.count(owner)).rejects.toSatisfy((err) => isAppError(err, "store_failed"));
  });

  it("keeps namespaces of one file apart, and drops only its own tables", async () => {
    const path = join(dir, "namespaces.sqlite");
    const embedder = new TableEmbedder();
    const a = await SqliteVecIndex.open({ ...options(embedder, "cosine", "prefix_a"), path });
    const b = await SqliteVecIndex.open({ ...options(embedder, "cosine", "prefix.a"), path });
    await a.upsert([memory("m1", "near"), memory("m2", "mid")]);
    await b.upsert([memory("m1", "far")]);
    expect(tablePrefix("prefix_a")).not.toBe(tablePrefix("prefix.a"));
    expect((await b.get(owner, "m1"))?.text).toBe("far");
    expect(await a.dropAll()).toBe(2);
    expect(await a.count(owner)).toBe(0);
    expect(await b.count(owner)).toBe(1);
    // Writing again after a drop makes the tables again.
    await a.upsert([memory("m3", "near")]);
    expect(await a.count(owner)).toBe(1);
    await a.close();
    await b.close();
    const db = new Database(path, { readonly: true });
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name like 'v\\_%' escape '\\'")
      .all() as Array<{ name: string }>;
    db.close();
    expect(tables.map((t) => t.name)).toContain(`${tablePrefix("prefix.a")}_vectors`);
  });

  it("keeps a replaced memory's place in the list, and its vector only once", async () => {
    const index = await SqliteVecIndex.open({
      ...options(new TableEmbedder()),
      path: join(dir, "order.sqlite"),
    });
    await index.upsert([memory("m1", "near"), memory("m2", "mid"), memory("m3", "far")]);
    await index.upsert([memory("m2", "long", { channelId: "C1", channelType: "channel" })]);
    expect((await index.list(owner, { limit: 10, offset: 0 })).map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
    const hits = await index.query({ ...owner, vector: await index.embedQuery("Q"), topK: 10 });
    expect(hits.map((h) => h.memory.id).sort()).toEqual(["m1", "m2", "m3"]);
    const inC1 = await index.query({
      ...owner,
      vector: await index.embedQuery("Q"),
      topK: 10,
      visibilities: [channelVisibility("C1"), SHARED],
    });
    expect(inC1.map((h) => h.memory.text)).toEqual(["long"]);
    expect(
      await index.query({ ...owner, vector: [1, 0, 0, 0, 0, 0, 0, 0], topK: 10, visibilities: [] }),
    ).toEqual([]);
    await index.close();
  });

  it("fills topK in a channel from the channel's memories, however many DM memories are nearer", async () => {
    const embedder = new OfflineEmbedder({ dimension: 64 });
    const index = await SqliteVecIndex.open({ ...options(embedder), path: join(dir, "filter.sqlite") });
    const dms = Array.from({ length: 300 }, (_, i) => memory(`d${i}`, `walk the dog ${i}`));
    const inChannel = Array.from({ length: 5 }, (_, i) =>
      memory(`c${i}`, `budget meeting ${i}`, { channelId: "C9", channelType: "channel" }),
    );
    await index.upsert([...dms, ...inChannel]);
    const hits = await index.query({
      ...owner,
      vector: await index.embedQuery("walk the dog"),
      topK: 5,
      visibilities: [channelVisibility("C9")],
    });
    expect(hits.map((h) => h.memory.id).sort()).toEqual(inChannel.map((m) => m.id));
    await index.close();
  });

  it("forgets an owner key made in an upsert that failed, so no later owner shares it", async () => {
    const index = await SqliteVecIndex.open({
      ...options(new TableEmbedder()),
      path: join(dir, "rollback.sqlite"),
    });
    const bob = { teamId: "T1", userId: "U_BOB" };
    const carol = { teamId: "T1", userId: "U_CAROL" };
    await index.upsert([memory("a1", "near")]);
    // Bob's first memory comes with one of Alice's ids wrongly marked fresh: the call fails whole.
    const failing = index.upsert([memory("b1", "mid", bob), memory("a1", "far")], {
      fresh: new Set(["b1", "a1"]),
    });
    await expect(failing).rejects.toSatisfy((err) => isAppError(err, "store_failed"));
    expect(await index.count(bob)).toBe(0);
    expect((await index.get(owner, "a1"))?.text).toBe("near");
    await index.upsert([memory("c1", "far", carol)]);
    await index.upsert([memory("b2", "mid", bob)]);
    const q = await index.embedQuery("Q");
    expect((await index.query({ ...carol, vector: q, topK: 10 })).map((h) => h.memory.id)).toEqual(["c1"]);
    expect((await index.query({ ...bob, vector: q, topK: 10 })).map((h) => h.memory.id)).toEqual(["b2"]);
    await index.close();
  });

  it("keeps dot products exact when a longer vector raises the norm bound", async () => {
    const vectors: Record<string, number[]> = {
      q: [1, 0, 0, 0],
      unit: [0.6, 0.8, 0, 0],
      long: [3, 0, 4, 0],
      longer: [-2, 0, 0, 20],
      best: [9, 0, 0, 0],
    };
    const embedder = new FixedEmbedder(4, vectors);
    const index = await SqliteVecIndex.open({
      ...options(embedder, "dot_product"),
      path: join(dir, "dot.sqlite"),
    });
    await index.upsert([memory("unit", "unit")]);
    await index.upsert([memory("long", "long")]);
    await index.upsert([memory("longer", "longer"), memory("best", "best")]);
    const hits = await index.query({ ...owner, vector: vectors.q!, topK: 10 });
    expect(hits.map((h) => h.memory.id)).toEqual(["best", "long", "unit", "longer"]);
    hits.forEach((h) =>
      expect(h.similarity).toBeCloseTo(similarityOf("dot_product", vectors.q!, vectors[h.memory.id]!), 4),
    );
    await index.close();
  });

  it("finds the same nearest memories as an exact scan, for every metric", async () => {
    const embedder = new OfflineEmbedder();
    const texts = Array.from({ length: 400 }, (_, i) =>
      i % 3 === 0
        ? `또리 산책 ${i}번째 기록, 공원 ${i % 7}`
        : i % 3 === 1
          ? `meeting note ${i} about budget ${i % 11}`
          : `점심 메뉴 ${i} 김치찌개 ${i % 5}`,
    );
    const memories = texts.map((text, i) => memory(`m${i}`, text));
    const vectors = await embedder.embed(texts);
    for (const metric of SIMILARITY_METRICS) {
      const index = await SqliteVecIndex.open({
        ...options(embedder, metric, `exact_${metric}`),
        path: join(dir, "exact.sqlite"),
      });
      await index.upsert(memories, { fresh: new Set(memories.map((m) => m.id)) });
      for (const query of ["또리 공원 산책", "budget meeting", "김치찌개 점심"]) {
        const [q] = await embedder.embed([query]);
        const truth = vectors.map((v) => similarityOf(metric, q!, v));
        const expected = [...truth].sort((a, b) => b - a).slice(0, 10);
        const hits = await index.query({ ...owner, vector: q!, topK: 10 });
        expect(hits.map((h) => h.similarity)).toEqual(expected.map((e) => expect.closeTo(e, 4)));
        for (const hit of hits) expect(hit.similarity).toBeCloseTo(truth[Number(hit.memory.id.slice(1))]!, 4);
      }
      await index.close();
    }
  });
});
