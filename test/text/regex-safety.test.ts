/**
 * Every regular expression in src/ is run past the ReDoS analyser (src/text/regex-safety.ts), so a
 * pattern that can backtrack exponentially cannot land: the forget-choice parser once froze the process
 * on a 35-character reply. Patterns the analyser finds polynomial or cannot finish are listed, not
 * failed (see the report of issue 20: rewriting them is left to do).
 */
import { describe, expect, it } from "vitest";
import { checkRegexLinear } from "../../src/text/regex-safety.js";
import { allSrcRegexes, regexLiterals } from "../support/src-regexes.js";

/** Per pattern: long enough for the exact answer on a quiet machine, short enough for the suite. */
const PER_PATTERN_MS = 3_000;

describe("regular expressions in src/", () => {
  it("finds literals and patterns built at load, with their places", async () => {
    const found = await allSrcRegexes();
    const where = found.map((r) => r.where);
    expect(where).toContain("src/agent/intents.ts (built at load)");
    expect(where.some((w) => w.startsWith("src/agent/intents.ts:"))).toBe(true);
    expect(where.some((w) => w.includes("node_modules"))).toBe(false);
    const literal = regexLiterals("src/x.ts", "const A = /^(a+)+$/u; const b = 1 / 2 / 3;");
    expect(literal).toEqual([{ source: "^(a+)+$", flags: "u", where: "src/x.ts:1" }]);
  }, 300_000);

  it("none can backtrack exponentially", async () => {
    const exponential: string[] = [];
    const other: string[] = [];
    for (const r of await allSrcRegexes()) {
      const verdict = checkRegexLinear(r.source, r.flags, PER_PATTERN_MS);
      if (verdict.linear) continue;
      (verdict.exponential ? exponential : other).push(
        `${r.where} /${r.source}/${r.flags}: ${verdict.reason}`,
      );
    }
    if (other.length > 0) console.warn(`not shown linear:\n${other.join("\n")}`);
    expect(exponential).toEqual([]);
  }, 1_800_000);

  it("the check refuses a vulnerable pattern", () => {
    expect(checkRegexLinear(String.raw`^(\w+\s?)+$`, "u")).toMatchObject({
      linear: false,
      exponential: true,
    });
    expect(checkRegexLinear(String.raw`^\d{1,2}(?:\s*,\s*\d{1,2})*$`, "u")).toEqual({ linear: true });
  });
});
