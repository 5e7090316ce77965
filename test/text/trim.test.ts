import { describe, expect, it } from "vitest";
import { splitAtFirst, splitAtFirstWith } from "../../src/text/trim.js";

describe("splitAtFirstWith", () => {
  const restAt = (text: string) => (i: number) =>
    text.startsWith(" at ", i) ? text.slice(i + 4) : undefined;

  it("returns the shortest non-empty head after which the rest is read", () => {
    const text = "lunch at noon at the deli";
    expect(splitAtFirstWith(text, restAt(text))).toEqual({ head: "lunch", match: "noon at the deli" });
  });

  it("never returns an empty head, and none for a text with a line break", () => {
    const text = " at noon";
    expect(splitAtFirstWith(text, restAt(text))).toBeUndefined();
    const broken = "lunch at\nnoon";
    expect(splitAtFirstWith(broken, restAt(broken))).toBeUndefined();
  });

  it("does not split inside a surrogate pair", () => {
    const seen: number[] = [];
    splitAtFirstWith("a😀b", (i) => void seen.push(i));
    expect(seen).toEqual([1, 3]);
  });

  it("reads as splitAtFirst does for a sticky pattern", () => {
    const rest = / is (.+)$/uy;
    const text = "the kettle is on";
    expect(splitAtFirst(text, rest)?.head).toBe("the kettle");
    expect(
      splitAtFirstWith(text, (i) => {
        rest.lastIndex = i;
        return rest.exec(text)?.[1];
      }),
    ).toEqual({ head: "the kettle", match: "on" });
  });

  it("answers fast on 50k characters of a repeated near-match", () => {
    const text = " a".repeat(25_000);
    const started = performance.now();
    expect(splitAtFirstWith(text, restAt(text))).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
