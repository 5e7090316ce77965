import { fileURLToPath } from "node:url";
/**
 * Conversation-memory eval on kmem-dev `conversations.jsonl`: does the fact of an early turn survive into
 * the context of a later question once the history is compressed (last 3 turns verbatim, the rest
 * summarised)?
 *
 *   npx tsx tools/scripts/eval-history.ts [--file path/to/conversations.jsonl] [--token-budget 1500]
 *
 * The summaries come from the fake Ollama HTTP server (fixtures/fake-ollama.ts) through the real
 * Ollama adapter (OllamaLlm), in two runs: `faithful`, where the fake's summary keeps the facts it is
 * given (ExtractiveSummaryLlm's extractive summary), and `failing`, where every summary request gets a
 * 500, so only the verbatim fallback of unsummarised turns can carry the fact, within the token budget. Prints a table and,
 * as the last line, `{"faithful":{passed,total,rate},"failing":{...},"tokenBudget":n}`.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { AppError } from "../../src/core/errors.js";
import {
  evaluateConversations,
  parseConversationsJsonl,
  type ConversationEvalResult,
} from "../../src/eval/conversation-eval.js";
import { ExtractiveSummaryLlm } from "../../src/eval/extractive-summary-llm.js";
import { DEFAULT_HISTORY_TOKEN_BUDGET } from "../../src/history/policy.js";
import type { Logger } from "../../src/logging/logger.js";
import type { ChatMessage } from "../../src/core/llm.js";
import { OllamaLlm } from "../../src/llm/ollama-llm.js";
import { startFakeOllama } from "../../fixtures/fake-ollama.js";

const FAKE_MODEL = "fake-summariser";

const DEFAULT_FILE = fileURLToPath(new URL("../../eval/kmem-dev/conversations.jsonl", import.meta.url));

/** Counts warnings (expected in the failing run) instead of printing them. */
function countingLogger(): Logger & { warnings: number } {
  const logger = {
    warnings: 0,
    level: "info",
    child: () => logger,
    info: () => undefined,
    debug: () => undefined,
    warn: () => {
      logger.warnings += 1;
    },
    error: (obj: object | string, msg?: string) => console.error(msg, obj),
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
  const fake = await startFakeOllama({ models: [FAKE_MODEL] });
  const llm = new OllamaLlm({ host: fake.url, model: FAKE_MODEL, timeoutMs: 10_000 });
  const extractive = new ExtractiveSummaryLlm();
  let faithful: ConversationEvalResult;
  let failing: ConversationEvalResult;
  try {
    fake.onChat(async (req) => (await extractive.chat({ messages: req.messages as ChatMessage[] })).content);
    faithful = await evaluateConversations({ conversations, llm, tokenBudget, logger: faithfulLogger });
    fake.onChat(() => {
      throw new Error("summariser is down (eval)");
    });
    failing = await evaluateConversations({ conversations, llm, tokenBudget, logger: failingLogger });
  } finally {
    await fake.close();
  }
  const summaryRequests = fake.chatRequests().length;
  console.log(`file: ${file}  token budget: ${tokenBudget}`);
  printTable({ faithful, failing });
  console.log(
    `summary requests to the fake Ollama: ${summaryRequests}; failures logged: faithful ${faithfulLogger.warnings}, failing ${failingLogger.warnings}`,
  );
  const pick = (r: ConversationEvalResult) => ({ passed: r.passed, total: r.total, rate: r.rate });
  console.log(JSON.stringify({ faithful: pick(faithful), failing: pick(failing), tokenBudget }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
