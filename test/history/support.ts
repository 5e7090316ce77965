import { AppError } from "../../src/core/errors.js";
import { dmConversation } from "../../src/history/conversation.js";
import { parseSummaryPrompt, type ParsedSummaryPrompt } from "../../src/history/summary-prompt.js";
import type { Conversation, HistoryTurn } from "../../src/core/history-types.js";
import type { ChatRequest, ChatResponse, Llm } from "../../src/core/llm.js";

/** What a scripted summariser does on its n-th call (0-based): reply with text, or throw. */
export type SummaryScript = (prompt: ParsedSummaryPrompt, call: number) => string | Promise<string>;

/** Replies `S<n>[prev|user lines]`: easy to assert and faithful (keeps every user line). */
export const markerSummary: SummaryScript = (prompt, call) =>
  `S${call + 1}[${[prompt.previousSummary, ...prompt.turns.map((t) => t.user)].filter(Boolean).join(" | ")}]`;

/** An in-process Llm that answers summary requests by script and records every request. */
export class ScriptedLlm implements Llm {
  readonly model = "scripted";
  readonly requests: ChatRequest[] = [];
  readonly prompts: ParsedSummaryPrompt[] = [];

  constructor(private readonly script: SummaryScript = markerSummary) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const call = this.requests.length;
    this.requests.push(request);
    const prompt = parseSummaryPrompt(request.messages);
    if (!prompt) throw new AppError("llm_bad_output", "not a summary request");
    this.prompts.push(prompt);
    return { content: await this.script(prompt, call), toolCalls: [] };
  }
}

/** A script that fails its first `failures` calls with `llm_unavailable`, then summarises. */
export function failingFirst(failures: number, then: SummaryScript = markerSummary): SummaryScript {
  return (prompt, call) => {
    if (call < failures) throw new AppError("llm_unavailable", "model down");
    return then(prompt, call);
  };
}

export { type LogEntry, recordingLogger } from "../support/recording-logger.js";

const T0 = Date.UTC(2026, 2, 1, 9, 0, 0);

/** Turn n (1-based) with recognisable text; override any field. */
export function makeTurn(n: number, overrides: Partial<HistoryTurn> = {}): HistoryTurn {
  return {
    user: `사용자 메시지 ${n}`,
    assistant: `비서 답변 ${n}`,
    userAt: T0 + n * 60_000,
    assistantAt: T0 + n * 60_000 + 1_000,
    eventId: `Ev${n}`,
    ...overrides,
  };
}

/** A DM conversation; override team, user or channel. */
export function makeDm(
  overrides: { teamId?: string; userId?: string; channelId?: string } = {},
): Conversation {
  return dmConversation({ teamId: "T1", userId: "U1", channelId: "D1", ...overrides });
}

/** A promise with its resolve exposed, to hold a scripted model mid-call. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
