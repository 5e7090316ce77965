/**
 * Whether a regular expression runs in linear time in V8's backtracking engine, decided by the ReDoS
 * analyser `recheck` (https://makenowjust-labs.github.io/recheck/). Used for the patterns an operator
 * writes (`memory.filter.exclude_patterns`, refused at load when not linear) and by the test that
 * checks every pattern in src/.
 *
 * recheck runs here in its pure-JavaScript build, in this process (no native binary, no Java), with the
 * automaton checker, which decides the question exactly for the patterns it supports. Look-around is
 * outside it; such a pattern falls back to recheck's fuzzer with a fixed seed, so the answer is the
 * same on every run.
 */
import { checkSync, type Diagnostics, type Parameters } from "recheck";

// recheck reads its backend from this variable on each call; "pure" runs it here, synchronously.
process.env.RECHECK_SYNC_BACKEND ??= "pure";

/** How long one pattern may take to analyse before it counts as not shown linear. */
const ANALYSIS_TIMEOUT_MS = 10_000;
const FUZZ_SEED = 20;

export type RegexVerdict =
  | { linear: true }
  /** `reason`: "exponential backtracking", "2nd degree polynomial backtracking", "… could not be checked". */
  | { linear: false; reason: string; exponential: boolean; attack?: string };

/**
 * The verdict on `source` with `flags` (as given to `new RegExp`). Synchronous and CPU-bound (up to a
 * few hundred milliseconds for a pattern with Unicode classes): for start-up checks and tests, never
 * for a message.
 */
export function checkRegexLinear(
  source: string,
  flags: string,
  timeoutMs = ANALYSIS_TIMEOUT_MS,
): RegexVerdict {
  let result = analyse(source, flags, { checker: "automaton", timeout: timeoutMs });
  // Look-around is outside the automaton checker, and a large Unicode case-insensitive alternation
  // can outgrow it: both go to the fuzzer, as recheck's own hybrid checker does.
  if (
    result.status === "unknown" &&
    (result.error.kind === "unsupported" || result.error.kind === "timeout")
  ) {
    result = analyse(source, flags, { checker: "fuzz", randomSeed: FUZZ_SEED, timeout: timeoutMs });
  }
  switch (result.status) {
    case "safe":
      return { linear: true };
    case "vulnerable":
      return {
        linear: false,
        reason: `${result.complexity.summary.replace(/ \(fuzz\)$/, "")} backtracking`,
        exponential: result.complexity.type === "exponential",
        attack: result.attack.pattern,
      };
    default: {
      const why = "message" in result.error ? `: ${result.error.message}` : "";
      return {
        linear: false,
        reason: `could not be checked (${result.error.kind}${why})`,
        exponential: false,
      };
    }
  }
}

function analyse(source: string, flags: string, params: Parameters): Diagnostics {
  return checkSync(source, flags, params);
}
