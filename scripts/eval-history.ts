import { fileURLToPath } from "node:url";
/**
 * Conversation-memory eval on kmem-dev `conversations.jsonl`: does the fact of an early turn survive into
 * the context of a later question once the history is compressed (last 3 turns verbatim, the rest
 * summarised)?
 *
 *   npx tsx scripts/eval-history.ts [--file path/to/conversations.jsonl] [--token-budget 1500]
 *
 * Two runs: `faithful` summarises with ExtractiveSummaryLlm (a model-free summariser behind the Llm port
 * that keeps the facts it is given); `failing` with a summariser that always fails, so only the
 * verbatim fallback of unsummarised turns can carry the fact, within the token budget. Prints a table and,
 * as the last line, `{"faithful":{passed,total,rate},"failing":{...},"tokenBudget":n}`.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { AppError } from "../src/errors.js";
import {
  evaluateConversations,
  parseConversationsJsonl,
  type ConversationEvalResult,
} from "../src/history/conversation-eval.js";
import { ExtractiveSummaryLlm } from "../src/history/extractive-summary-llm.js";
import { DEFAULT_HISTORY_TOKEN_BUDGET } from "../src/history/policy.js";
import type { HistoryLogger } from "../src/history/types.js";
import type { ChatResponse, Llm } from "../src/llm/llm.js";

const DEFAULT_FILE = fileURLToPath(
  new URL("../../shared/eval/kmem-dev/conversations.jsonl", import.meta.url),
);

/** A summariser that is always down. */
class UnavailableLlm implements Llm {
  readonly model = "unavailable";
  async chat(): Promise<ChatResponse> {
    throw new AppError("llm_unavailable", "summariser is down (eval)");
  }
}

/** Counts warnings (expected in the failing run) instead of printing them. */
function countingLogger(): HistoryLogger & { warnings: number } {
  const logger = {
    warnings: 0,
    info: () => undefined,
    debug: () => undefined,
    warn: () => {
      logger.warnings += 1;
    },
    error: (obj: object, msg?: string) => console.error(msg, obj),
  };
  return logger;
}

function row(cells: Array<string | number>, widths: number[]): string {
  return cells.map((cell, i) => String(cell).padEnd(widths[i] ?? 8)).join(" ");
}

function printTable(runs: Record<string, ConversationEvalResult>): void {
  const widths = [6, 9, 6, 6, 11, 6, 8, 7, 10];
  console.log(
    row(["conv", "run", "turns", "pass", "summarised", "older", "omitted", "tokens", "matched"], widths),
  );
  for (const [name, result] of Object.entries(runs)) {
    for (const c of result.cases) {
      const cells = [c.convId, name, c.turns, c.passed ? "yes" : "NO", c.summarised, c.olderVerbatim];
      console.log(row([...cells, c.omittedTurns, c.tokens, c.matched ?? "-"], widths));
    }
  }
  for (const [name, result] of Object.entries(runs)) {
    console.log(`${name}: ${result.passed}/${result.total} (${(result.rate * 100).toFixed(1)}%)`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { file: { type: "string" }, "token-budget": { type: "string" } },
  });
  const file = values.file ?? DEFAULT_FILE;
  const tokenBudget = values["token-budget"] ? Number(values["token-budget"]) : DEFAULT_HISTORY_TOKEN_BUDGET;
  if (!Number.isInteger(tokenBudget) || tokenBudget <= 0) {
    throw new AppError("bad_request", "--token-budget accepts a positive integer");
  }
  const conversations = parseConversationsJsonl(await readFile(file, "utf8"));
  const faithfulLogger = countingLogger();
  const failingLogger = countingLogger();
  const faithful = await evaluateConversations({
    conversations,
    llm: new ExtractiveSummaryLlm(),
    tokenBudget,
    logger: faithfulLogger,
  });
  const failing = await evaluateConversations({
    conversations,
    llm: new UnavailableLlm(),
    tokenBudget,
    logger: failingLogger,
  });
  console.log(`file: ${file}  token budget: ${tokenBudget}`);
  printTable({ faithful, failing });
  console.log(
    `summary failures logged: faithful ${faithfulLogger.warnings}, failing ${failingLogger.warnings}`,
  );
  const pick = (r: ConversationEvalResult) => ({ passed: r.passed, total: r.total, rate: r.rate });
  console.log(JSON.stringify({ faithful: pick(faithful), failing: pick(failing), tokenBudget }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
