import { readFileSync } from "node:fs";
import { Tiktoken } from "js-tiktoken-real/lite";
import cl100kBase from "js-tiktoken-real/ranks/cl100k_base";
import { beforeAll, describe, expect, it } from "vitest";
import { cl100kTokenCounter, preloadTokenizer } from "../../src/text/token-counter.js";

/** js-tiktoken itself: the reference the counter must agree with, token for token. */
const reference = new Tiktoken(cl100kBase);
const referenceCount = (text: string) => reference.encode(text, [], []).length;
const referenceTruncate = (text: string, max: number) =>
  reference.decode(reference.encode(text, [], []).slice(0, max)).replace(/\uFFFD+$/u, "");

/** The kmem-dev memories and kfilter-dev messages: real Korean/English text of this project. */
function devSetTexts(): string[] {
  const texts: string[] = [];
  for (const file of ["eval/kmem-dev/memories.jsonl", "eval/kfilter-dev/messages.jsonl"]) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const row = JSON.parse(line) as { text?: unknown };
      if (typeof row.text === "string") texts.push(row.text);
    }
  }
  return texts;
}

const EDGE_CASES = [
  "",
  " ",
  "a",
  "<|endoftext|> and <|fim_prefix|>",
  "I'll've done it, they're sure; it's 3,300,000원!!",
  "줄\r\n바꿈\n\n\n   들여쓰기\t탭  \u3000전각 공백  ",
  "이모지 👍🏽 와 결합 문자 한글 자모 한",
  "lone surrogate \ud800 here",
  "https://example.com/path?q=광화문&x=1 010-1234-5678 KE1227",
  "   leading and trailing spaces   ",
  "=".repeat(300),
  " ".repeat(300) + "x",
  "\n".repeat(50),
  "'s".repeat(40),
];

/** Seeded xorshift, so a failure reproduces. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** Random strings over an alphabet that exercises every branch of the pre-tokenizer. */
function randomTexts(count: number, seed: number): string[] {
  const alphabet = [..."abcdeABCDE가나다라마바사아자하의는을 \n\t'.,!?-_0123456789😀é"];
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const length = Math.floor(next() * 200);
    return Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
  });
}

/** Text without a space: Hangul syllables spread over the block, or ASCII letters. */
const hangulRun = (n: number) =>
  Array.from({ length: n }, (_, i) => String.fromCharCode(0xac00 + ((i * 7919) % 11172))).join("");
const asciiRun = (n: number) =>
  Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i * 31) % 26))).join("");

function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

describe("cl100kTokenCounter", () => {
  beforeAll(() => preloadTokenizer());

  it("counts exactly as js-tiktoken on the dev sets, edge cases and random text", () => {
    const texts = [...devSetTexts(), ...EDGE_CASES, ...randomTexts(300, 20_261_201)];
    expect(texts.length).toBeGreaterThan(800);
    for (const text of texts)
      expect(cl100kTokenCounter.count(text), JSON.stringify(text)).toBe(referenceCount(text));
  });

  it("counts runs without spaces exactly as js-tiktoken (where js-tiktoken is still fast enough to ask)", () => {
    for (const text of [
      hangulRun(600),
      asciiRun(1_500),
      "안녕하세요반갑습니다".repeat(60),
      "=-".repeat(400),
    ]) {
      expect(cl100kTokenCounter.count(text)).toBe(referenceCount(text));
    }
  });

  it("truncates exactly as decoding js-tiktoken's first tokens, with no broken character", () => {
    const texts = [...devSetTexts().slice(0, 120), ...EDGE_CASES.filter((t) => !t.includes("\ud800"))];
    for (const text of texts) {
      const total = referenceCount(text);
      for (const max of [1, 2, 3, Math.floor(total / 2), total - 1, total, total + 5]) {
        const cut = cl100kTokenCounter.truncate(text, max);
        expect(cut, `${JSON.stringify(text)} @ ${max}`).toBe(referenceTruncate(text, max));
        expect(cut).not.toMatch(/\uFFFD$/u);
        expect(cl100kTokenCounter.count(cut)).toBeLessThanOrEqual(Math.max(0, max));
      }
    }
    expect(cl100kTokenCounter.truncate("광화문 무궁화", 0)).toBe("");
  });

  it("counts and truncates 20,000 characters without spaces in well under 200 ms", () => {
    for (const text of [hangulRun(20_000), asciiRun(20_000), "가".repeat(20_000), " ".repeat(20_000)]) {
      const counted = timed(() => cl100kTokenCounter.count(text));
      const cut = timed(() => cl100kTokenCounter.truncate(text, 1_000));
      expect(counted.value).toBeGreaterThan(0);
      expect(cl100kTokenCounter.count(cut.value)).toBeLessThanOrEqual(1_000);
      expect(counted.ms).toBeLessThan(200);
      expect(cut.ms).toBeLessThan(200);
    }
  });
});
