import { z } from "zod";
import { parseJsonLines } from "../util/jsonl.js";
import type { Llm } from "../core/llm.js";
import { dmConversation } from "../history/conversation.js";
import { HistoryService } from "../history/history-service.js";
import { InMemoryHistoryStore } from "../stores/in-memory-history-store.js";
import { renderContext } from "../history/render-context.js";
import type { Logger } from "../logging/logger.js";

/** One row of kmem-dev `conversations.jsonl`. */
export const evalConversationSchema = z.object({
  conv_id: z.string(),
  user_id: z.string(),
  turns: z.array(z.string()).min(1),
  probe: z.string(),
  expect_any: z.array(z.string()).min(1),
  ref_turn: z.number().int().min(1),
});

export type EvalConversation = z.infer<typeof evalConversationSchema>;

/** The assistant side of every fed turn: a short fixed ack, so only the user lines carry facts. */
export const EVAL_ACK = "네, 알겠어요.";

/** Simulated gap between turns (ms), so timestamps look like a chat. */
const TURN_GAP_MS = 60_000;
const REPLY_DELAY_MS = 2_000;
const EVAL_START = Date.UTC(2026, 0, 5, 9, 0, 0);

/** Parses JSONL text; throws AppError `bad_request` naming the line and field of the first bad row. */
export function parseConversationsJsonl(text: string): EvalConversation[] {
  return parseJsonLines(text, evalConversationSchema, "conversations");
}

/** Collapses runs of whitespace to one space, for matching. */
export function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The outcome of one conversation. */
export interface ConversationEvalCase {
  convId: string;
  passed: boolean;
  /** The `expect_any` string found, if any. */
  matched?: string;
  turns: number;
  /** Turns folded into the summary. */
  summarised: number;
  /** Aged turns shown verbatim because they were not summarised. */
  olderVerbatim: number;
  omittedTurns: number;
  tokens: number;
}

export interface ConversationEvalResult {
  passed: number;
  total: number;
  rate: number;
  cases: ConversationEvalCase[];
}

/**
 * Feeds each conversation's turns (with {@link EVAL_ACK} replies) into a fresh HistoryService, lets each
 * background summary finish, renders the context the next reply (to `probe`) would see, and passes the
 * conversation when any `expect_any` string appears in it (whitespace normalised).
 */
export async function evaluateConversations(options: {
  conversations: EvalConversation[];
  llm?: Llm | undefined;
  tokenBudget?: number | undefined;
  logger: Logger;
}): Promise<ConversationEvalResult> {
  const cases: ConversationEvalCase[] = [];
  for (const row of options.conversations) {
    const service = new HistoryService({
      store: new InMemoryHistoryStore(),
      llm: options.llm,
      logger: options.logger,
      tokenBudget: options.tokenBudget,
      retry: { maxRetries: 0 }, // retries happen on the next append; no timers left behind
    });
    const conversation = dmConversation({
      teamId: "T-EVAL",
      userId: row.user_id,
      channelId: `D-${row.conv_id}`,
    });
    for (const [index, user] of row.turns.entries()) {
      const userAt = EVAL_START + index * TURN_GAP_MS;
      await service.append(conversation, {
        user,
        assistant: EVAL_ACK,
        userAt,
        assistantAt: userAt + REPLY_DELAY_MS,
        eventId: `${row.conv_id}-${index + 1}`,
      });
      await service.flush(); // a user types slower than the model summarises
    }
    const context = await service.context(conversation);
    await service.stop();
    const text = normaliseWhitespace(renderContext(context));
    const matched = row.expect_any.find((expected) => text.includes(normaliseWhitespace(expected)));
    const summarised =
      row.turns.length - context.olderTurns.length - context.recent.length - context.omittedTurns;
    cases.push({
      convId: row.conv_id,
      passed: matched !== undefined,
      ...(matched !== undefined ? { matched } : {}),
      turns: row.turns.length,
      summarised,
      olderVerbatim: context.olderTurns.length,
      omittedTurns: context.omittedTurns,
      tokens: context.tokens,
    });
  }
  const passed = cases.filter((c) => c.passed).length;
  const total = cases.length;
  return { passed, total, rate: total === 0 ? 0 : passed / total, cases };
}
