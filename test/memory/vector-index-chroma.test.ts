import { randomBytes } from "node:crypto";
import { ChromaClient } from "chromadb";
import { describe, expect, inject, it } from "vitest";
import { ChromaMemoryStore } from "../../src/memory/chroma-memory-store.js";
import { describeVectorIndexContract, TableEmbedder } from "./vector-index-contract.js";

describeVectorIndexContract({
  name: "chroma",
  persistent: true,
  hnsw: true,
  open: (options) => ChromaMemoryStore.create({ ...options, chromaUrl: inject("chromaUrl") }),
});

describe("ChromaMemoryStore ef_search", () => {
  it("creates collections with ef_search and changes it on collections made with another value", async () => {
    const chromaUrl = inject("chromaUrl");
    const url = new URL(chromaUrl);
    const client = new ChromaClient({ host: url.hostname, port: Number(url.port) });
    const namespace = `ef_${randomBytes(5).toString("hex")}`;
    const owner = { teamId: "T1", userId: "U1" };
    const open = (efSearch: number) =>
      ChromaMemoryStore.create({
        chromaUrl,
        embedder: new TableEmbedder(),
        namespace,
        metric: "cosine",
        efSearch,
      });
    const efOf = async (store: ChromaMemoryStore) => {
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

describe("ChromaMemoryStore memories version", () => {
  it("changes after every write by any store on the server, never on reads; none without collections", async () => {
    const options = {
      chromaUrl: inject("chromaUrl"),
      embedder: new TableEmbedder(),
      namespace: `ver_${randomBytes(5).toString("hex")}`,
      metric: "cosine" as const,
    };
    const one = await ChromaMemoryStore.create(options);
    const other = await ChromaMemoryStore.create(options); // another process
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
