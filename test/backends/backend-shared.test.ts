import { describe, expect, it } from "vitest";
import { AppError } from "../../src/core/errors.js";
import type { Embedder } from "../../src/core/embedder.js";
import type { Memory } from "../../src/core/types.js";
import {
  embedMemories,
  embedQueryText,
  pageBounds,
  scanPageSize,
  searchBounds,
  storeFailure,
} from "../../src/backends/common/port-contract.js";
import { quoteIdentifier, quoteLiteral, sha256Hex } from "../../src/backends/common/sql-names.js";

const memory = (id: string, text: string): Memory => ({
  id,
  text,
  userId: "U1",
  teamId: "T1",
  timestamp: 0,
  channelId: "D1",
  channelType: "im",
  source: "slack",
});

/** An embedder giving [length, batch number] per text, or one vector too few when `short`. */
function embedder(short = false): Embedder & { batches: string[][] } {
  const batches: string[][] = [];
  return {
    id: "test-embedder",
    dimension: 2,
    batches,
    embed: async (texts: string[]) => {
      batches.push(texts);
      const vectors = texts.map((t) => [t.length, batches.length]);
      return short ? vectors.slice(1) : vectors;
    },
  } as Embedder & { batches: string[][] };
}

describe("the vector backends' shared contract helpers", () => {
  it("searchBounds: a whole topK (capped), the similarity floor, and nothing for topK < 1 or no visibility", () => {
    expect(searchBounds({ topK: 10 })).toEqual({ topK: 10, minSimilarity: -Infinity });
    expect(searchBounds({ topK: 7.9, minSimilarity: 0.3 })).toEqual({ topK: 7, minSimilarity: 0.3 });
    expect(searchBounds({ topK: 10_000 }, 4096)?.topK).toBe(4096);
    expect(searchBounds({ topK: 0 })).toBeUndefined();
    expect(searchBounds({ topK: 0.5 })).toBeUndefined();
    expect(searchBounds({ topK: Number.NaN })).toBeUndefined();
    expect(searchBounds({ topK: 5, visibilities: [] })).toBeUndefined();
    expect(searchBounds({ topK: 5, visibilities: ["shared"] })?.topK).toBe(5);
  });

  it("pageBounds and scanPageSize: whole numbers, no negative offset, an empty page for limit < 1", () => {
    expect(pageBounds({ limit: 10, offset: 20 })).toEqual({ limit: 10, offset: 20 });
    expect(pageBounds({ limit: 2.5, offset: -3 })).toEqual({ limit: 2, offset: 0 });
    expect(pageBounds({ limit: 0, offset: 0 })).toBeUndefined();
    expect(pageBounds({ limit: -1, offset: 0 })).toBeUndefined();
    expect(scanPageSize(1000)).toBe(1000);
    expect(scanPageSize(2.7)).toBe(2);
    expect(scanPageSize(0)).toBe(1);
  });

  it("embedMemories embeds in batches, one vector per text, and an embedder answering fewer is embed_failed", async () => {
    const e = embedder();
    const memories = ["a", "bb", "ccc"].map((t, i) => memory(`m${i}`, t));
    expect(await embedMemories(e, memories, 2)).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
    ]);
    expect(e.batches).toEqual([["a", "bb"], ["ccc"]]);
    expect(await embedQueryText(e, "dddd")).toEqual([4, 3]);
    await expect(embedMemories(embedder(true), memories, 8)).rejects.toMatchObject({ code: "embed_failed" });
  });

  it("storeFailure passes an AppError and makes anything else store_failed naming the store and the step", () => {
    const own = new AppError("bad_request", "no");
    expect(storeFailure("sqlite-vec", "get", own)).toBe(own);
    const cause = new Error("disk I/O error");
    const failure = storeFailure("sqlite-vec", "get", cause);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure.code).toBe("store_failed");
    expect(failure.message).toBe("sqlite-vec get failed: disk I/O error");
    expect(failure.cause).toBe(cause);
  });

  it("quotes SQL identifiers and literals, and hashes names", () => {
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
    expect(quoteLiteral("it's")).toBe("'it''s'");
    expect(sha256Hex("all", 12)).toMatch(/^[0-9a-f]{12}$/);
    expect(sha256Hex("all", 12)).toBe(sha256Hex("all", 64).slice(0, 12));
  });
});
