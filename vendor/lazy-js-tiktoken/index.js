// LlamaIndex's `@llamaindex/env/tokenizers` calls `getEncoding("cl100k_base")` when it is imported,
// and every LlamaIndex module reaches it (through `Settings`): parsing the vocabulary costs about
// 30 MiB of heap and 90 MiB resident in every process that imports LlamaIndex, used or not. The
// assistant counts tokens with its own counter (src/text/token-counter.ts), so LlamaIndex's encoder
// is rarely used. This package stands in for js-tiktoken inside `@llamaindex/env` only (the root
// package.json's "overrides"): `getEncoding` returns an encoder that builds the real one, from the
// real js-tiktoken (the root's own dependency, which this file resolves from its real path), on its
// first `encode` or `decode`. Same results; the cost moves to first use.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The real encoder: cl100k_base from its own rank file (not every encoding's), others by name. */
function realEncoding(name, extendSpecialTokens) {
  if (name === "cl100k_base") {
    const { Tiktoken } = require("js-tiktoken-real/lite");
    return new Tiktoken(require("js-tiktoken-real/ranks/cl100k_base"), extendSpecialTokens);
  }
  return require("js-tiktoken-real").getEncoding(name, extendSpecialTokens);
}

export function getEncoding(name, extendSpecialTokens) {
  let encoding;
  const real = () => (encoding ??= realEncoding(name, extendSpecialTokens));
  return {
    encode: (...args) => real().encode(...args),
    decode: (...args) => real().decode(...args),
  };
}
