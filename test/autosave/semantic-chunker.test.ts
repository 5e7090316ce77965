import { describe, expect, it } from "vitest";
import { isAppError } from "../../src/core/errors.js";
import { cl100kTokenCounter } from "../../src/text/token-counter.js";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { createChunker, type ChunkerConfig } from "../../src/memory/chunking/chunker.js";
import {
  atWordBoundary,
  chunkerConfig,
  DB_MIGRATION,
  DOG_VISIT,
  expectWellFormed,
  koreanSentence,
  mixedText,
} from "./texts.js";

/** An embedder that records its calls around another. */
function recording(inner: { embed(texts: string[]): Promise<number[][]> }) {
  const calls: string[][] = [];
  return {
    calls,
    embed: async (texts: string[]) => {
      calls.push(texts);
      return inner.embed(texts);
    },
  };
}

/**
 * A fake embedder for exact control: a sentence that names a topic (a key of `topics`) gets that
 * topic's unit vector; any other sentence the vector of "other".
 */
function topicEmbedder(topics: string[]) {
  const all = [...topics, "other"];
  return recording({
    embed: async (texts) =>
      texts.map((t) => {
        const topic = topics.find((name) => t.includes(name)) ?? "other";
        return all.map((name) => (name === topic ? 1 : 0));
      }),
  });
}

const semantic = (overrides: Partial<ChunkerConfig> = {}) =>
  chunkerConfig({ strategy: "semantic", max_tokens: 1024, ...overrides });

describe("createChunker, semantic strategy", () => {
  it("puts the boundary where a Korean text changes topic (offline embedder), in one embedding call", async () => {
    const text = [...DOG_VISIT, ...DB_MIGRATION].join(" ");
    const embedder = recording(new OfflineEmbedder());
    const chunks = await createChunker(semantic(), { embedder }).chunk(text);
    expect(chunks.map((c) => c.text)).toEqual([DOG_VISIT.join(" "), DB_MIGRATION.join(" ")]);
    expectWellFormed(text, chunks, 1024);
    expect(embedder.calls).toEqual([[...DOG_VISIT, ...DB_MIGRATION]]);
  });

  it("finds the same boundary across lines and paragraphs", async () => {
    const text = `${DOG_VISIT.join("\n")}\n${DB_MIGRATION.slice(0, 3).join(" ")}\n\n${DB_MIGRATION.slice(3).join(" ")}`;
    const chunks = await createChunker(semantic(), { embedder: new OfflineEmbedder() }).chunk(text);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]!.text).toBe(DOG_VISIT.join("\n"));
    expect(chunks[1]!.text.startsWith(DB_MIGRATION[0]!)).toBe(true);
  });

  it("merges a chunk under min_tokens into the more similar neighbour", async () => {
    const dog = DOG_VISIT.join(" ");
    const aside = "강아지 산책은 저녁에.";
    const db = DB_MIGRATION.join(" ");
    const text = `${dog} ${aside} ${db}`;
    const embedder = topicEmbedder(["또리", "산책", "마이그레이션"]);
    // Three topics, three chunks, when nothing is too small…
    const apart = await createChunker(semantic({ min_tokens: 0 }), { embedder }).chunk(text);
    expect(apart.map((c) => c.text)).toEqual([dog, aside, db]);
    // …and the aside (17 tokens) joins a neighbour under min_tokens = 64.
    expect(cl100kTokenCounter.count(aside)).toBe(17);
    const merged = await createChunker(semantic({ min_tokens: 64 }), { embedder }).chunk(text);
    expect(merged).toHaveLength(2);
    expect(merged.map((c) => c.text).join(" ")).toBe(text);
    expect(merged.some((c) => c.text.includes(aside) && c.text !== aside)).toBe(true);
  });

  it("merges a small chunk to the side it fits with within max_tokens", async () => {
    const dog = DOG_VISIT.join(" ");
    const aside = "강아지 산책은 저녁에.";
    const db = DB_MIGRATION.slice(0, 2).join(" ");
    const text = `${dog} ${aside} ${db}`;
    const count = cl100kTokenCounter.count;
    // Room for the aside beside the two database sentences, not beside the five dog sentences.
    const maxTokens = count(`${aside} ${db}`) + 10;
    expect(count(`${dog} ${aside}`)).toBeGreaterThan(maxTokens + 4);
    const embedder = topicEmbedder(["또리", "산책", "마이그레이션"]);
    const chunks = await createChunker(semantic({ min_tokens: 24, max_tokens: maxTokens }), {
      embedder,
    }).chunk(text);
    expect(chunks.at(-1)!.text).toBe(`${aside} ${db}`);
    expectWellFormed(text, chunks, maxTokens);
  });

  it("keeps every chunk within max_tokens, cutting one topic by the token rules at word boundaries", async () => {
    const text = Array.from({ length: 60 }, (_, i) => `또리 ${koreanSentence(i)}`).join(" ");
    const embedder = topicEmbedder(["또리"]);
    const chunks = await createChunker(semantic({ max_tokens: 100, min_tokens: 20 }), { embedder }).chunk(
      text,
    );
    expect(chunks.length).toBeGreaterThan(10);
    expectWellFormed(text, chunks, 100);
    for (const c of chunks) expect(atWordBoundary(text, c.start) && atWordBoundary(text, c.end)).toBe(true);
    // No overlap in the semantic strategy.
    for (let i = 1; i < chunks.length; i++)
      expect(chunks[i]!.start).toBeGreaterThanOrEqual(chunks[i - 1]!.end);
  });

  it("cuts a sentence longer than max_tokens before embedding it", async () => {
    const long = Array.from({ length: 50 }, (_, i) => koreanSentence(i).slice(0, -1)).join(", ");
    const text = `${DOG_VISIT.join(" ")} ${long}.`;
    const embedder = recording(new OfflineEmbedder());
    const chunks = await createChunker(semantic({ max_tokens: 128, min_tokens: 16 }), { embedder }).chunk(
      text,
    );
    expectWellFormed(text, chunks, 128);
    for (const sentence of embedder.calls[0]!)
      expect(cl100kTokenCounter.count(sentence)).toBeLessThanOrEqual(128);
  });

  it("falls back to the token strategy without an embedder", async () => {
    const text = mixedText(200);
    const config = semantic({ max_tokens: 128, overlap_tokens: 32 });
    const fallback = await createChunker(config).chunk(text);
    const token = await createChunker({ ...config, strategy: "token" }).chunk(text);
    expect(fallback).toEqual(token);
  });

  it("gives no chunks and makes no embedding call for an empty or all-space text", async () => {
    const embedder = recording(new OfflineEmbedder());
    for (const text of ["", "  \n\n "])
      expect(await createChunker(semantic(), { embedder }).chunk(text)).toEqual([]);
    expect(embedder.calls).toEqual([]);
  });

  it("gives one sentence as one chunk", async () => {
    const chunks = await createChunker(semantic(), { embedder: new OfflineEmbedder() }).chunk(
      ` ${DOG_VISIT[0]} `,
    );
    expect(chunks.map((c) => c.text)).toEqual([DOG_VISIT[0]]);
  });

  it("fails with embed_failed when the embedder returns a vector too few", async () => {
    const embedder = { embed: async (texts: string[]) => texts.slice(1).map(() => [1, 0]) };
    const err = await createChunker(semantic(), { embedder })
      .chunk(DOG_VISIT.join(" "))
      .catch((e: unknown) => e);
    expect(isAppError(err, "embed_failed")).toBe(true);
  });
});
