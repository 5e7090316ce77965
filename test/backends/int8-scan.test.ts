import { describe, expect, it } from "vitest";
import {
  coarseLimit,
  dotScanJs,
  Int8Rows,
  int8ScanIsFast,
  MIN_CANDIDATES,
} from "../../src/backends/int8-scan.js";
import { SIMILARITY_METRICS } from "../../src/core/vector-index.js";

/** Seeded vectors with norms from 0 to 2 (a zero vector among them), some components exactly zero. */
function vectors(n: number, dimension: number, seed: number): Float32Array[] {
  let state = seed;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: n }, (_, r) => {
    const v = new Float32Array(dimension);
    if (r === 3) return v;
    const scale = 2 * next();
    for (let i = 0; i < dimension; i++) v[i] = next() < 0.1 ? 0 : (next() * 2 - 1) * scale;
    return v;
  });
}

describe("int8 scan", () => {
  it("has the WebAssembly SIMD kernel on this Node", () => {
    expect(int8ScanIsFast()).toBe(true);
  });

  it("the JavaScript scan computes the exact integer dot products", () => {
    const dp = 32;
    const bytes = new Int8Array(dp + 3 * 4 + 3 * dp);
    for (let i = 0; i < dp; i++) bytes[i] = i % 2 === 0 ? 127 : -127;
    for (let r = 0; r < 3; r++)
      for (let i = 0; i < dp; i++) bytes[dp + 12 + r * dp + i] = (r - 1) * (i % 2 === 0 ? 127 : -127);
    dotScanJs(bytes, 0, dp + 12, 3, dp, dp);
    const out = new Int32Array(bytes.buffer, dp, 3);
    const full = dp * 127 * 127;
    expect([...out]).toEqual([-full, 0, full]);
  });

  // The kernel is bytes assembled by hand: it must give what the JavaScript scan gives, row for row,
  // for every metric, dimension (multiples of 16 and not) and visibility filter.
  for (const dimension of [16, 48, 100, 512]) {
    it(`the WebAssembly kernel ranks exactly as the JavaScript scan (dimension ${dimension})`, () => {
      const rows = vectors(700, dimension, dimension);
      const wasm = new Int8Rows(dimension);
      const js = new Int8Rows(dimension, { scan: "js", capacity: 10 });
      rows.forEach((v, i) => {
        const visibility = i % 3 === 0 ? "channel:C1" : "private";
        wasm.put(i * 2, visibility, v);
        js.put(i * 2, visibility, v);
      });
      // Removals move the last row into the hole, in both.
      for (const seq of [0, 10, 1398, 500]) {
        wasm.remove(seq);
        js.remove(seq);
      }
      expect(wasm.count).toBe(js.count);
      for (const [q, query] of vectors(12, dimension, 1000 + dimension).entries()) {
        for (const metric of SIMILARITY_METRICS) {
          const visibilities = q % 2 === 0 ? ["channel:C1"] : undefined;
          const a = wasm.top(metric, query, visibilities, 50);
          const b = js.top(metric, query, visibilities, 50);
          expect(a).toEqual(b);
          expect(a).toHaveLength(50);
        }
      }
    });
  }

  it("asks for max(topK × oversample, MIN_CANDIDATES) candidates, or none when that is half the rows", () => {
    expect(coarseLimit(10, 100_000)).toBe(MIN_CANDIDATES);
    expect(coarseLimit(20, 100_000)).toBe(160);
    expect(coarseLimit(20, 100_000, 2)).toBe(MIN_CANDIDATES);
    expect(coarseLimit(20, 300)).toBeUndefined();
  });
});
