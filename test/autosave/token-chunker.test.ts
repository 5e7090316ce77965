import { describe, expect, it } from "vitest";
import { cl100kTokenCounter, preloadTokenizer } from "../../src/text/token-counter.js";
import { createChunker, type Chunk } from "../../src/memory/chunking/chunker.js";
import {
  atWordBoundary,
  chunkerConfig,
  englishSentence,
  expectWellFormed,
  KOREAN_PREDICATES,
  koreanSentence,
  mixedText,
} from "./texts.js";

const count = (text: string) => cl100kTokenCounter.count(text);

/** Half of a surrogate pair without the other half: a cut inside a character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

async function chunkWith(text: string, maxTokens: number, overlapTokens: number): Promise<Chunk[]> {
  return createChunker(
    chunkerConfig({ strategy: "token", max_tokens: maxTokens, overlap_tokens: overlapTokens }),
  ).chunk(text);
}

describe("createChunker, token strategy", () => {
  it("gives no chunks for an empty or all-space text", async () => {
    for (const text of ["", " ", "\n\n\t  \n", "\u3000 "]) expect(await chunkWith(text, 512, 64)).toEqual([]);
  });

  it("gives a text of at most max_tokens as one chunk, trimmed", async () => {
    const body = mixedText(20);
    const text = `\n  ${body}\n\n`;
    const maxTokens = count(body);
    expect(await chunkWith(text, maxTokens, 64)).toEqual([
      { text: body, index: 0, tokens: maxTokens, start: 3, end: 3 + body.length },
    ]);
    expect((await chunkWith(text, maxTokens - 1, 0)).length).toBeGreaterThan(1);
  });

  it.each([
    [512, 64],
    [128, 32],
    [64, 16],
    [48, 0],
    [16, 8],
  ])("keeps chunks within %i real cl100k tokens with overlap %i", async (maxTokens, overlapTokens) => {
    const text = mixedText(400);
    const chunks = await chunkWith(text, maxTokens, overlapTokens);
    expect(chunks.length).toBeGreaterThan(Math.floor(count(text) / maxTokens));
    expectWellFormed(text, chunks, maxTokens);
  });

  it("starts and ends every chunk at a word boundary", async () => {
    const text = mixedText(300);
    for (const [maxTokens, overlapTokens] of [
      [512, 64],
      [100, 50],
      [40, 20],
      [17, 0],
    ] as const) {
      for (const chunk of await chunkWith(text, maxTokens, overlapTokens)) {
        expect(
          atWordBoundary(text, chunk.start),
          `start ${chunk.start} of ${JSON.stringify(chunk.text)}`,
        ).toBe(true);
        expect(atWordBoundary(text, chunk.end), `end ${chunk.end} of ${JSON.stringify(chunk.text)}`).toBe(
          true,
        );
      }
    }
  });

  it("repeats the last at most overlap_tokens tokens of the chunk before, from a word boundary", async () => {
    const text = mixedText(400);
    const overlapTokens = 32;
    const chunks = await chunkWith(text, 128, overlapTokens);
    const overlaps: number[] = [];
    for (let i = 1; i < chunks.length; i++) {
      const before = chunks[i - 1]!;
      const chunk = chunks[i]!;
      expect(chunk.start).toBeLessThan(before.end);
      const overlap = text.slice(chunk.start, before.end);
      expect(before.text.endsWith(overlap)).toBe(true);
      expect(atWordBoundary(text, chunk.start)).toBe(true);
      expect(count(overlap)).toBeLessThanOrEqual(overlapTokens);
      // As much as fits: one more word before it would be over the budget (approximate counts may
      // stop a word short).
      overlaps.push(count(overlap));
    }
    const mean = overlaps.reduce((a, b) => a + b, 0) / overlaps.length;
    expect(mean).toBeGreaterThan(overlapTokens * 0.6);
  });

  it("does not overlap with overlap_tokens = 0: the chunks partition the text", async () => {
    const text = mixedText(200);
    const chunks = await chunkWith(text, 64, 0);
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.start).toBeGreaterThanOrEqual(chunks[i - 1]!.end);
      expect(text.slice(chunks[i - 1]!.end, chunks[i]!.start).trim()).toBe("");
    }
  });

  it("ends chunks at Korean sentence ends (다. 요. 죠. 까? 니다. 음. 함.) rather than between words", async () => {
    const text = Array.from({ length: 300 }, (_, i) => koreanSentence(i)).join(" ");
    const endings = new Set<string>();
    // Sentences are 20–30 tokens: the last quarter of a chunk of 80 or more always holds an end.
    for (const maxTokens of [80, 96, 112, 128, 144, 160]) {
      const chunks = await chunkWith(text, maxTokens, 24);
      for (const chunk of chunks.slice(0, -1)) {
        const ending = KOREAN_PREDICATES.find((p) => chunk.text.endsWith(p));
        expect(ending, `chunk ends mid-sentence: …${chunk.text.slice(-20)}`).toBeDefined();
        endings.add(ending!);
      }
    }
    expect([...endings].sort()).toEqual([...KOREAN_PREDICATES].sort());
  });

  it("ends a chunk at a paragraph end in its last quarter before a later sentence end", async () => {
    const first = Array.from({ length: 5 }, (_, i) => koreanSentence(i)).join(" ");
    const second = Array.from({ length: 5 }, (_, i) => koreanSentence(i + 5)).join(" ");
    const text = `${first}\n\n${second}`;
    const maxTokens = Math.ceil(count(`${first} ${koreanSentence(5)}`) * 1.05);
    expect(count(first)).toBeGreaterThan(maxTokens * 0.75);
    const chunks = await chunkWith(text, maxTokens, 0);
    expect(chunks[0]!.text).toBe(first);
  });

  it("cuts only a run without spaces longer than max_tokens inside, at character boundaries", async () => {
    const hangulRun = Array.from({ length: 3000 }, (_, i) =>
      String.fromCharCode(0xac00 + ((i * 7919) % 11172)),
    ).join("");
    const emojiRun = "😀🐶🎉".repeat(400);
    const text = `${englishSentence(1)} ${hangulRun} ${koreanSentence(2)} ${emojiRun} ${englishSentence(3)}`;
    const chunks = await chunkWith(text, 64, 16);
    expectWellFormed(text, chunks, 64);
    const runs = [hangulRun, emojiRun].map((run) => ({
      start: text.indexOf(run),
      end: text.indexOf(run) + run.length,
    }));
    const insideRun = (offset: number) => runs.some((r) => offset > r.start && offset < r.end);
    for (const chunk of chunks) {
      for (const offset of [chunk.start, chunk.end]) {
        if (!insideRun(offset)) expect(atWordBoundary(text, offset)).toBe(true);
      }
      // A character boundary: no half of a surrogate pair at either end.
      expect(LONE_SURROGATE.test(chunk.text)).toBe(false);
    }
    // The parts of the chunks inside a run follow each other without overlap and rebuild it.
    for (const run of runs) {
      const parts = chunks
        .filter((c) => c.end > run.start && c.start < run.end)
        .map((c) => text.slice(Math.max(c.start, run.start), Math.min(c.end, run.end)));
      expect(parts.length).toBeGreaterThan(1);
      expect(parts.join("") === text.slice(run.start, run.end)).toBe(true);
    }
  });

  it("chunks 1 MB of Korean and English in well under a second (bound 3 s for a busy machine)", async () => {
    preloadTokenizer();
    const text = mixedText(40_000).slice(0, 1_000_000);
    expect(text.length).toBe(1_000_000);
    const started = performance.now();
    const chunks = await chunkWith(text, 512, 64);
    const ms = performance.now() - started;
    // Measured 180–260 ms on this project's machine (2 cores); see docs/benchmarks.md.
    expect(ms).toBeLessThan(3000);
    expect(chunks.length).toBeGreaterThan(500);
    expect(Math.max(...chunks.map((c) => c.tokens))).toBeLessThanOrEqual(512);
  });

  it("chunks a 1 MB run without spaces in linear time (bound 6 s)", async () => {
    const run = Array.from({ length: 1_000_000 }, (_, i) =>
      String.fromCharCode(0xac00 + ((i * 7919) % 11172)),
    ).join("");
    const started = performance.now();
    const chunks = await chunkWith(run, 512, 64);
    // Measured 0.6–0.9 s (the run is 2.6 million tokens); js-tiktoken alone would take hours.
    expect(performance.now() - started).toBeLessThan(6000);
    expect(chunks.map((c) => c.text).join("") === run).toBe(true);
    expect(Math.max(...chunks.map((c) => c.tokens))).toBeLessThanOrEqual(512);
  });
});
