// LlamaIndex's `@llamaindex/env/tokenizers` calls `getEncoding("cl100k_base")` when it is imported,
// and every LlamaIndex module reaches it (through `Settings`): parsing the vocabulary cost about
// 40 MiB of heap and 60 MiB resident in every process that imports LlamaIndex, used or not
// (bench:recall and bench:scale; docs/benchmarks.md, "LlamaIndex's encoder on first use"). The assistant counts tokens with its own
// counter (src/text/token-counter.ts). This package is installed as `js-tiktoken` (the root
// package.json's "overrides"; the real package is the root's `js-tiktoken-real` alias): `getEncoding`
// returns an encoder that builds the real one on its first `encode` or `decode`. Same tokens; the cost
// moves to first use, and a process that never encodes through LlamaIndex never pays it.
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
