/**
 * Every regular expression in src/ is run past the ReDoS analyser (src/text/regex-safety.ts), so a
 * pattern that can backtrack exponentially cannot land: the forget-choice parser once froze the process
 * on a 35-character reply. A polynomial verdict fails too, and so does a pattern the analyser cannot
 * finish, unless it is in ALLOWED with its reason.
 */
import { describe, expect, it } from "vitest";
import { checkRegexLinear } from "../../src/text/regex-safety.js";
import { allSrcRegexes, regexLiterals } from "../support/src-regexes.js";

/**
 * Patterns the analyser does not show linear, by `/source/flags`, each with why it may stay. A pattern
 * on user text belongs here only while its rewrite is pending (named so in the reason); the list only
 * shrinks.
 */
const ALLOWED = new Map<string, string>([
  ["/<!--[\\s\\S]*?-->\\n?/g", "Graphviz's SVG, whose comments Graphviz closes"],
  ["/address \\S+ is not available|address already in use/i", "Chroma's own error output, not user text"],
  ["/^[^a-zA-Z0-9]+|[^a-zA-Z0-9]+$/g", "config and model ids, not user text"],
]);

/**
 * Per pattern and per checker (the exact automaton, then the fuzzer): generous, because the analysis
 * is CPU-bound and the suite runs it beside other test files on a machine that may be busy; a verdict
 * that needs more than this is a failure, as is a pattern the analyser cannot finish.
 */
const PER_PATTERN_MS = 30_000;

/** Found once: the patterns built at load are only seen on the first import of each module. */
let found: ReturnType<typeof allSrcRegexes> | undefined;
const srcRegexes = () => (found ??= allSrcRegexes());

describe("regular expressions in src/", () => {
  it("finds literals and patterns built at load, with their places", async () => {
    const found = await srcRegexes();
    const where = found.map((r) => r.where);
    expect(where.some((w) => /^src\/agent\/intents\.ts:\d+ \(built at load\)$/u.test(w))).toBe(true);
    expect(where.some((w) => w.startsWith("src/agent/intents.ts:"))).toBe(true);
    expect(where.some((w) => w.includes("node_modules"))).toBe(false);
    const literal = regexLiterals("src/x.ts", "const A = /^(a+)+$/u; const b = 1 / 2 / 3;");
    expect(literal).toEqual([{ source: "^(a+)+$", flags: "u", where: "src/x.ts:1" }]);
  }, 300_000);

  it("every one is shown linear, or allowed below with its reason", async () => {
    const found = await srcRegexes();
    const notLinear: string[] = [];
    for (const r of found) {
      if (ALLOWED.has(`/${r.source}/${r.flags}`)) continue;
      const verdict = checkRegexLinear(r.source, r.flags, PER_PATTERN_MS);
      if (!verdict.linear) notLinear.push(`${r.where} /${r.source}/${r.flags}: ${verdict.reason}`);
    }
    expect(notLinear).toEqual([]);
    const present = new Set(found.map((r) => `/${r.source}/${r.flags}`));
    expect([...ALLOWED.keys()].filter((key) => !present.has(key))).toEqual([]);
  }, 2_400_000);

  it("the check refuses a vulnerable pattern", () => {
    expect(checkRegexLinear(String.raw`^(\w+\s?)+$`, "u")).toMatchObject({
      linear: false,
      exponential: true,
    });
    expect(checkRegexLinear(String.raw`^\d{1,2}(?:\s*,\s*\d{1,2})*$`, "u")).toEqual({ linear: true });
  });
});
