/**
 * Diagnostic: what redaction costs per log line. Writes 10,000 lines (the app's usual shapes: a reply
 * line, a line of a per-event child logger, a history line) and 10,000 error lines (an AppError with
 * details) to a stream that drops them, with three loggers at info: pino with no redaction, pino with
 * the wildcard `redact` paths this project used before (top level and one level down), and
 * `createLogger` (the depth-first walk of src/logging/redact.ts).
 *
 *   npx tsx tools/bench/log-redaction.ts [--rounds 7]
 *
 * Prints a table (median ms over the rounds); the last line is one JSON object.
 */
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { AppError } from "../../src/core/errors.js";
import { createLogger, type Logger } from "../../src/logging/logger.js";
import { describeMachine, machineInfo, printRunEnd } from "./lib/machine.js";
import { elapsedMs, medianRunMs, round } from "./lib/stats.js";
import { fixed, markdownTable } from "./lib/table.js";

const LINES = 10_000;

/** The redact paths of src/logging/logger.ts before the walk (commit 9c64ec5). */
const PREVIOUS_PATHS = [
  "token",
  "*.token",
  "botToken",
  "appToken",
  "signingSecret",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "req.headers.authorization",
  ...["text", "*.text", "reply", "*.reply", "query", "*.query", "prompt", "*.prompt"],
];

const nowhere = (): Writable =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

const LOGGERS: Record<string, () => Logger> = {
  "pino, no redaction": () => pino({ level: "info" }, nowhere()),
  "pino redact paths (before)": () =>
    pino({ level: "info", redact: { paths: PREVIOUS_PATHS, censor: "[redacted]" } }, nowhere()),
  "createLogger (now)": () => createLogger({ level: "info", destination: nowhere(), pretty: false }),
};

/** The usual lines of a turn. */
function usualLine(logger: Logger, i: number): void {
  switch (i % 3) {
    case 0:
      logger.info({ mode: "llm", eventId: `Ev${i}` }, "replied");
      break;
    case 1:
      logger.child({ teamId: "T1", channel: "D1", eventId: `Ev${i}` }).info({ mode: "llm" }, "replied");
      break;
    default:
      logger.info(
        { conversationId: "dm:T1:U1:D1", folded: 3, coversTurns: 9, committed: true, ms: i },
        "history summarised",
      );
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: "string", default: "7" } } });
  const rounds = Number(values.rounds);
  const machine = machineInfo();
  const runStarted = performance.now();
  console.log(`\nLog redaction cost — ${describeMachine(machine)}\n`);
  // Errors are made once: their stack traces would otherwise dominate the timing.
  const errors = Array.from(
    { length: 100 },
    (_, i) => new AppError("llm_bad_output", "the reply is not JSON", { details: { reply: `reply ${i}` } }),
  );
  const results: Array<{ logger: string; usualMs: number; errorMs: number }> = [];
  for (const [name, make] of Object.entries(LOGGERS)) {
    const logger = make();
    for (let i = 0; i < 2_000; i++) usualLine(logger, i); // warm up
    const usualMs = medianRunMs(rounds, () => {
      for (let i = 0; i < LINES; i++) usualLine(logger, i);
    });
    const errorMs = medianRunMs(rounds, () => {
      for (let i = 0; i < LINES; i++)
        logger.warn({ err: errors[i % errors.length], memoryId: `m${i}` }, "failed");
    });
    results.push({ logger: name, usualMs: round(usualMs), errorMs: round(errorMs) });
  }
  console.log(
    markdownTable(
      ["logger", `${LINES} usual lines, ms`, `${LINES} error lines, ms`],
      results.map((r) => [r.logger, fixed(r.usualMs), fixed(r.errorMs)]),
    ),
  );
  const loadAtEnd = printRunEnd(elapsedMs(runStarted));
  console.log(
    JSON.stringify({ benchmark: "log-redaction", machine, rounds, lines: LINES, results, loadAtEnd }),
  );
}

await main();
