import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { beforeEach, describe, expect, inject, it, vi } from "vitest";
import { AppError, isAppError } from "../../src/core/errors.js";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { ChromaVectorIndex } from "../../src/backends/chroma/chroma-vector-index.js";
import { KeywordIndexRegistry } from "../../src/memory/search/keyword-index.js";
import { KeywordSnapshots } from "../../src/memory/search/keyword-snapshots.js";
import { GraphService } from "../../src/graph/graph-service.js";
import { JsonGraphStores } from "../../src/stores/json-graph-store.js";
import type { MemoryLifecycle } from "../../src/memory/lifecycle/memory-lifecycle.js";
import { openMemory } from "../support/memory-pair.js";
import { VisibilityRule } from "../../src/core/visibility.js";
import { type Chunker, createChunker } from "../../src/memory/chunking/chunker.js";
import { defaultMemoryConfig } from "../../src/config/settings.js";
import type { Memory, MemoryScope, Owner } from "../../src/core/types.js";
import type { VectorIndex, VectorIndexOptions } from "../../src/core/vector-index.js";
import { InMemoryVectorIndex } from "../../src/backends/in-process/in-memory-vector-index.js";
import { SqliteVecVectorIndex } from "../../src/backends/sqlite-vec/sqlite-vec-vector-index.js";
import { PgvectorVectorIndex } from "../../src/backends/pgvector/pgvector-vector-index.js";
import { MAX_CURSOR_OFFSET } from "../../src/memory/search/list-cursor.js";
import { MemoryJournal } from "../../src/memory/lifecycle/memory-journal.js";

const logger = pino({ level: "silent" });
const alice: MemoryScope = { teamId: "T1", userId: "U_ALICE" };
const bob: MemoryScope = { teamId: "T1", userId: "U_BOB" };

async function makeService(
  prefix: string,
  options: {
    allowDmInChannels?: boolean;
    chunker?: Chunker;
    /** The BM25 cache's bound (BM25_CACHE_MB in bytes). */
    maxBytes?: number;
    onMemoriesChanged?: (owner: Owner) => void;
    /** Wraps the store the service sees (to hold or fail its reads). */
    wrap?: (store: VectorIndex) => VectorIndex;
    /** Keep BM25 snapshots in this folder (as the app does under DATA_DIR/bm25). */
    snapshotsDir?: string;
    /** Journal every operation (as the app does); a failed store write is retried within ~50 ms. */
    journal?: MemoryJournal;
  } = {},
) {
  const store = await ChromaVectorIndex.create({
    chromaUrl: inject("chromaUrl"),
    embedder: new OfflineEmbedder(),
    collectionPrefix: prefix,
  });
  const keywordIndexes = new KeywordIndexRegistry({
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    snapshots: options.snapshotsDir
      ? new KeywordSnapshots(options.snapshotsDir, logger, { minMemories: 1 })
      : undefined,
  });
  const graph = GraphService.create({
    stores: new JsonGraphStores(await mkdtemp(path.join(os.tmpdir(), "lifecycle-"))),
    logger,
  });
  // Every write goes through the lifecycle, as in the app; the search reads.
  const { search, lifecycle: memory } = openMemory({
    store: options.wrap ? options.wrap(store) : store,
    keywordIndexes,
    logger,
    search: { visibility: new VisibilityRule(options.allowDmInChannels ?? false) },
    lifecycle: {
      graph,
      chunker: options.chunker,
      onMemoriesChanged: options.onMemoriesChanged,
      journal: options.journal,
      retry: { minMs: 20, maxMs: 50 },
    },
  });
  return { store, memory, graph, search, keywordIndexes };
}

/** The store with the methods `replace` gives (undefined: the store's own). */
function overriding(
  replace: (store: VectorIndex, prop: string | symbol) => unknown,
): (store: VectorIndex) => VectorIndex {
  return (store) =>
    new Proxy(store, {
      get(target, prop) {
        const replaced = replace(target, prop);
        if (replaced !== undefined) return replaced;
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
}

/** The store with its writes failing while `down()` says so (Chroma away: a write cannot land). */
function failingWrites(down: () => boolean): (store: VectorIndex) => VectorIndex {
  return overriding((target, prop) => {
    if (prop !== "upsert" && prop !== "delete" && prop !== "deleteAll") return undefined;
    const write = (Reflect.get(target, prop, target) as (...a: unknown[]) => Promise<void>).bind(target);
    return (...args: unknown[]) => (down() ? Promise.reject(new Error("store down")) : write(...args));
  });
}

/** Every page of the scope's listing, `limit` at a time. */
async function listAll(memory: MemoryLifecycle, scope: MemoryScope, limit: number): Promise<Memory[]> {
  const all: Memory[] = [];
  let cursor: string | undefined;
  do {
    const page = await memory.list(scope, { limit, cursor });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/** The store with its `list` replaced (the BM25 build reads through it). */
function withList(
  list: (store: VectorIndex, ...args: Parameters<VectorIndex["list"]>) => Promise<Memory[]>,
): (store: VectorIndex) => VectorIndex {
  return overriding((target, prop) =>
    prop === "list" ? (...args: Parameters<VectorIndex["list"]>) => list(target, ...args) : undefined,
  );
}

async function rowCount(store: ChromaVectorIndex): Promise<number> {
  return store.count(alice);
}

describe("MemoryLifecycle and MemorySearch against a real Chroma", () => {
  let prefix: string;
  let memory: MemoryLifecycle;
  let store: ChromaVectorIndex;
  let graph: GraphService;

  beforeEach(async () => {
    prefix = `ms_${randomBytes(5).toString("hex")}`;
    ({ memory, store, graph } = await makeService(prefix));
  });

  it("saves, searches, lists, gets and deletes", async () => {
    const saved = await memory.save(alice, {
      text: "결혼정장 업체명: 테일러온, 전화번호: 0507-1432-8816",
      source: "slack",
    });
    await memory.save(alice, { text: "내일 오후 3시 치과 예약", source: "slack" });
    expect(saved.id).toMatch(/^mem_\d+_[0-9a-f]{8}$/);

    const [top] = await memory.search(alice, "테일러온 전화번호 뭐였지");
    expect(top).toMatchObject({ id: saved.id, relevant: true });
    expect(top!.ranks.keyword).toBe(1);
    expect(top!.ranks.vector).toBeGreaterThanOrEqual(1);

    const page = await memory.list(alice, { limit: 10 });
    expect(page.items.map((m) => m.text).sort()).toEqual(
      ["결혼정장 업체명: 테일러온, 전화번호: 0507-1432-8816", "내일 오후 3시 치과 예약"].sort(),
    );
    expect(page.nextCursor).toBeNull();
    expect(await memory.get(alice, saved.id)).toMatchObject({
      text: saved.text,
      userId: "U_ALICE",
      teamId: "T1",
    });

    expect(await memory.delete(alice, saved.id)).toBe(true);
    expect(await memory.get(alice, saved.id)).toBeUndefined();
    expect((await memory.search(alice, "테일러온")).map((r) => r.id)).not.toContain(saved.id);
    expect(await memory.delete(alice, saved.id)).toBe(false);
  });

  it("finds for a forget the memory that gave a fact the request names, though it holds none of its words, and only where it may be seen", async () => {
    const at = Date.now();
    const first = await memory.save(alice, {
      text: "내 자전거 보관함 번호는 64번이야",
      source: "slack",
      timestamp: at,
    });
    const fix = await memory.save(alice, {
      text: "아니 64번 말고 65번",
      source: "slack",
      timestamp: at + 20_000,
    });
    await memory.drain();
    const found = await memory.findToForget(alice, "보관함");
    expect(found.meant).toBeUndefined();
    expect(found.candidates.map((m) => m.id).sort()).toEqual([first.id, fix.id].sort());
    // Nothing is deleted without the person choosing: the request names two memories now.
    expect((await memory.forget(alice, "보관함")).deleted).toEqual([]);
    // In a channel, the DM memories and the facts they gave are not found.
    const inChannel = { ...alice, channelId: "C_TEAM", channelType: "channel" as const };
    expect((await memory.findToForget(inChannel, "보관함")).candidates).toEqual([]);
  });

  it("finds nothing for a query of emoji or marks alone, where the vector half would rank every memory", async () => {
    await memory.save(alice, { text: "우산은 현관 신발장 위", source: "slack" });
    expect((await memory.search(alice, "우산")).length).toBeGreaterThan(0);
    for (const query of ["😀", "*", "%", "🎉🎉"]) expect(await memory.search(alice, query)).toEqual([]);
  });

  it("keeps no control characters, escape sequences or bidirectional overrides of a text saved by any way in", async () => {
    const saved = await memory.save(alice, {
      text: "\u001b[31m창고 열쇠\u0007는 관리실\u202e에 맡김",
      source: "admin",
    });
    expect(saved.text).toBe("창고 열쇠는 관리실에 맡김");
    expect((await memory.get(alice, saved.id))?.text).toBe("창고 열쇠는 관리실에 맡김");
    await expect(memory.save(alice, { text: "\u0007\u001b[2J", source: "admin" })).rejects.toMatchObject({
      code: "bad_request",
    });
  });

  it("keeps a text said again word for word once where it may be seen, and again where the first is hidden", async () => {
    const dm = { ...alice, channelId: "D_ALICE", channelType: "im" as const };
    const channel = { ...alice, channelId: "C_TEAM", channelType: "channel" as const };
    const first = await memory.save(dm, { text: "우리 집 와이파이 이름 maple_den", source: "autosave" });
    const again = await memory.remember(dm, " 우리 집 와이파이 이름 maple_den ", Date.now());
    expect(again.id).toBe(first.id);
    // Another text, however close, is kept.
    const other = await memory.remember(dm, "우리 집 와이파이 이름 maple_den_5g", Date.now());
    expect(other.id).not.toBe(first.id);
    // Said in a channel, where the DM's copy may not be seen: kept there, visible there.
    const inChannel = await memory.remember(channel, "우리 집 와이파이 이름 maple_den", Date.now());
    expect(inChannel.id).not.toBe(first.id);
    expect((await memory.list(dm, { limit: 10 })).items.map((m) => m.id).sort()).toEqual(
      [first.id, other.id, inChannel.id].sort(),
    );
  });

  it("keeps a text asked for five times at once once, and tells each request that same memory", async () => {
    const dm = { ...alice, channelId: "D_ALICE", channelType: "im" as const };
    const text = "조카 돌잔치는 다음 달 셋째 주 토요일";
    const saved = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => memory.remember(dm, text, Date.now(), `Ev_at_once_${n}`)),
    );
    expect(new Set(saved.map((m) => m.id)).size).toBe(1);
    const copies = (await memory.list(dm, { limit: 50 })).items.filter((m) => m.text === text);
    expect(copies).toHaveLength(1);
  });

  it("deletes memories asked to be deleted twice at once once: the second request finds them gone", async () => {
    const a = await memory.save(alice, { text: "두 번 눌린 잊기 버튼의 기억", source: "slack" });
    const both = await Promise.all([memory.deleteIds(alice, [a.id]), memory.deleteIds(alice, [a.id])]);
    expect(both.map((deleted) => deleted.length).sort()).toEqual([0, 1]);
    expect(await memory.get(alice, a.id)).toBeUndefined();
  });

  it("finds a phone number by its digits and by its last four", async () => {
    const saved = await memory.save(alice, { text: "김철수 전화번호는 010-1234-5678", source: "slack" });
    await memory.save(alice, { text: "엄마 생신 선물 고르기", source: "slack" });
    expect((await memory.search(alice, "01012345678"))[0]!.id).toBe(saved.id);
    expect((await memory.search(alice, "5678로 끝나는 번호"))[0]!.id).toBe(saved.id);
  });

  it("replaces a memory saved again with the same id, without duplicate rows", async () => {
    const first = await memory.save(alice, { id: "mem_fixed", text: "주차 B2 37번", source: "import" });
    const before = await rowCount(store);
    await memory.save(alice, { id: "mem_fixed", text: "주차 B3 12번", source: "import" });
    expect(await rowCount(store)).toBe(before);
    expect((await memory.get(alice, first.id))!.text).toBe("주차 B3 12번");
    const results = await memory.search(alice, "주차");
    expect(results.filter((r) => r.id === "mem_fixed")).toHaveLength(1);
    expect(results[0]!.text).toBe("주차 B3 12번");
  });

  it("builds a user's BM25 index from the store on their first search, not before", async () => {
    const saved = await memory.save(alice, { text: "안경 도수 왼쪽 -2.75 오른쪽 -3.00", source: "slack" });
    const restarted = await makeService(prefix);
    expect(restarted.search.keywordIndexStats()).toEqual({ users: 0, bytes: 0, builds: 0 });
    const [top] = await restarted.memory.search(alice, "안경도수");
    expect(top).toMatchObject({ id: saved.id, relevant: true, ranks: { keyword: 1 } });
    expect(restarted.search.keywordIndexStats()).toMatchObject({ users: 1, builds: 1 });
    await restarted.memory.search(alice, "도수");
    expect(restarted.search.keywordIndexStats().builds).toBe(1);
  });

  it("shares one build between concurrent first searches of a user", async () => {
    await memory.saveMany(
      alice,
      Array.from({ length: 30 }, (_, i) => ({
        text: `택배 송장번호 ${1000 + i}번 메모`,
        source: "import" as const,
      })),
    );
    let lists = 0;
    const restarted = await makeService(prefix, {
      wrap: withList((store, owner, options) => {
        lists += 1;
        return store.list(owner, options);
      }),
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => restarted.memory.search(alice, `송장번호 ${1000 + i}`)),
    );
    expect(results.every((r) => r.length > 0)).toBe(true);
    expect(restarted.search.keywordIndexStats().builds).toBe(1);
    expect(lists).toBe(1); // one page (30 memories), read once
  });

  it("throws the store's error when a build fails, caches nothing, and builds on the next search", async () => {
    const saved = await memory.save(alice, { text: "보일러 점검 기사님 목요일 오후 2시", source: "slack" });
    let fail = true;
    const restarted = await makeService(prefix, {
      wrap: withList((store, owner, options) => {
        if (fail) return Promise.reject(new AppError("store_failed", "Chroma get failed: down"));
        return store.list(owner, options);
      }),
    });
    await expect(restarted.memory.search(alice, "보일러 점검")).rejects.toSatisfy((e) =>
      isAppError(e, "store_failed"),
    );
    expect(await restarted.memory.recall(alice, "보일러 점검")).toEqual([]); // the agent's turn goes on
    expect(restarted.search.keywordIndexStats().users).toBe(0);
    fail = false;
    expect((await restarted.memory.search(alice, "보일러 점검"))[0]).toMatchObject({ id: saved.id });
  });

  it("drops the least recently used index past BM25_CACHE_MB, and rebuilds it when needed again", async () => {
    const texts = (who: string) =>
      Array.from({ length: 40 }, (_, i) => ({
        text: `${who}의 메모 ${i}번: 주차 B${i} 구역`,
        source: "import" as const,
      }));
    await memory.saveMany(alice, [
      ...texts("앨리스"),
      { text: "앨리스 여권번호 M12345678", source: "slack" },
    ]);
    await memory.saveMany(bob, [...texts("밥"), { text: "밥 여권번호 M87654321", source: "slack" }]);
    const probe = await makeService(prefix);
    await probe.memory.search(alice, "여권번호");
    const oneUser = probe.search.keywordIndexStats().bytes;
    // Room for one user's index, not two.
    const small = await makeService(prefix, { maxBytes: Math.floor(oneUser * 1.5) });
    const first = await small.memory.search(alice, "여권번호");
    expect(first[0]!.text).toBe("앨리스 여권번호 M12345678");
    expect((await small.memory.search(bob, "여권번호"))[0]!.text).toBe("밥 여권번호 M87654321");
    expect(small.search.keywordIndexStats()).toMatchObject({ users: 1, builds: 2 });
    // Alice was evicted: rebuilt from the store, same answer.
    const again = await small.memory.search(alice, "여권번호");
    expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id));
    expect(small.search.keywordIndexStats()).toMatchObject({ users: 1, builds: 3 });
    // A cache smaller than one index: built for every search, never kept, still right.
    const tiny = await makeService(prefix, { maxBytes: 1024 });
    expect((await tiny.memory.search(alice, "여권번호"))[0]!.text).toBe("앨리스 여권번호 M12345678");
    expect(tiny.search.keywordIndexStats().users).toBe(0);
  });

  it("sees another process's writes once told: invalidateKeywordIndex, then a build from the store", async () => {
    const changed: Owner[] = [];
    const writer = await makeService(prefix, { onMemoriesChanged: (o) => changed.push(o) });
    const reader = await makeService(prefix);
    await writer.memory.save(alice, { text: "현관 비밀번호 4821", source: "slack" });
    expect((await reader.memory.search(alice, "현관 비밀번호"))[0]!.text).toBe("현관 비밀번호 4821");

    const moved = await writer.memory.save(alice, { text: "자전거 자물쇠 번호 9072", source: "slack" });
    // The reader's BM25 index predates the write (only the vector half, read from the store, has it);
    // the change feed would tell the reader:
    const keywordRankOf = async (service: typeof reader, id: string) =>
      (await service.memory.search(alice, "자물쇠 번호")).find((r) => r.id === id)?.ranks.keyword;
    expect(await keywordRankOf(reader, moved.id)).toBeUndefined();
    for (const owner of changed) reader.search.invalidateKeywordIndex(owner);
    expect(await keywordRankOf(reader, moved.id)).toBe(1);

    // A user the reader never saw (no collection known to it): found when first searched.
    const bobs = await writer.memory.save(bob, { text: "밥의 우산은 차 트렁크에", source: "slack" });
    expect((await reader.memory.search(bob, "우산 트렁크"))[0]).toMatchObject({ id: bobs.id });
  });

  it("rebuilds a cached user's index in the background when told of a change, not an unknown user's", async () => {
    const writer = await makeService(prefix);
    const reader = await makeService(prefix);
    await writer.memory.save(alice, { text: "우체국 택배 송장 1234", source: "slack" });
    await reader.memory.search(alice, "송장");
    expect(reader.search.keywordIndexStats()).toMatchObject({ users: 1, builds: 1 });
    const added = await writer.memory.save(alice, { text: "택배 송장 5678 도착", source: "slack" });
    reader.search.invalidateKeywordIndex(alice);
    reader.search.invalidateKeywordIndex(bob); // never cached here: stays cold
    // Warm again without a search, and with the other process's write in it.
    await expect.poll(() => reader.search.keywordIndexStats()).toMatchObject({ users: 1, builds: 2 });
    const hit = (await reader.memory.search(alice, "송장 도착")).find((r) => r.id === added.id);
    expect(hit?.ranks.keyword).toBe(1);
    expect(reader.search.keywordIndexStats().builds).toBe(2);
  });

  describe("BM25 snapshots (Chroma's memories version)", () => {
    /** The snapshot files (a write's temporary file is not one). */
    const snapshotFiles = async (dir: string) => (await readdir(dir)).filter((n) => n.endsWith(".json"));
    /** Every snapshot's text, joined. */
    const snapshotText = async (dir: string) =>
      (
        await Promise.all(
          (await snapshotFiles(dir)).map((n) => readFile(path.join(dir, n), "utf8").catch(() => "")),
        )
      ).join("\n");
    const countingLists = () => {
      const counter = { lists: 0 };
      const wrap = withList((store, owner, options) => {
        counter.lists += 1;
        return store.list(owner, options);
      });
      return { counter, wrap };
    };

    it("reads an unchanged user's index from the snapshot, not the store, after it left the cache", async () => {
      const saved = await memory.save(alice, { text: "세탁소 맡긴 코트 찾는 날 12월 9일", source: "slack" });
      const dir = await mkdtemp(path.join(os.tmpdir(), "bm25-snapshots-"));
      const { counter, wrap } = countingLists();
      const service = await makeService(prefix, { snapshotsDir: dir, wrap });
      expect((await service.memory.search(alice, "세탁소 코트"))[0]).toMatchObject({ id: saved.id });
      expect(counter.lists).toBe(1);
      await expect.poll(() => snapshotFiles(dir)).toHaveLength(1); // written in the background
      expect(await snapshotText(dir)).toContain("세탁소 맡긴 코트");

      // Out of the cache (the LRU, a restart): the next build reads the snapshot.
      service.keywordIndexes.evict(alice.teamId, alice.userId);
      const restarted = await makeService(prefix, { snapshotsDir: dir, wrap });
      for (const s of [service, restarted]) {
        const [top] = await s.memory.search(alice, "세탁소 코트");
        expect(top).toMatchObject({ id: saved.id, ranks: { keyword: 1 } });
      }
      expect(counter.lists).toBe(1);
    });

    it("lists the store again once another process wrote, and drops the out-of-date snapshot", async () => {
      await memory.save(alice, { text: "주유 카드 비밀번호 힌트: 고양이 생일", source: "slack" });
      const dir = await mkdtemp(path.join(os.tmpdir(), "bm25-snapshots-"));
      const { counter, wrap } = countingLists();
      const reader = await makeService(prefix, { snapshotsDir: dir, wrap });
      await reader.memory.search(alice, "주유 카드");
      await expect.poll(() => snapshotFiles(dir)).toHaveLength(1);

      // Another process (never announced here: a missed change) adds a memory.
      const added = await memory.save(alice, { text: "주유 카드 한도 월 30만원", source: "slack" });
      const restarted = await makeService(prefix, { snapshotsDir: dir, wrap });
      const hit = (await restarted.memory.search(alice, "주유 카드 한도")).find((r) => r.id === added.id);
      expect(hit?.ranks.keyword).toBe(1);
      expect(counter.lists).toBe(2);
      await expect.poll(async () => snapshotText(dir)).toContain("한도 월 30만원"); // the new listing
    });

    it("keeps no forgotten text on disk: a forget here drops the snapshot, one elsewhere is swept", async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), "bm25-snapshots-"));
      const service = await makeService(prefix, { snapshotsDir: dir });
      const secret = await service.memory.save(alice, { text: "금고 비밀번호 7391", source: "slack" });
      await service.memory.save(alice, { text: "금고는 서재 책장 뒤", source: "slack" });
      service.keywordIndexes.evict(alice.teamId, alice.userId);
      await service.memory.search(alice, "금고");
      await expect.poll(() => snapshotText(dir)).toContain("7391");

      // Forgotten through this process: the snapshot is gone at once.
      await service.memory.forget(alice, secret.id);
      expect(await snapshotFiles(dir)).toEqual([]);
      service.keywordIndexes.evict(alice.teamId, alice.userId);
      await service.memory.search(alice, "금고");
      await expect.poll(() => snapshotFiles(dir)).toHaveLength(1);
      // Ids are left out: a memory id's timestamp or hex can hold these digits by chance.
      expect((await snapshotText(dir)).replace(/mem_\w+/g, "")).not.toContain("7391");

      // Forgotten through another process while this one was stopped: a sweep removes it (the start runs one: keyword-snapshots.test.ts).
      const other = await memory.save(alice, { text: "금고 예비 열쇠는 엄마가 보관", source: "slack" });
      const current = await makeService(prefix, { snapshotsDir: dir });
      current.keywordIndexes.evict(alice.teamId, alice.userId);
      await current.memory.search(alice, "금고");
      await expect.poll(() => snapshotText(dir)).toContain("예비 열쇠");
      await memory.forget(alice, other.id);
      const snapshots = new KeywordSnapshots(dir, logger, { minMemories: 1 });
      expect(await snapshots.sweep((owner) => store.version(owner))).toBe(1);
      expect(await snapshotFiles(dir)).toEqual([]);
    });
  });

  it("calls onMemoriesChanged after every store write: save, forget, delete-all", async () => {
    const changed: Owner[] = [];
    const service = await makeService(prefix, { onMemoriesChanged: (o) => changed.push(o) });
    const saved = await service.memory.save(alice, { text: "치과 예약 금요일", source: "slack" });
    expect(changed).toEqual([{ teamId: "T1", userId: "U_ALICE" }]);
    await service.memory.saveMany(bob, [{ text: "bob 1", source: "import" }]);
    expect(changed.at(-1)).toEqual({ teamId: "T1", userId: "U_BOB" });
    expect((await service.memory.forget(alice, saved.id)).deleted).toHaveLength(1);
    expect(changed).toHaveLength(3);
    expect(changed.at(-1)).toEqual({ teamId: "T1", userId: "U_ALICE" });
    await service.memory.deleteAll(bob);
    expect(changed).toHaveLength(4);
    expect(changed.at(-1)).toEqual({ teamId: "T1", userId: "U_BOB" });
    // A write that failed is not announced.
    const broken = await makeService(prefix, { onMemoriesChanged: (o) => changed.push(o) });
    vi.spyOn(broken.store, "upsert").mockRejectedValueOnce(new AppError("store_failed", "down"));
    await expect(broken.memory.save(alice, { text: "안 됨", source: "slack" })).rejects.toThrow();
    expect(changed).toHaveLength(4);
  });

  it("does not cache a build an invalidation arrived during (it read the store before the change)", async () => {
    await memory.save(alice, { text: "세탁소 맡긴 코트 찾는 날 화요일", source: "slack" });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let read!: () => void;
    const readDone = new Promise<void>((r) => (read = r));
    const replica = await makeService(prefix, {
      wrap: withList(async (store, owner, options) => {
        const rows = await store.list(owner, options);
        read();
        await gate; // the page is read; the change lands before the build ends
        return rows;
      }),
    });
    const inFlight = replica.memory.search(alice, "세탁소 코트");
    await readDone;
    const later = await memory.save(alice, { text: "세탁소 코트 찾는 날 목요일로 바뀜", source: "slack" });
    replica.search.invalidateKeywordIndex(alice); // the change feed's message
    release();
    // Answered from the old snapshot (BM25 does not have the new one; the vector half may), safely…
    const before = await inFlight;
    expect(before.find((r) => r.id === later.id)?.ranks.keyword).toBeUndefined();
    expect(replica.search.keywordIndexStats().users).toBe(0); // …but not cached
    const after = await replica.memory.search(alice, "세탁소 코트");
    expect(after.find((r) => r.id === later.id)?.ranks.keyword).toBeDefined();
    expect(replica.search.keywordIndexStats()).toMatchObject({ users: 1, builds: 2 });
  });

  it("pages through a long list with an opaque cursor", async () => {
    await memory.saveMany(
      alice,
      Array.from({ length: 7 }, (_, i) => ({ text: `메모 ${i}번`, source: "import" as const })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await memory.list(alice, { limit: 3, cursor });
      seen.push(...page.items.map((m) => m.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(7);
  });

  it("lists what was saved while the store was down, each once across pages, within what the scope may see", async () => {
    let down = false;
    const journal = new MemoryJournal(await mkdtemp(path.join(os.tmpdir(), "list-journal-")));
    const { memory, store } = await makeService(`${prefix}j`, { journal, wrap: failingWrites(() => down) });
    await memory.start();
    const stored = await memory.saveMany(
      alice,
      [1, 2].map((i) => ({ text: `저장된 메모 ${i}번`, source: "import" as const })),
    );
    down = true;
    // One save of five (one journal line), one more in a DM, and another user's: none reaches the store.
    const batch = await memory.saveMany(
      alice,
      Array.from({ length: 5 }, (_, i) => ({ text: `못 넣은 메모 ${i}번`, source: "import" as const })),
    );
    const inDm = await memory.save(alice, {
      text: "DM에서 한 말",
      source: "slack",
      channelId: "D1",
      channelType: "im",
    });
    await memory.save(bob, { text: "밥의 메모", source: "import" });
    expect([...batch, inDm].every((m) => !m.stored)).toBe(true);
    expect(await store.count(alice)).toBe(2);

    const everyId = [...stored, ...batch, inDm].map((m) => m.id).sort();
    for (const limit of [1, 2, 3, 6, 8, 50]) {
      const ids = (await listAll(memory, alice, limit)).map((m) => m.id);
      expect(ids.sort(), `limit ${limit}`).toEqual(everyId);
    }
    // In a channel, the DM memory waiting for the store is not listed.
    const inChannel = { ...alice, channelId: "C_TEAM", channelType: "channel" as const };
    expect((await listAll(memory, inChannel, 2)).map((m) => m.id)).not.toContain(inDm.id);
    // A deleted one leaves the listing at once while the store is still down: one it never had, and
    // one it still has (its delete waits in the journal).
    await memory.delete(alice, batch[0]!.id);
    await memory.delete(alice, stored[0]!.id);
    expect(await store.get(alice, stored[0]!.id)).toBeDefined();
    const gone = [batch[0]!.id, stored[0]!.id];
    for (const limit of [1, 2, 50]) {
      const ids = (await listAll(memory, alice, limit)).map((m) => m.id);
      expect(ids.sort(), `limit ${limit}`).toEqual(everyId.filter((id) => !gone.includes(id)));
    }
    expect(await memory.get(alice, stored[0]!.id)).toBeUndefined();

    down = false;
    // Filed once the journal holds nothing (a memory filed between two pages may be listed twice).
    await expect.poll(() => memory.pendingOperations, { timeout: 10_000 }).toBe(0);
    expect(await store.count(alice)).toBe(6);
    const filed = (await listAll(memory, alice, 3)).map((m) => m.id).sort();
    expect(filed).toEqual(everyId.filter((id) => !gone.includes(id)));
    await memory.stop();
  });

  it("lists a memory saved twice while the store was down once, as last saved (a replayed turn)", async () => {
    let down = false;
    const journal = new MemoryJournal(await mkdtemp(path.join(os.tmpdir(), "list-journal-")));
    const { memory } = await makeService(`${prefix}r`, { journal, wrap: failingWrites(() => down) });
    await memory.start();
    down = true;
    await memory.save(alice, { id: "mem_again", text: "사물함 번호 40번", source: "import" });
    await memory.save(alice, { text: "다른 메모", source: "import" });
    await memory.save(alice, { id: "mem_again", text: "사물함 번호 41번", source: "import" });
    for (const limit of [1, 2, 50]) {
      const listed = await listAll(memory, alice, limit);
      expect(
        listed.filter((m) => m.id === "mem_again").map((m) => m.text),
        `limit ${limit}`,
      ).toEqual(["사물함 번호 41번"]);
      expect(listed, `limit ${limit}`).toHaveLength(2);
    }
    down = false;
    await expect.poll(() => memory.pendingOperations, { timeout: 10_000 }).toBe(0);
    expect((await memory.get(alice, "mem_again"))!.text).toBe("사물함 번호 41번");
    await memory.stop();
  });

  it("refuses a cursor among the memories not stored yet that it did not make", async () => {
    const bad = [
      Buffer.from(JSON.stringify({ w: 1 })).toString("base64url"),
      Buffer.from(JSON.stringify({ o: 0, w: 1, n: 0 })).toString("base64url"),
      Buffer.from(JSON.stringify({ w: -1, n: 0 })).toString("base64url"),
      Buffer.from("null").toString("base64url"),
      "%%%",
    ];
    for (const cursor of bad) {
      await expect(memory.list(alice, { limit: 3, cursor }), cursor).rejects.toSatisfy((e) =>
        isAppError(e, "bad_request"),
      );
    }
  });

  it("ends with nextCursor null when the last page is exactly full", async () => {
    await memory.saveMany(
      alice,
      Array.from({ length: 6 }, (_, i) => ({ text: `메모 ${i}번`, source: "import" as const })),
    );
    const first = await memory.list(alice, { limit: 3 });
    expect(first.items).toHaveLength(3);
    const second = await memory.list(alice, { limit: 3, cursor: first.nextCursor! });
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
  });

  it("rejects empty and over-long text, and a bad k", async () => {
    await expect(memory.save(alice, { text: "   ", source: "admin" })).rejects.toSatisfy((e) =>
      isAppError(e, "bad_request"),
    );
    await expect(memory.save(alice, { text: "가".repeat(4001), source: "admin" })).rejects.toSatisfy((e) =>
      isAppError(e, "bad_request"),
    );
    await expect(memory.search(alice, "x", { k: 0 })).rejects.toSatisfy((e) => isAppError(e, "bad_request"));
    await expect(memory.list(alice, { limit: 5, cursor: "not-a-cursor" })).rejects.toSatisfy((e) =>
      isAppError(e, "bad_request"),
    );
  });

  it("deletes all of one user's memories and nobody else's", async () => {
    await memory.save(alice, { text: "alice 1", source: "slack" });
    await memory.save(alice, { text: "alice 2", source: "slack" });
    await memory.save(bob, { text: "bob 1", source: "slack" });
    expect(await memory.deleteAll(alice)).toEqual({ memories: 2 });
    expect((await memory.list(alice, { limit: 10 })).items).toEqual([]);
    expect((await memory.list(bob, { limit: 10 })).items.map((m) => m.text)).toEqual(["bob 1"]);
  });

  describe("isolation", () => {
    it("never returns another user's memory, even with the same entity names", async () => {
      const aliceDog = await memory.save(alice, { text: "또리 생일 8월 9일이야. 말티즈", source: "slack" });
      const bobDog = await memory.save(bob, { text: "또리 생일은 3월 14일. 푸들", source: "slack" });
      for (const query of ["또리 생일 언제야?", "또리", "3월 14일", "푸들"]) {
        const aliceIds = (await memory.search(alice, query, { k: 10 })).map((r) => r.id);
        const bobIds = (await memory.search(bob, query, { k: 10 })).map((r) => r.id);
        expect(aliceIds).not.toContain(bobDog.id);
        expect(bobIds).not.toContain(aliceDog.id);
      }
      expect(await memory.get(alice, bobDog.id)).toBeUndefined();
      expect(await memory.delete(alice, bobDog.id)).toBe(false);
      expect(await memory.get(bob, bobDog.id)).toBeDefined();
    });

    it("keeps teams apart for the same user id", async () => {
      const other: MemoryScope = { teamId: "T2", userId: "U_ALICE" };
      const saved = await memory.save(other, {
        text: "다른 워크스페이스의 비밀 프로젝트 Orion",
        source: "slack",
      });
      expect((await memory.search(alice, "Orion")).map((r) => r.id)).not.toContain(saved.id);
    });

    it("recalls in a channel only what was said there or shared, never a DM", async () => {
      const inDm = await memory.save(alice, {
        text: "연봉 협상 결과 6200만원",
        source: "slack",
        channelId: "D1",
        channelType: "im",
      });
      const inChannel = await memory.save(alice, {
        text: "연봉 테이블 공유 회의는 금요일",
        source: "slack",
        channelId: "C_TEAM",
        channelType: "channel",
      });
      const elsewhere = await memory.save(alice, {
        text: "연봉 이야기 다른 채널",
        source: "slack",
        channelId: "C_OTHER",
        channelType: "channel",
      });
      const shared = await memory.save(alice, {
        text: "연봉 공지 공유용",
        source: "admin",
        extra: { shared: true },
      });

      const inTeamChannel = { ...alice, channelId: "C_TEAM", channelType: "channel" as const };
      const ids = (await memory.search(inTeamChannel, "연봉", { k: 10 })).map((r) => r.id);
      expect(ids).toContain(inChannel.id);
      expect(ids).toContain(shared.id);
      expect(ids).not.toContain(inDm.id);
      expect(ids).not.toContain(elsewhere.id);

      const inDmScope = { ...alice, channelId: "D1", channelType: "im" as const };
      const dmIds = (await memory.search(inDmScope, "연봉", { k: 10 })).map((r) => r.id);
      expect(dmIds).toEqual(expect.arrayContaining([inDm.id, inChannel.id, elsewhere.id, shared.id]));
    });

    it("lists in a conversation only what may be shown there, paging past the hidden rows", async () => {
      const said = (text: string, channelId: string, channelType: "im" | "channel" | "mpim") => ({
        text,
        source: "slack" as const,
        channelId,
        channelType,
      });
      // Interleaved, so every page of the store holds rows the channel may not see.
      await memory.saveMany(alice, [
        said("DM 메모 하나", "D1", "im"),
        said("팀 채널 메모 하나", "C_TEAM", "channel"),
        said("DM 메모 둘", "D1", "im"),
        said("그룹 DM 메모", "G_FRIENDS", "mpim"),
        said("팀 채널 메모 둘", "C_TEAM", "channel"),
        said("DM 메모 셋", "D1", "im"),
        said("다른 채널 메모", "C_OTHER", "channel"),
        said("팀 채널 메모 셋", "C_TEAM", "channel"),
        said("DM 메모 넷", "D1", "im"),
      ]);
      const listAll = async (scope: MemoryScope) => {
        const texts: string[] = [];
        let cursor: string | undefined;
        for (;;) {
          const page = await memory.list(scope, { limit: 2, cursor });
          expect(page.items.length).toBeLessThanOrEqual(2);
          texts.push(...page.items.map((m) => m.text));
          if (!page.nextCursor) break;
          expect(page.items).toHaveLength(2);
          cursor = page.nextCursor;
        }
        return texts.sort();
      };
      expect(await listAll({ ...alice, channelId: "C_TEAM", channelType: "channel" })).toEqual(
        ["팀 채널 메모 하나", "팀 채널 메모 둘", "팀 채널 메모 셋"].sort(),
      );
      expect(await listAll({ ...alice, channelId: "G_FRIENDS", channelType: "mpim" })).toEqual([
        "그룹 DM 메모",
      ]);
      // The group DM's memory is searched there, not in a public channel; a DM sees everything.
      const inTeam = { ...alice, channelId: "C_TEAM", channelType: "channel" as const };
      const inGroup = { ...alice, channelId: "G_FRIENDS", channelType: "mpim" as const };
      expect((await memory.search(inTeam, "그룹 DM 메모", { k: 10 })).map((r) => r.text)).not.toContain(
        "그룹 DM 메모",
      );
      expect((await memory.search(inGroup, "그룹 DM 메모", { k: 10 })).map((r) => r.text)).toContain(
        "그룹 DM 메모",
      );
      expect(await listAll({ ...alice, channelId: "D1", channelType: "im" })).toHaveLength(9);
      expect(await listAll(alice)).toHaveLength(9);
    });

    it("moves a memory saved again under the same id from a channel to a DM", async () => {
      const inTeam = { ...alice, channelId: "C_TEAM", channelType: "channel" as const };
      await memory.save(inTeam, { id: "moved", text: "분기 목표 초안 링크", source: "import" });
      expect((await memory.search(inTeam, "분기 목표 초안")).map((r) => r.id)).toContain("moved");

      await memory.save(alice, {
        id: "moved",
        text: "분기 목표 초안 링크 (개인 메모)",
        source: "import",
        channelId: "D1",
        channelType: "im",
      });
      expect((await memory.search(inTeam, "분기 목표 초안")).map((r) => r.id)).not.toContain("moved");
      expect(await memory.get(alice, "moved")).toMatchObject({ channelType: "im" });
      expect(await rowCount(store)).toBe(1);
    });

    it("lets DMs into channels only when configured", async () => {
      const open = await makeService(`${prefix}_open`, { allowDmInChannels: true });
      const inDm = await open.memory.save(alice, {
        text: "비밀 메모 DM",
        source: "slack",
        channelId: "D1",
        channelType: "im",
      });
      const ids = (
        await open.memory.search({ ...alice, channelId: "C_TEAM", channelType: "channel" }, "비밀 메모")
      ).map((r) => r.id);
      expect(ids).toContain(inDm.id);
    });
  });

  it("recalls a reply beside the message it answers in a captured conversation, within what the scope may see", async () => {
    const t0 = Date.parse("2026-03-02T09:00:00Z");
    const dm = { ...alice, channelId: "D_ALICE", channelType: "im" as const };
    const question = await memory.save(dm, {
      text: "Jonah: what's your longest run so far?",
      source: "autosave",
      timestamp: t0,
    });
    const answer = await memory.save(dm, {
      text: "Maya: like 6 miles, and I had to walk the last hill",
      source: "autosave",
      timestamp: t0 + 60_000,
    });
    const results = await memory.search(dm, "How long was Maya's longest run?");
    expect(results.map((r) => r.id).slice(0, 2)).toEqual([question.id, answer.id]);
    expect(results[1]).toMatchObject({ contextOf: question.id, relevant: true });
    expect((await memory.recall(dm, "How long was Maya's longest run?")).map((r) => r.id)).toContain(
      answer.id,
    );

    // A DM memory shared with channels, and the private one said right after it in the same DM: a
    // channel recall finds the shared one and never brings its private neighbour along.
    const shared = await memory.save(dm, {
      text: "Maya: the Riverside Half is on April 12",
      source: "autosave",
      timestamp: t0 + 120_000,
      extra: { shared: true },
    });
    const secret = await memory.save(dm, {
      text: "Maya: don't tell anyone, my knee still hurts",
      source: "autosave",
      timestamp: t0 + 150_000,
    });
    const channel = { ...alice, channelId: "C_RUN", channelType: "channel" as const };
    const inChannel = (await memory.search(channel, "When is the Riverside Half?")).map((r) => r.id);
    expect(inChannel).toContain(shared.id);
    expect(inChannel).not.toContain(secret.id);
    expect(inChannel).not.toContain(answer.id);
    // In the DM itself the same neighbour is context.
    expect((await memory.search(dm, "When is the Riverside Half?")).map((r) => r.id)).toContain(secret.id);

    // Facts a user asked to be remembered one after the other are not each other's context.
    const dentist = await memory.save(dm, {
      text: "기억해줘: 다음주 화요일 오후 3시에 치과 예약",
      source: "slack",
      timestamp: t0 + 600_000,
    });
    const birthday = await memory.save(dm, {
      text: "기억해줘: 또리 생일은 10월 27일",
      source: "slack",
      timestamp: t0 + 660_000,
    });
    const forDentist = await memory.search(dm, "치과 언제 가야 돼?");
    expect(forDentist[0]?.id).toBe(dentist.id);
    expect(forDentist.filter((r) => r.contextOf)).toEqual([]);
    expect((await memory.recall(dm, "치과 언제 가야 돼?")).map((r) => r.id)).not.toContain(birthday.id);

    // A correction said right after a memory takes its place, whatever either's source; a private one
    // never reaches a channel, where the memory it corrects is still found.
    const race = await memory.save(dm, {
      text: "Maya: the Lakeside 10K is on May 3",
      source: "slack",
      timestamp: t0 + 900_000,
      extra: { shared: true },
    });
    const fix = await memory.save(dm, {
      text: "Maya: sorry, not May 3, May 10",
      source: "autosave",
      timestamp: t0 + 960_000,
    });
    const inDm = await memory.search(dm, "When is the Lakeside 10K?");
    expect(inDm.slice(0, 2).map((r) => r.id)).toEqual([fix.id, race.id]);
    expect(inDm[0]).toMatchObject({ relevant: true });
    expect((await memory.recall(dm, "When is the Lakeside 10K?"))[0]).toMatchObject({
      id: fix.id,
      supersedes: race.id,
    });
    const raceInChannel = (await memory.search(channel, "When is the Lakeside 10K?")).map((r) => r.id);
    expect(raceInChannel).toContain(race.id);
    expect(raceInChannel).not.toContain(fix.id);

    // A forgotten reply is nobody's context any more.
    await memory.delete(dm, answer.id);
    expect((await memory.search(dm, "How long was Maya's longest run?")).map((r) => r.id)).not.toContain(
      answer.id,
    );
  });

  it("puts a later note that changes the answer's fact first, and never a DM one in a channel", async () => {
    const t0 = Date.parse("2026-04-01T09:00:00Z");
    const channel = { ...alice, channelId: "C_ALUMNI", channelType: "channel" as const };
    const dm = { ...alice, channelId: "D_ALICE", channelType: "im" as const };
    const booked = await memory.save(channel, {
      text: "동창회 저녁 6월 3일 솔숲식당 7시 예약",
      source: "slack",
      timestamp: t0,
    });
    const moved = await memory.save(dm, {
      text: "솔숲식당 8시로 늦춤, 다들 퇴근이 늦어서",
      source: "slack",
      timestamp: t0 + 5 * 86_400_000,
    });
    // The change shares no word with the question; in the DM it is found and leads.
    const inDm = await memory.search(dm, "동창회 저녁 몇 시였지");
    expect(inDm.map((r) => r.id).slice(0, 2)).toEqual([moved.id, booked.id]);
    expect(inDm[0]).toMatchObject({ supersedes: booked.id, relevant: true });
    // In the channel the DM note is never shown, by this path or any other.
    const inChannel = (await memory.search(channel, "동창회 저녁 몇 시였지")).map((r) => r.id);
    expect(inChannel[0]).toBe(booked.id);
    expect(inChannel).not.toContain(moved.id);
  });

  it("ranks the newer of two memories of the same fact first", async () => {
    const old = await memory.save(alice, {
      text: "하준이 어린이집 담임은 김선영 선생님",
      source: "slack",
      timestamp: Date.parse("2026-02-01"),
    });
    const newer = await memory.save(alice, {
      text: "하준이 어린이집 담임 선생님 바뀜: 이지현 선생님",
      source: "slack",
      timestamp: Date.parse("2026-03-01"),
    });
    const ids = (await memory.search(alice, "하준이 어린이집 담임 선생님 누구야")).map((r) => r.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(old.id));
  });

  it("puts a saved memory's facts in the graph and takes them out when it is deleted", async () => {
    const [birthday, again, shop] = await memory.saveMany(alice, [
      { text: "또리 생일은 10월 27일이야", source: "import" },
      { text: "또리 생일 10월 27일", source: "import" },
      { text: "결혼정장 업체명: 슈트패브릭, 전화번호: 0507-1370-9606", source: "import" },
    ]);
    await graph.drain();
    expect(await graph.facts({ ...alice, text: "또리 생일" })).toEqual(["또리: 생일 = 10월 27일"]);

    // Said in two memories: the fact stays until the last one is gone.
    expect(await memory.delete(alice, birthday!.id)).toBe(true);
    expect(await graph.facts({ ...alice, text: "또리 생일" })).toEqual(["또리: 생일 = 10월 27일"]);
    expect(await memory.delete(alice, again!.id)).toBe(true);
    expect(await graph.facts({ ...alice, text: "또리 생일" })).toEqual([]);
    expect((await graph.snapshot(alice)).nodes.map((n) => n.name)).not.toContain("또리");
    expect(await graph.facts({ ...alice, text: "슈트패브릭 전화번호" })).toEqual([
      "슈트패브릭: 전화번호 = 0507-1370-9606",
    ]);

    await memory.deleteAll(alice);
    expect((await graph.snapshot(alice)).nodes).toEqual([]);
    expect(shop).toBeDefined();
  });

  it("stores a long text as chunks linked to their source, and forgets them all with their facts", async () => {
    const chunker = createChunker({
      ...defaultMemoryConfig().memory.chunker,
      max_tokens: 64,
      overlap_tokens: 8,
    });
    const chunked = await makeService(`${prefix}c`, { chunker });
    const lines = Array.from(
      { length: 12 },
      (_, i) => `회의록 ${i + 1}번째 항목입니다. 담당자 민서가 ${i + 1}월까지 자료를 정리하기로 했습니다.`,
    );
    const text = ["청소기 업체명: 반짝클린, 전화번호: 02-555-0199", ...lines].join("\n");
    const saved = await chunked.memory.saveMany(alice, [{ text, source: "admin" }]);
    expect(saved.length).toBeGreaterThan(2);
    const parent = saved[0]!.extra?.parent_id;
    expect(parent).toMatch(/^doc_/);
    saved.forEach((m, i) => {
      expect(m.extra).toMatchObject({ parent_id: parent, chunk_index: i, chunk_count: saved.length });
      expect(m.id).toBe(`${String(parent)}#${i}`);
    });
    await chunked.graph.drain();
    expect(await chunked.graph.facts({ ...alice, text: "반짝클린 전화번호" })).toEqual([
      "반짝클린: 전화번호 = 02-555-0199",
    ]);

    // Forgetting any chunk forgets the whole document and the facts it gave.
    expect(await chunked.memory.delete(alice, saved.at(-1)!.id)).toBe(true);
    for (const m of saved) expect(await chunked.memory.get(alice, m.id)).toBeUndefined();
    expect((await chunked.memory.search(alice, "반짝클린 회의록")).length).toBe(0);
    expect(await chunked.graph.facts({ ...alice, text: "반짝클린 전화번호" })).toEqual([]);
  });
});

describe("page cursors on every backend", () => {
  const cursorOf = (offset: unknown) => Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
  const indexOptions = (): VectorIndexOptions => ({
    embedder: new OfflineEmbedder(),
    embedBatchSize: 64,
    metric: "cosine",
    efSearch: 64,
    namespace: `cur_${randomBytes(4).toString("hex")}`,
    timeoutMs: 5_000,
  });
  const backends: Array<[string, () => Promise<VectorIndex>]> = [
    ["memory", () => InMemoryVectorIndex.open(indexOptions())],
    [
      "sqlite-vec",
      async () =>
        SqliteVecVectorIndex.open({
          ...indexOptions(),
          path: path.join(await mkdtemp(path.join(os.tmpdir(), "cursor-")), "vectors.sqlite"),
        }),
    ],
    [
      "pgvector",
      () => PgvectorVectorIndex.open({ ...indexOptions(), databaseUrl: inject("databaseUrl"), poolSize: 2 }),
    ],
    [
      "chroma",
      () =>
        ChromaVectorIndex.create({
          chromaUrl: inject("chromaUrl"),
          embedder: new OfflineEmbedder(),
          collectionPrefix: `cur_${randomBytes(4).toString("hex")}`,
        }),
    ],
  ];

  it.each(backends)(
    "%s: a cursor past any real offset is a bad_request, the largest one an empty page",
    async (_name, open) => {
      const store = await open();
      try {
        const { search: service, lifecycle } = openMemory({
          store,
          logger,
          search: { visibility: new VisibilityRule(false) },
        });
        await lifecycle.saveMany(alice, [
          { text: "첫 번째 메모", source: "import" },
          { text: "두 번째 메모", source: "import" },
        ]);
        for (const offset of [1e300, 2 ** 63, MAX_CURSOR_OFFSET + 1, -1, 1.5, "3"]) {
          await expect(
            service.list(alice, { limit: 5, cursor: cursorOf(offset) }),
            String(offset),
          ).rejects.toSatisfy((e) => isAppError(e, "bad_request"));
        }
        const last = await service.list(alice, { limit: 5, cursor: cursorOf(MAX_CURSOR_OFFSET) });
        expect(last).toEqual({ items: [], nextCursor: null });
      } finally {
        await store.close();
      }
    },
  );
});
