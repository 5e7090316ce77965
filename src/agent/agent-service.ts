import type { Logger } from "pino";
import { AppError, isAppError, toAppError } from "../errors.js";
import type { ChatMessage, Llm } from "../llm/llm.js";
import type { MemoryScope, Turn } from "../types.js";
import { detectLanguage } from "../text/language.js";
import { failureReply } from "./messages.js";
import type { GraphPort, HistoryPort, MemoryPort, RecalledMemory } from "./ports.js";
import { buildMessages, recallOnlyReply, rememberedReply } from "./prompt.js";
import { parseRememberRequest } from "./remember-intent.js";
import { runTool, TOOL_SPECS } from "./tools.js";
import type { Reply, TurnHandler } from "./turn-handler.js";

/** Model ↔ tool round trips in one turn before the model must answer without tools. */
export const MAX_TOOL_ROUNDS = 3;

export interface AgentServiceOptions {
  /** Undefined when no model is reachable (local mode): answers come from memory alone. */
  llm?: Llm | undefined;
  memory?: MemoryPort | undefined;
  graph?: GraphPort | undefined;
  history?: HistoryPort | undefined;
  logger: Logger;
  /** In local mode a model that stops answering degrades to recall-only replies instead of failing. */
  degradeWhenModelFails?: boolean;
  now?: () => Date;
}

/**
 * One turn: build the context (history, graph facts, recalled memories), ask the model with tools,
 * and write what should be kept. Works on plain project types only.
 */
export class AgentService implements TurnHandler {
  private readonly log: Logger;
  private readonly now: () => Date;

  constructor(private readonly options: AgentServiceOptions) {
    this.log = options.logger.child({ component: "agent" });
    this.now = options.now ?? (() => new Date());
  }

  async handle(turn: Turn): Promise<Reply> {
    const lang = detectLanguage(turn.text);
    const scope: MemoryScope = {
      teamId: turn.teamId,
      userId: turn.userId,
      channelId: turn.channelId,
      channelType: turn.channelType,
    };
    const at = turn.receivedAt ?? this.now().getTime();
    let reply: Reply;
    try {
      reply = await this.answer(turn, scope, lang, at);
    } catch (err) {
      // Nothing the user said is lost: the turn is kept in history with the apology they will see.
      await this.options.history
        ?.record(turn, failureReply(lang, toAppError(err).code))
        .catch((recordErr: unknown) =>
          this.log.warn({ err: recordErr, eventId: turn.eventId }, "could not record a failed turn"),
        );
      throw err;
    }
    await this.options.history?.record(turn, reply.text);
    return reply;
  }

  private async answer(turn: Turn, scope: MemoryScope, lang: "ko" | "en", at: number): Promise<Reply> {
    const toRemember = parseRememberRequest(turn.text);
    if (toRemember && this.options.memory) {
      await this.options.memory.remember(scope, toRemember, at);
      return { text: rememberedReply(lang, toRemember), mode: "remembered" };
    }
    const [memories, facts, history] = await Promise.all([
      this.options.memory?.recall(scope, turn.text) ?? Promise.resolve<RecalledMemory[]>([]),
      this.options.graph?.facts(scope, turn.text) ?? Promise.resolve<string[]>([]),
      this.options.history?.context(turn) ?? Promise.resolve(""),
    ]);
    const { llm } = this.options;
    if (!llm) return { text: recallOnlyReply(lang, memories, facts), mode: "recall-only" };
    const messages = buildMessages({ lang, now: this.now(), text: turn.text, history, facts, memories });
    try {
      return { text: await this.converse(llm, messages, scope, at), mode: "llm" };
    } catch (err) {
      if (
        this.options.degradeWhenModelFails &&
        (isAppError(err, "llm_unavailable") || isAppError(err, "llm_timeout"))
      ) {
        this.log.warn({ err, eventId: turn.eventId }, "model unavailable; answering from memory alone");
        return { text: recallOnlyReply(lang, memories, facts), mode: "recall-only" };
      }
      throw err;
    }
  }

  /** The model ↔ tools loop, bounded by MAX_TOOL_ROUNDS. */
  private async converse(llm: Llm, messages: ChatMessage[], scope: MemoryScope, at: number): Promise<string> {
    for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
      const response = await llm.chat({ messages, tools: TOOL_SPECS });
      if (response.toolCalls.length === 0) return nonEmpty(response.content);
      messages.push({ role: "assistant", content: response.content, toolCalls: response.toolCalls });
      for (const call of response.toolCalls) {
        const result = await runTool({
          call,
          scope,
          at,
          memory: this.options.memory,
          graph: this.options.graph,
        });
        this.log.debug({ tool: call.name }, "tool called");
        messages.push({ role: "tool", content: result, toolName: call.name });
      }
    }
    const final = await llm.chat({ messages });
    return nonEmpty(final.content);
  }
}

/** Slack refuses an empty message; an empty answer is a model failure, reported as such. */
function nonEmpty(content: string): string {
  const text = content.trim();
  if (!text) throw new AppError("llm_bad_output", "the model answered with an empty message");
  return text;
}
