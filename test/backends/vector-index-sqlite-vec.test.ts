import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { isAppError } from "../../src/core/errors.js";
import type { Embedder } from "../../src/core/embedder.js";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { Int8Rows } from "../../src/backends/int8-scan.js";
import { SqliteVecVectorIndex, tablePrefix } from "../../src/backends/sqlite-vec/sqlite-vec-vector-index.js";
import {
  similarityOf,
  SIMILARITY_METRICS,
  type SimilarityMetric,
  type VectorIndexOptions,
} from "../../src/core/vector-index.js";
import { channelVisibility, SHARED } from "../../src/core/visibility.js";
import type { Memory } from "../../src/core/types.js";
import { describeVectorIndexContract, TableEmbedder } from "./vector-index-contract.js";
import { clusteredVectors } from "../support/clustered-vectors.js";

const dir = mkdtempSync(join(tmpdir(), "sqlite-vec-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every contract test's namespaces share one file, as a deployment's do. */
const shared = join(dir, "contract", "vectors.sqlite");

describeVectorIndexContract({
  name: "sqlite-vec",
  persistent: true,
  hnsw: false,
  open: (options) => SqliteVecVectorIndex.open({ ...options, path: shared }),
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

describe("SqliteVecVectorIndex", () => {
  it("describes itself: kind, file and exact search", async () => {
    const path = join(dir, "info.sqlite");
    const index = await SqliteVecVectorIndex.open({ ...options(new TableEmbedder(), "euclidean"), path });
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
    const first = await SqliteVecVectorIndex.open({ ...options(new FixedEmbedder(8)), path });
    await first.upsert([memory("m1", "a")]);
    await first.close();

    const reopened = SqliteVecVectorIndex.open({ ...options(new FixedEmbedder(16)), path });
    await expect(reopened).rejects.toSatisfy((err) => isAppError(err, "store_failed"));
    await expect(reopened).rejects.toMatchObject({ details: { dimension: 8, got: 16 } });

    // An embedder that says 8 but returns 16 numbers: refused before anything is written.
    const lying = new FixedEmbedder(8, { long: new Array<number>(16).fill(0.25) });
    const index = await SqliteVecVectorIndex.open({ ...options(lying), path });
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
    const first = await SqliteVecVectorIndex.open({
      ...options(new TableEmbedder(), "cosine", "same"),
      path,
    });
    await first.upsert([memory("m1", "near")]);
    await first.close();
    await expect(
      SqliteVecVectorIndex.open({ ...options(new TableEmbedder(), "euclidean", "same"), path }),
    ).rejects.toSatisfy((err) => isAppError(err, "store_failed"));
  });

  it("gives a clear error for an unusable file and for a non-finite vector", async () => {
    await expect(
      SqliteVecVectorIndex.open({
        ...options(new TableEmbedder()),
        path: join(dir, "info.sqlite", "nested.sqlite"),
      }),
    ).rejects.toSatisfy((err) => isAppError(err, "store_failed"));
    const nan = new FixedEmbedder(4, { bad: [Number.NaN, 0, 0, 1] });
    const index = await SqliteVecVectorIndex.open({ ...options(nan), path: join(dir, "nan.sqlite") });
    await expect(index.upsert([memory("m1", "bad")])).rejects.toSatisfy((err) =>
      isAppError(err, "embed_failed"),
    );
    await index.close();
    await expect(index.count(owner)).rejects.toSatisfy((err) => isAppError(err, "store_failed"));
  });

  it("keeps namespaces of one file apart, and drops only its own tables", async () => {
    const path = join(dir, "namespaces.sqlite");
    const embedder = new TableEmbedder();
    const a = await SqliteVecVectorIndex.open({ ...options(embedder, "cosine", "prefix_a"), path });
    const b = await SqliteVecVectorIndex.open({ ...options(embedder, "cosine", "prefix.a"), path });
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
    const index = await SqliteVecVectorIndex.open({
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

  it("leaves a deleted memory's text neither in the database file nor in its WAL", async () => {
    const file = join(dir, "scrub", "vectors.sqlite");
    const index = await SqliteVecVectorIndex.open({
      ...options(new OfflineEmbedder({ dimension: 16 })),
      path: file,
    });
    const one = "우산 보관함 암호는 해바라기7";
    const other = "the shed key hides under the blue-heron pot";
    await index.upsert([memory("keep", "kept text"), memory("one", one)]);
    await index.upsert([memory("other", other, { userId: "U2" })]);
    /** The files (database, WAL) holding `text`, raw bytes. */
    const holding = (text: string) =>
      [file, `${file}-wal`].filter((f) => {
        try {
          return readFileSync(f).includes(Buffer.from(text, "utf8"));
        } catch {
          return false; // no WAL file
        }
      });
    expect(holding(one).length).toBeGreaterThan(0);
    await index.delete(owner, ["one"]);
    expect(holding(one)).toEqual([]);
    expect(holding("kept text").length).toBeGreaterThan(0);
    await index.deleteAll({ teamId: "T1", userId: "U2" });
    expect(holding(other)).toEqual([]);
    await index.close();
  });

  it("fills topK in a channel from the channel's memories, however many DM memories are nearer", async () => {
    const embedder = new OfflineEmbedder({ dimension: 64 });
    const index = await SqliteVecVectorIndex.open({ ...options(embedder), path: join(dir, "filter.sqlite") });
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
    const index = await SqliteVecVectorIndex.open({
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
    const index = await SqliteVecVectorIndex.open({
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
      const index = await SqliteVecVectorIndex.open({
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

  describe("large owners: the int8 pass and its exact rescore", () => {
    const dimension = 48;
    const vectors = clusteredVectors(3000, dimension, 7);
    const table: Record<string, number[]> = {};
    vectors.forEach((v, i) => (table[`r${i}`] = v));
    const memories = vectors.map((_, i) =>
      memory(`r${i}`, `r${i}`, i % 4 === 0 ? { channelId: "C1", channelType: "channel" } : {}),
    );
    const queries = clusteredVectors(40, dimension, 99);

    it("agrees with exact search (recall@10 ≥ 0.99) for every metric, and stays exact for small owners", async () => {
      const top = vi.spyOn(Int8Rows.prototype, "top");
      for (const metric of SIMILARITY_METRICS) {
        const path = join(dir, `approx_${metric}.sqlite`);
        const embedder = new FixedEmbedder(dimension, table);
        const approx = await SqliteVecVectorIndex.open({
          ...options(embedder, metric),
          path,
          approxMinRows: 1000,
        });
        await approx.upsert(memories, { fresh: new Set(memories.map((m) => m.id)) });
        // The int8 copy is built in the background; the exact KNN answers until it is ready.
        expect(await approx.int8CopyReady(owner)).toBe(true);
        const exact = await SqliteVecVectorIndex.open({
          ...options(embedder, metric),
          path,
          approxMinRows: Number.MAX_SAFE_INTEGER,
        });
        let found = 0;
        for (const [i, q] of queries.entries()) {
          const visibilities = i % 3 === 0 ? [channelVisibility("C1"), SHARED] : undefined;
          const truth = await exact.query({ ...owner, vector: q, topK: 10, visibilities });
          const hits = await approx.query({ ...owner, vector: q, topK: 10, visibilities });
          expect(hits).toHaveLength(10);
          const ids = new Set(truth.map((h) => h.memory.id));
          found += hits.filter((h) => ids.has(h.memory.id)).length;
          for (const hit of hits) {
            const id = Number(hit.memory.id.slice(1));
            expect(hit.similarity).toBeCloseTo(similarityOf(metric, q, vectors[id]!), 4);
            if (visibilities) expect(id % 4).toBe(0);
          }
          // minSimilarity: the same cut as the exact search's.
          const cut = truth[4]!.similarity;
          const above = await approx.query({
            ...owner,
            vector: q,
            topK: 10,
            visibilities,
            minSimilarity: cut,
          });
          expect(above.every((h) => h.similarity >= cut)).toBe(true);
          expect(above.length).toBeGreaterThanOrEqual(4);
        }
        expect(found / (queries.length * 10), metric).toBeGreaterThanOrEqual(0.99);
        expect(top).toHaveBeenCalled();

        // A small owner (below approxMinRows) is searched by vec0 alone.
        top.mockClear();
        const small = { teamId: "T1", userId: "U_SMALL" };
        await approx.upsert(memories.slice(0, 50).map((m) => ({ ...m, ...small })));
        const hits = await approx.query({ ...small, vector: queries[0]!, topK: 10 });
        expect(hits).toHaveLength(10);
        expect(top).not.toHaveBeenCalled();
        await approx.close();
        await exact.close();
        top.mockClear();
      }
      top.mockRestore();
    });

    it("builds the int8 copy in the background: exact answers meanwhile, the event loop never held for 100 ms", async () => {
      const path = join(dir, "approx_background.sqlite");
      const big = 256;
      const n = 20_000;
      const bigVectors = clusteredVectors(n, big, 11);
      const bigTable: Record<string, number[]> = {};
      bigVectors.forEach((v, i) => (bigTable[`b${i}`] = v));
      const probe = clusteredVectors(1, big, 5)[0]!;
      bigTable["probe"] = probe;
      const embedder = new FixedEmbedder(big, bigTable);
      const rows = bigVectors.map((_, i) =>
        memory(`b${i}`, `b${i}`, i % 4 === 0 ? { channelId: "C1", channelType: "channel" } : {}),
      );
      const index = await SqliteVecVectorIndex.open({ ...options(embedder), path, approxMinRows: 5000 });
      for (let i = 0; i < n; i += 5000) {
        const page = rows.slice(i, i + 5000);
        await index.upsert(page, { fresh: new Set(page.map((m) => m.id)) });
      }
      const exact = await SqliteVecVectorIndex.open({
        ...options(embedder),
        path,
        approxMinRows: Number.MAX_SAFE_INTEGER,
      });
      const queries = clusteredVectors(30, big, 21);
      const top = vi.spyOn(Int8Rows.prototype, "top");
      const same = async (vector: number[], visibilities?: string[]) => {
        const truth = await exact.query({ ...owner, vector, topK: 10, visibilities });
        const hits = await index.query({ ...owner, vector, topK: 10, visibilities });
        expect(hits.map((h) => h.memory.id)).toEqual(truth.map((h) => h.memory.id));
        expect(hits.map((h) => h.similarity)).toEqual(truth.map((h) => h.similarity));
      };

      // 1. A build alone: in many turns of the event loop, none of them 100 ms long. A turn is
      // measured in this process's CPU time, not wall time: on a shared machine under load the process
      // can wait for a core for longer than that between two turns, without any work holding the loop.
      let longest = 0;
      let turns = 0;
      let last = process.cpuUsage();
      let building = true;
      const tick = () => {
        const used = process.cpuUsage(last);
        longest = Math.max(longest, (used.user + used.system) / 1000);
        last = process.cpuUsage();
        turns++;
        if (building) setImmediate(tick);
      };
      setImmediate(tick);
      expect(await index.int8CopyReady(owner)).toBe(true);
      building = false;
      tick(); // the turn that finished the build
      expect(turns).toBeGreaterThanOrEqual(3);
      expect(longest).toBeLessThan(100);
      const truth = await exact.query({ ...owner, vector: queries[0]!, topK: 10 });
      const approx = await index.query({ ...owner, vector: queries[0]!, topK: 10 });
      expect(top).toHaveBeenCalled();
      const ids = new Set(truth.map((h) => h.memory.id));
      expect(approx.filter((h) => ids.has(h.memory.id)).length).toBeGreaterThanOrEqual(9);

      // 2. Another connection's commit drops the copy; the next query starts a new build and is
      // answered by the exact KNN, as is every query until the copy is ready again.
      top.mockClear();
      const other = await SqliteVecVectorIndex.open({ ...options(embedder), path, approxMinRows: 5000 });
      await other.delete(owner, ["b0"]);
      await same(queries[1]!);
      let ready = false;
      const built = index.int8CopyReady(owner).then((ok) => {
        ready = true;
        return ok;
      });
      let answered = 0;
      for (;;) {
        // (A slice of the build runs in a turn of its own: `ready` is current after this.)
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (ready) break;
        const i = (answered % (queries.length - 2)) + 2;
        await same(queries[i]!, i % 3 === 0 ? [channelVisibility("C1"), SHARED] : undefined);
        answered++;
        // A write of this process during the build: in the copy once it is ready.
        if (answered === 2) await index.upsert([memory("during", "probe")]);
      }
      expect(await built).toBe(true);
      expect(answered).toBeGreaterThanOrEqual(3);
      expect(top).not.toHaveBeenCalled();

      // Ready: the int8 pass answers, with the row written during the build and without the deleted one.
      const hits = await index.query({ ...owner, vector: probe, topK: 10 });
      expect(top).toHaveBeenCalled();
      expect(hits[0]!.memory.id).toBe("during");
      expect(hits[0]!.similarity).toBeCloseTo(1, 6);
      const near0 = await index.query({ ...owner, vector: bigVectors[0]!, topK: 10 });
      expect(near0.map((h) => h.memory.id)).not.toContain("b0");
      top.mockRestore();
      await other.close();
      await exact.close();
      await index.close();
    }, 60_000);

    it("follows writes: its own at once, another connection's (an existing file, another process) by data_version", async () => {
      const path = join(dir, "approx_writes.sqlite");
      const embedder = new FixedEmbedder(dimension, { ...table, far: vectors[0]!.map((x) => -x) });
      // Written by another index (as an existing file would be), then opened and searched.
      const writer = await SqliteVecVectorIndex.open({ ...options(embedder), path, approxMinRows: 1000 });
      await writer.upsert(memories, { fresh: new Set(memories.map((m) => m.id)) });
      const reader = await SqliteVecVectorIndex.open({ ...options(embedder), path, approxMinRows: 1000 });
      const q = vectors[0]!;
      const first = async (index: SqliteVecVectorIndex) =>
        (await index.query({ ...owner, vector: q, topK: 10 }))[0]?.memory.id;
      expect(await first(reader)).toBe("r0");
      expect(await first(writer)).toBe("r0");
      // The writer deletes r0 and moves r1 away: both indexes see it, the reader through data_version.
      await writer.delete(owner, ["r0"]);
      await writer.upsert([memory("r1", "far")]);
      for (const index of [writer, reader]) {
        const hits = await index.query({ ...owner, vector: q, topK: 10 });
        expect(hits.map((h) => h.memory.id)).not.toContain("r0");
        expect(hits.map((h) => h.memory.id)).not.toContain("r1");
      }
      // A new memory equal to the query comes first, in either index.
      await reader.upsert([memory("again", "r0")]);
      expect(await first(reader)).toBe("again");
      expect(await first(writer)).toBe("again");
      await writer.deleteAll(owner);
      expect(await reader.query({ ...owner, vector: q, topK: 10 })).toEqual([]);
      await writer.close();
      await reader.close();
    });
  });
});
