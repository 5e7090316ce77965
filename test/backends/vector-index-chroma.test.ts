import { randomBytes } from "node:crypto";
import { ChromaVectorStore } from "@llamaindex/chroma";
import { ChromaClient } from "chromadb";
import { describe, expect, inject, it, vi } from "vitest";
import { EmbedderEmbedding } from "../../src/backends/chroma/llamaindex-embedding.js";
import {
  ChromaVectorIndex,
  splitWriteCalls,
  WRITE_CALL_ROWS,
} from "../../src/backends/chroma/chroma-vector-index.js";
import type { Memory } from "../../src/core/types.js";
import { legacyNode } from "../../fixtures/legacy-chroma-rows.js";
import { describeVectorIndexContract, TableEmbedder } from "./vector-index-contract.js";

describeVectorIndexContract({
  name: "chroma",
  persistent: true,
  hnsw: true,
  open: (options) => ChromaVectorIndex.create({ ...options, chromaUrl: inject("chromaUrl") }),
});

describe("ChromaVectorIndex ef_search", () => {
  it("creates collections with ef_search and changes it on collections made with another value", async () => {
    const chromaUrl = inject("chromaUrl");
    const url = new URL(chromaUrl);
    const client = new ChromaClient({ host: url.hostname, port: Number(url.port) });
    const namespace = `ef_${randomBytes(5).toString("hex")}`;
    const owner = { teamId: "T1", userId: "U1" };
    const open = (efSearch: number) =>
      ChromaVectorIndex.create({
        chromaUrl,
        embedder: new TableEmbedder(),
        namespace,
        metric: "cosine",
        efSearch,
      });
    const efOf = async (store: ChromaVectorIndex) => {
      const collection = await client.getCollection({ name: store.collectionName(owner, "all") });
      return collection.configuration.hnsw?.ef_search;
    };
    const first = await open(48);
    const memory = {
      id: "m1",
      text: "near",
      ...owner,
      timestamp: 1,
      channelId: "D1",
      channelType: "im" as const,
      source: "slack" as const,
    };
    await first.upsert([memory]);
    expect(await efOf(first)).toBe(48);
    expect(first.info.efSearch).toBe(48);

    const second = await open(200);
    expect((await second.get(owner, "m1"))?.text).toBe("near");
    expect(await efOf(second)).toBe(200);
    await second.dropAll();
  });
});

describe("ChromaVectorIndex memories version", () => {
  it("changes after every write by any store on the server, never on reads; none without collections", async () => {
    const options = {
      chromaUrl: inject("chromaUrl"),
      embedder: new TableEmbedder(),
      namespace: `ver_${randomBytes(5).toString("hex")}`,
      metric: "cosine" as const,
    };
    const one = await ChromaVectorIndex.create(options);
    const other = await ChromaVectorIndex.create(options); // another process
    const owner = { teamId: "T1", userId: "U1" };
    const memory = (id: string, channelType: "im" | "channel" = "im") => ({
      id,
      text: "near",
      ...owner,
      timestamp: 1,
      channelId: channelType === "im" ? "D1" : "C1",
      channelType,
      source: "slack" as const,
    });
    expect(await one.version(owner)).toBeUndefined();
    await one.upsert([memory("m1")]);
    const v1 = await one.version(owner);
    expect(v1).toEqual(expect.any(String));
    // Another process reads it once it knows the user's collection (a listing finds it).
    expect(await other.version(owner)).toBeUndefined();
    await other.list(owner, { limit: 1, offset: 0 });
    expect(await other.version(owner)).toBe(v1);
    await one.list(owner, { limit: 10, offset: 0 });
    await one.query({ ...owner, vector: await one.embedQuery("near"), topK: 3 });
    expect(await one.version(owner)).toBe(v1);

    const seen = new Set([v1]);
    const expectNew = async () => {
      const v = await one.version(owner);
      expect(v).toEqual(expect.any(String));
      expect(seen.has(v)).toBe(false);
      seen.add(v);
    };
    await other.upsert([memory("m2", "channel")]);
    await expectNew();
    await other.delete(owner, ["m1"]);
    await expectNew();
    await one.upsert([memory("m2")]); // moved from the channel to a DM
    await expectNew();
    await other.deleteAll(owner);
    expect(await one.version(owner)).toBeUndefined();
    await one.dropAll();
  });
});

describe("splitWriteCalls", () => {
  it("cuts at the row limit and before the byte limit would be passed, in order; a row too large goes alone", () => {
    const size = (n: number) => n;
    expect(splitWriteCalls([1, 2, 3, 4, 5], size, { rows: 2, bytes: 100 })).toEqual([[1, 2], [3, 4], [5]]);
    expect(splitWriteCalls([4, 4, 4, 9, 1], size, { rows: 10, bytes: 8 })).toEqual([[4, 4], [4], [9], [1]]);
    expect(splitWriteCalls([], size, { rows: 2, bytes: 8 })).toEqual([]);
  });
});

describe("ChromaVectorIndex row format", () => {
  const chromaUrl = () => inject("chromaUrl");
  const client = () => {
    const url = new URL(chromaUrl());
    return new ChromaClient({ host: url.hostname, port: Number(url.port) });
  };
  const open = (namespace: string) =>
    ChromaVectorIndex.create({
      chromaUrl: chromaUrl(),
      embedder: new TableEmbedder(),
      namespace,
      metric: "cosine",
    });
  const owner = { teamId: "T1", userId: "U1" };
  const memory = (id: string, text: string, channelType: "im" | "channel" = "im"): Memory => ({
    id,
    text,
    ...owner,
    timestamp: 1_700_000_000_000,
    channelId: channelType === "im" ? "D1" : "C1",
    channelType,
    source: "import",
    topics: ["가족", "work"],
    extra: { lang: "ko", n: 3, pinned: true },
  });

  /**
   * Spies on the current chromadb client's collection `add`, which the store writes through (calls
   * still reach Chroma unless mocked); `real` is the original. Restore with `add.mockRestore()`.
   */
  const spyOnAdd = async () => {
    const probe = await client().getOrCreateCollection({ name: `probe_${randomBytes(4).toString("hex")}` });
    await client().deleteCollection({ name: probe.name });
    const proto = Object.getPrototypeOf(probe) as { add: (...args: unknown[]) => Promise<void> };
    const real = proto.add;
    return { add: vi.spyOn(proto, "add"), real };
  };
  const callSizes = (add: { mock: { calls: unknown[][] } }) =>
    add.mock.calls.map(([records]) => (records as { ids: string[] }).ids.length);

  it("writes compact rows (the memory as JSON, no document) to `all` and the visibility copies", async () => {
    const store = await open(`row_${randomBytes(5).toString("hex")}`);
    const m = memory("m1", "엄마 생신은 3월 14일", "channel");
    await store.upsert([m]);
    const name = store.collectionName(owner, "all");
    const collection = await client().getCollection({ name });
    const rows = await collection.get({ include: ["documents", "metadatas"] as never });
    expect(rows.ids).toEqual(["m1"]);
    expect(rows.documents).toEqual([null]);
    expect(rows.metadatas[0]).toEqual({ ref_doc_id: "m1", memory: JSON.stringify(m) });
    const channel = await client().getCollection({ name: store.collectionName(owner, "channel:C1") });
    expect(await channel.get({ include: ["documents", "metadatas"] as never })).toMatchObject(rows);
    expect(await store.get(owner, "m1")).toEqual(m);
    const [hit] = await store.query({ ...owner, vector: await store.embedQuery(m.text), topK: 1 });
    expect(hit?.memory).toEqual(m);
    await store.dropAll();
  });

  it("reads, replaces and deletes rows LlamaIndex wrote before the compact format, without duplicates", async () => {
    const namespace = `legacy_${randomBytes(5).toString("hex")}`;
    const store = await open(namespace);
    const embedder = new TableEmbedder();
    const old = [memory("old1", "고양이 이름은 나비"), memory("old2", "회의는 목요일 3시")];
    // The collection and rows as the store made them before: the collection in cosine space, then
    // ChromaVectorStore.add of one node per memory.
    const legacy = new ChromaVectorStore({
      collectionName: store.collectionName(owner, "all"),
      chromaClientParams: { path: chromaUrl() },
      embeddingModel: new EmbedderEmbedding(embedder, 16),
    });
    await legacy.client().getOrCreateCollection({
      name: store.collectionName(owner, "all"),
      metadata: { "hnsw:space": "cosine", embedder: embedder.id },
    });
    const vectors = await embedder.embed(old.map((m) => m.text));
    await legacy.add(old.map((m, i) => legacyNode(m, vectors[i]!)));
    const raw = await (
      await client().getCollection({ name: store.collectionName(owner, "all") })
    ).get({
      ids: ["old1"],
      include: ["documents", "metadatas"] as never,
    });
    expect(raw.documents).toEqual(["고양이 이름은 나비"]);
    expect(raw.metadatas[0]).toHaveProperty("_node_content");

    const reader = await open(namespace); // another process, which finds the collection by listing
    expect(await reader.list(owner, { limit: 10, offset: 0 })).toEqual(expect.arrayContaining(old));
    expect(await reader.get(owner, "old2")).toEqual(old[1]);
    const [hit] = await reader.query({ ...owner, vector: await reader.embedQuery(old[0]!.text), topK: 1 });
    expect(hit?.memory).toEqual(old[0]);

    const edited = { ...old[0]!, text: "고양이 이름은 치즈" };
    await reader.upsert([edited]); // replaces the legacy row
    await reader.delete(owner, ["old2"]);
    const left = await reader.list(owner, { limit: 10, offset: 0 });
    expect(left).toEqual([edited]);
    await reader.dropAll();
  });

  it("writes more than one call's worth of rows in calls of WRITE_CALL_ROWS", async () => {
    const store = await open(`bulk_${randomBytes(5).toString("hex")}`);
    const many = Array.from({ length: WRITE_CALL_ROWS + 7 }, (_, i) => memory(`b${i}`, `메모 ${i}`));
    const { add } = await spyOnAdd();
    let sizes: number[];
    try {
      await store.upsert(many, { fresh: new Set(many.map((m) => m.id)) });
      sizes = callSizes(add);
    } finally {
      add.mockRestore();
    }
    expect(sizes).toEqual([WRITE_CALL_ROWS, 7]); // one call would pass: the server takes 5,461
    const collection = await client().getCollection({ name: store.collectionName(owner, "all") });
    expect(await collection.count()).toBe(many.length);
    expect(await store.get(owner, `b${WRITE_CALL_ROWS + 6}`)).toEqual(many.at(-1));
    await store.dropAll();
  });

  it("splits a save into calls of at most writeCallBytes, every row stored once", async () => {
    const store = await ChromaVectorIndex.create({
      chromaUrl: chromaUrl(),
      embedder: new TableEmbedder(),
      namespace: `big_${randomBytes(5).toString("hex")}`,
      metric: "cosine",
      writeCallBytes: 64 * 1024,
    });
    const long = "가나다라마바사아자차카타파하".repeat(290); // 4,000 characters, 12 kB in UTF-8
    const many = Array.from({ length: 40 }, (_, i) => memory(`L${i}`, `${i} ${long}`.slice(0, 4000)));
    const collection = await client()
      .getCollection({ name: store.collectionName(owner, "all") })
      .catch(() => undefined);
    expect(collection).toBeUndefined();
    // Counts the current client's write calls (they still reach Chroma).
    const { add } = await spyOnAdd();
    let sizes: number[];
    try {
      await store.upsert(many, { fresh: new Set(many.map((m) => m.id)) }); // 40 × 12 kB
      sizes = callSizes(add);
    } finally {
      add.mockRestore();
    }
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(many.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(5); // 5 × 12 kB < 64 KiB < 6 × 12 kB
    const stored = await client().getCollection({ name: store.collectionName(owner, "all") });
    expect(await stored.count()).toBe(many.length);
    expect(await store.list(owner, { limit: 100, offset: 0 })).toEqual(expect.arrayContaining(many));
    await store.dropAll();
  });

  it("tries a write again while Chroma says its database is locked, and fails at once on anything else", async () => {
    const store = await open(`locked_${randomBytes(5).toString("hex")}`);
    const { add, real } = await spyOnAdd();
    let failures = [
      "Database error: error returned from database: (code: 5) database is locked",
      "database is locked",
    ];
    add.mockImplementation(function (this: unknown, ...args: unknown[]) {
      const message = failures.shift();
      return message ? Promise.reject(new Error(message)) : real.apply(this, args);
    });
    try {
      await store.upsert([memory("m1", "잠긴 뒤에 저장됨")]);
      expect(add).toHaveBeenCalledTimes(3);
      expect((await store.get(owner, "m1"))?.text).toBe("잠긴 뒤에 저장됨");
      failures = ["boom"];
      add.mockClear();
      await expect(store.upsert([memory("m2", "실패")])).rejects.toMatchObject({
        code: "store_failed",
        message: expect.stringContaining("boom"),
      });
      expect(add).toHaveBeenCalledTimes(1);
    } finally {
      add.mockRestore();
      await store.dropAll();
    }
  });

  it("reports a row whose memory JSON is damaged as store_failed, naming it", async () => {
    const store = await open(`bad_${randomBytes(5).toString("hex")}`);
    await store.upsert([memory("m1", "멀쩡한 메모")]);
    const collection = await client().getCollection({ name: store.collectionName(owner, "all") });
    await collection.update({ ids: ["m1"], metadatas: [{ memory: "{not json" }] });
    await expect(store.get(owner, "m1")).rejects.toMatchObject({
      code: "store_failed",
      message: expect.stringContaining("memory m1 is damaged"),
    });
    await store.dropAll();
  });
});
