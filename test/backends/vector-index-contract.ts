/**
 * The contract every vector index backend passes (src/core/vector-index.ts). Each backend's test
 * file calls {@link describeVectorIndexContract} with a way to open its index; everything below runs
 * against the real engine (Chroma server, SQLite + sqlite-vec, Postgres + pgvector over the wire, or
 * the in-process index).
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Embedder } from "../../src/core/embedder.js";
import { channelVisibility, PRIVATE, SHARED } from "../../src/core/visibility.js";
import {
  similarityOf,
  type SimilarityMetric,
  type VectorIndex,
  type VectorIndexOptions,
} from "../../src/core/vector-index.js";
import type { Memory, Owner } from "../../src/core/types.js";

export interface ContractBackend {
  name: string;
  /**
   * Opens the index of `options.namespace` (created empty the first time). Opening the same namespace
   * again after `close()` must see what was written, if the backend is persistent.
   */
  open(options: VectorIndexOptions): Promise<VectorIndex>;
  /** Whether memories survive `close()` and a new `open()` (a restart). */
  persistent: boolean;
  /** Whether `info.efSearch` reports HNSW (else it must be null: an exact search). */
  hnsw: boolean;
}

/**
 * Texts map to fixed unit-ish vectors so every metric's order is known: the query is `Q`; near ones
 * are close to it, far ones are not. Unknown texts get a vector from their characters (still
 * deterministic), for the tests that only need distinct rows.
 */
const DIM = 8;
const FIXED: Record<string, number[]> = {
  Q: [1, 0, 0, 0, 0, 0, 0, 0],
  near: [0.96, 0.28, 0, 0, 0, 0, 0, 0], // cosine 0.96
  mid: [0.6, 0.8, 0, 0, 0, 0, 0, 0], // cosine 0.6
  far: [0, 0, 1, 0, 0, 0, 0, 0], // cosine 0
  // Longer than a unit vector and less aligned: dot product ranks it first, cosine does not.
  long: [2.4, 0, 3.2, 0, 0, 0, 0, 0], // cosine 0.6, dot 2.4, L2 3.4
};

export class TableEmbedder implements Embedder {
  readonly id = "test:table:8";
  readonly dimension = DIM;
  calls = 0;
  async embed(texts: string[]): Promise<number[][]> {
    this.calls++;
    return texts.map((t) => FIXED[t] ?? charVector(t));
  }
}

function charVector(text: string): number[] {
  const v = new Array<number>(DIM).fill(0);
  for (const [i, ch] of Array.from(text).entries()) v[(ch.codePointAt(0)! + i) % DIM]! += 1;
  v[DIM - 1]! += 0.5; // never the zero vector
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

const T = "T_CONTRACT";
const alice = { teamId: T, userId: "U_ALICE" };
const bob = { teamId: T, userId: "U_BOB" };
const aliceElsewhere = { teamId: "T_OTHER", userId: "U_ALICE" };

let clock = Date.UTC(2026, 0, 1);

function memory(owner: Owner, text: string, over: Partial<Memory> = {}): Memory {
  clock += 1000;
  return {
    id: `m_${randomBytes(4).toString("hex")}`,
    text,
    teamId: owner.teamId,
    userId: owner.userId,
    timestamp: clock,
    channelId: "D1",
    channelType: "im",
    source: "slack",
    ...over,
  };
}

export function describeVectorIndexContract(backend: ContractBackend): void {
  describe(`VectorIndex contract: ${backend.name}`, () => {
    const opened: VectorIndex[] = [];
    let embedder: TableEmbedder;

    async function open(metric: SimilarityMetric = "cosine", namespace?: string) {
      embedder ??= new TableEmbedder();
      const index = await backend.open({
        embedder,
        embedBatchSize: 16,
        metric,
        efSearch: 64,
        namespace: namespace ?? `contract_${randomBytes(5).toString("hex")}`,
        timeoutMs: 10_000,
      });
      opened.push(index);
      return index;
    }

    afterEach(async () => {
      for (const index of opened.splice(0)) {
        await index.dropAll().catch(() => undefined);
        await index.close();
      }
    });

    const queryOf = async (index: VectorIndex, owner = alice, extra: object = {}) =>
      index.query({ ...owner, vector: await index.embedQuery("Q"), topK: 10, ...extra });

    it("upserts without duplicates, gets, counts and lists", async () => {
      const index = await open();
      const a = memory(alice, "near", { topics: ["pets", "family"], extra: { parent_id: "doc_1", n: 2 } });
      await index.upsert([a], { fresh: new Set([a.id]) });
      await index.upsert([{ ...a, text: "mid" }]);
      await index.upsert([{ ...a, text: "mid" }]);
      expect(await index.count(alice)).toBe(1);
      expect(await index.get(alice, a.id)).toEqual({ ...a, text: "mid" });
      expect(await index.get(bob, a.id)).toBeUndefined();
      expect(await index.get(alice, "m_missing")).toBeUndefined();
      const hits = await queryOf(index);
      expect(hits.map((h) => h.memory.id)).toEqual([a.id]);
      expect(hits[0]!.memory).toEqual({ ...a, text: "mid" });
      expect(await index.list(alice, { limit: 10, offset: 0 })).toEqual([{ ...a, text: "mid" }]);
    });

    it("lists with stored vectors and stores given vectors without embedding", async () => {
      const source = await open();
      const rows = ["near", "mid", "far"].map((t) => memory(alice, t, { topics: ["t"] }));
      await source.upsert([...rows, memory(bob, "long")]);
      const page = await source.listWithVectors(alice, { limit: 2, offset: 1 });
      expect(page.map((r) => r.memory)).toEqual(await source.list(alice, { limit: 2, offset: 1 }));
      const all = await source.listWithVectors(alice, { limit: 10, offset: 0 });
      for (const { memory: m, vector } of all) {
        const expected = (await embedder.embed([m.text]))[0]!;
        vector.forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 5));
      }
      expect(await source.listWithVectors(aliceElsewhere, { limit: 10, offset: 0 })).toEqual([]);

      const target = await open();
      const before = embedder.calls;
      await target.upsert(
        all.map((r) => ({ ...r.memory, text: `${r.memory.text} (copied)` })),
        { vectors: all.map((r) => r.vector) },
      );
      expect(embedder.calls).toBe(before);
      expect(await target.count(alice)).toBe(3);
      // The copied texts would embed elsewhere: the query finds them by the given vectors.
      expect((await queryOf(target))[0]!.memory.text).toBe("near (copied)");
      await expect(target.upsert(rows, { vectors: [[1, 2]] })).rejects.toMatchObject({ code: "bad_request" });
      await expect(target.upsert(rows.slice(0, 1), { vectors: [[1, 2]] })).rejects.toMatchObject({
        code: "bad_request",
      });
    });

    it("embeds in batches of embedBatchSize", async () => {
      const index = await open();
      const before = embedder.calls;
      await index.upsert(Array.from({ length: 40 }, (_, i) => memory(alice, `row ${i}`)));
      expect(embedder.calls - before).toBe(3); // 16 + 16 + 8
      expect(await index.count(alice)).toBe(40);
    });

    it("deletes some ids, ignores unknown ones, and deletes all of one user only", async () => {
      const index = await open();
      const [a1, a2, a3] = [memory(alice, "near"), memory(alice, "mid"), memory(alice, "far")];
      const b1 = memory(bob, "near");
      await index.upsert([a1, a2, a3, b1]);
      await index.delete(alice, [a1.id, "m_unknown"]);
      await index.delete(alice, []);
      expect((await queryOf(index)).map((h) => h.memory.id).sort()).toEqual([a2.id, a3.id].sort());
      // Alice cannot delete Bob's memory by its id.
      await index.delete(alice, [b1.id]);
      expect(await index.count(bob)).toBe(1);
      await index.deleteAll(alice);
      expect(await index.count(alice)).toBe(0);
      expect(await queryOf(index)).toEqual([]);
      expect(await index.list(alice, { limit: 10, offset: 0 })).toEqual([]);
      expect((await queryOf(index, bob)).map((h) => h.memory.id)).toEqual([b1.id]);
    });

    it("keeps users and teams apart, even with the same memory id", async () => {
      const index = await open();
      const a = memory(alice, "near");
      const sameIdBob = { ...memory(bob, "mid"), id: a.id };
      const sameIdOtherTeam = { ...memory(aliceElsewhere, "far"), id: a.id };
      await index.upsert([a, sameIdBob, sameIdOtherTeam]);
      expect((await queryOf(index)).map((h) => h.memory.text)).toEqual(["near"]);
      expect((await queryOf(index, bob)).map((h) => h.memory.text)).toEqual(["mid"]);
      expect((await queryOf(index, aliceElsewhere)).map((h) => h.memory.text)).toEqual(["far"]);
      expect((await index.get(bob, a.id))?.text).toBe("mid");
      await index.delete(alice, [a.id]);
      expect((await index.get(bob, a.id))?.text).toBe("mid");
      expect((await index.get(aliceElsewhere, a.id))?.text).toBe("far");
      expect(await queryOf(index, { teamId: T, userId: "U_NOBODY" })).toEqual([]);
    });

    it("answers a channel only with that channel's and shared memories (the DM rule)", async () => {
      const index = await open();
      const dm = memory(alice, "near");
      const here = memory(alice, "mid", { channelId: "C1", channelType: "channel" });
      const there = memory(alice, "far", { channelId: "C2", channelType: "channel" });
      const shared = memory(alice, "long", { extra: { shared: true } });
      await index.upsert([dm, here, there, shared]);
      const inC1 = await queryOf(index, alice, { visibilities: [channelVisibility("C1"), SHARED] });
      expect(inC1.map((h) => h.memory.id).sort()).toEqual([here.id, shared.id].sort());
      const inDm = await queryOf(index);
      expect(inDm).toHaveLength(4);
      expect(await queryOf(index, alice, { visibilities: [PRIVATE] })).toHaveLength(1);
      // A memory moving from a DM to a channel (an upsert with a new visibility) leaves no DM copy.
      await index.upsert([{ ...dm, channelId: "C1", channelType: "channel" }]);
      const after = await queryOf(index, alice, { visibilities: [PRIVATE] });
      expect(after).toEqual([]);
      await index.upsert([{ ...here, channelId: "D1", channelType: "im" }]);
      const c1Now = await queryOf(index, alice, { visibilities: [channelVisibility("C1")] });
      expect(c1Now.map((h) => h.memory.id)).toEqual([dm.id]);
    });

    for (const metric of ["cosine", "dot_product", "euclidean"] as const) {
      it(`orders by ${metric} and reports its similarity`, async () => {
        const index = await open(metric);
        const rows = ["near", "mid", "far", "long"].map((t) => memory(alice, t));
        await index.upsert(rows);
        const hits = await queryOf(index);
        const q = FIXED.Q!;
        const truth = new Map(rows.map((m) => [m.text, similarityOf(metric, q, FIXED[m.text]!)]));
        const expected = [...truth.values()].sort((x, y) => y - x);
        // Best first, each hit with its own similarity. Equal similarities (cosine: "mid" and "long",
        // 0.6 each) may come in either order: an engine's float32 rounding decides.
        expect(hits.map((h) => h.memory.text).sort()).toEqual([...truth.keys()].sort());
        expect(hits.map((h) => h.similarity)).toEqual(expected.map((e) => expect.closeTo(e, 4)));
        hits.forEach((h) => expect(h.similarity).toBeCloseTo(truth.get(h.memory.text)!, 4));
        expect(index.info.metric).toBe(metric);
      });
    }

    it("returns at most topK hits, best first", async () => {
      const index = await open();
      await index.upsert(["far", "mid", "near", "long"].map((t) => memory(alice, t)));
      const hits = await index.query({ ...alice, vector: await index.embedQuery("Q"), topK: 2 });
      expect(hits.map((h) => h.memory.text)).toEqual(["near", hits[1]!.memory.text]);
      expect(hits).toHaveLength(2);
      expect(["mid", "long"]).toContain(hits[1]!.memory.text);
    });

    it("leaves out hits below minSimilarity (similarity_threshold)", async () => {
      const index = await open();
      await index.upsert(["far", "mid", "near", "long"].map((t) => memory(alice, t)));
      const vector = await index.embedQuery("Q");
      const above = await index.query({ ...alice, vector, topK: 10, minSimilarity: 0.5 });
      expect(above.map((h) => h.memory.text).sort()).toEqual(["long", "mid", "near"]);
      const strict = await index.query({ ...alice, vector, topK: 10, minSimilarity: 0.9 });
      expect(strict.map((h) => h.memory.text)).toEqual(["near"]);
      expect(await index.query({ ...alice, vector, topK: 10, minSimilarity: 0.99 })).toEqual([]);
    });

    it("pages a list without gaps or repeats", async () => {
      const index = await open();
      const rows = Array.from({ length: 23 }, (_, i) => memory(alice, `page row ${i}`));
      await index.upsert(rows);
      await index.upsert([memory(bob, "bob row")]);
      const seen: string[] = [];
      for (let offset = 0; ; offset += 5) {
        const page = await index.list(alice, { limit: 5, offset });
        seen.push(...page.map((m) => m.id));
        if (page.length < 5) break;
      }
      expect(seen).toHaveLength(23);
      expect(new Set(seen)).toEqual(new Set(rows.map((m) => m.id)));
    });

    it("scans every memory of every user, page by page", async () => {
      const index = await open();
      const rows = [
        ...Array.from({ length: 7 }, (_, i) => memory(alice, `scan a ${i}`)),
        ...Array.from({ length: 4 }, (_, i) => memory(bob, `scan b ${i}`)),
        memory(aliceElsewhere, "scan other team"),
      ];
      await index.upsert(rows);
      const pages: Memory[][] = [];
      for await (const page of index.scan(3)) pages.push(page);
      expect(pages.every((p) => p.length <= 3 && p.length > 0)).toBe(true);
      const ids = pages.flat().map((m) => m.id);
      expect(ids.sort()).toEqual(rows.map((m) => m.id).sort());
    });

    it("lists every owner with memories and their counts, by team then user", async () => {
      const index = await open();
      expect(await index.owners()).toEqual([]);
      await index.upsert([
        ...Array.from({ length: 3 }, (_, i) => memory(bob, `owners b ${i}`)),
        ...Array.from({ length: 2 }, (_, i) => memory(alice, `owners a ${i}`)),
        memory(aliceElsewhere, "owners other team"),
      ]);
      expect(await index.owners()).toEqual([
        { ...alice, memories: 2 },
        { ...bob, memories: 3 },
        { ...aliceElsewhere, memories: 1 },
      ]);
      await index.deleteAll(bob);
      const onlyOne = memory(alice, "owners a again");
      await index.upsert([onlyOne]);
      expect(await index.owners()).toEqual([
        { ...alice, memories: 3 },
        { ...aliceElsewhere, memories: 1 },
      ]);
      // Written by another process (another handle on the same namespace): seen too.
      if (backend.persistent) {
        const other = await open("cosine", index.info.namespace.replace(/__$/, ""));
        await other.upsert([memory(bob, "owners from elsewhere")]);
        expect((await index.owners()).map((o) => o.userId)).toContain(bob.userId);
      }
    });

    it("pings, describes itself and drops its namespace", async () => {
      const index = await open();
      expect(await index.ping()).toBe(true);
      expect(index.info.efSearch === null).toBe(!backend.hnsw);
      if (backend.hnsw) expect(index.info.efSearch).toBe(64);
      await index.upsert([memory(alice, "near"), memory(bob, "mid")]);
      expect(await index.dropAll()).toBeGreaterThan(0);
      expect(await index.count(alice)).toBe(0);
      expect(await queryOf(index)).toEqual([]);
    });

    it(
      backend.persistent ? "keeps memories across a restart" : "keeps nothing across a restart",
      async () => {
        const namespace = `contract_${randomBytes(5).toString("hex")}`;
        const first = await open("cosine", namespace);
        const a = memory(alice, "near", { topics: ["pets"] });
        await first.upsert([a]);
        await first.close();
        opened.splice(opened.indexOf(first), 1);
        const second = await open("cosine", namespace);
        if (backend.persistent) {
          expect(await second.get(alice, a.id)).toEqual(a);
          expect((await queryOf(second)).map((h) => h.memory.id)).toEqual([a.id]);
        } else {
          expect(await second.count(alice)).toBe(0);
        }
      },
    );
  });
}
