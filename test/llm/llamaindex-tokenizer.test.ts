/**
 * LlamaIndex builds a cl100k_base encoder when any of its modules is imported; the package.json
 * "overrides" put vendor/lazy-js-tiktoken in js-tiktoken's place so that happens on first use instead
 * (docs/benchmarks.md, issue 25's resident memory). These tests hold the stand-in to what it replaces:
 * the same tokens as the real js-tiktoken, and it is what LlamaIndex actually loads.
 */
import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Tiktoken } from "js-tiktoken-real/lite";
import cl100kBase from "js-tiktoken-real/ranks/cl100k_base";
import { tokenizers } from "@llamaindex/env/tokenizers";
import { describe, expect, it } from "vitest";

const REPO = path.resolve(import.meta.dirname, "../..");

describe("LlamaIndex's tokenizer through the lazy js-tiktoken", () => {
  it("is the stand-in where @llamaindex/env imports js-tiktoken", () => {
    const fromEnv = createRequire(require.resolve("@llamaindex/env/tokenizers", { paths: [REPO] }));
    const resolved = realpathSync(fromEnv.resolve("js-tiktoken/package.json"));
    expect(resolved).toBe(path.join(REPO, "vendor/lazy-js-tiktoken/package.json"));
  });

  it("encodes and decodes as js-tiktoken's cl100k_base does", () => {
    const real = new Tiktoken(cl100kBase);
    // What LlamaIndex's Settings.tokenizer defaults to.
    const tokenizer = tokenizers.tokenizer();
    const texts = [
      "",
      "hello world",
      "내 사물함 번호는 112번이야",
      "mixed 한국어 and English, 🙂 emoji",
      "a".repeat(300),
    ];
    for (const text of texts) {
      const tokens = Array.from(tokenizer.encode(text));
      expect(tokens, text).toEqual(real.encode(text));
      expect(tokenizer.decode(Uint32Array.from(tokens)), text).toBe(text);
    }
  });
});
