import type { HistoryPort, PromptHistory } from "../core/ports.js";
import type { Turn } from "../core/types.js";
import { conversationFromTurn } from "./conversation.js";
import { redactForgotten, type HistoryService } from "./history-service.js";

/**
 * The agent's view of history: the turns of a turn's conversation (each with its writer, so the prompt
 * can give every participant's words as their own message), and recording a turn.
 */
export class AgentHistory implements HistoryPort {
  constructor(
    private readonly history: HistoryService,
    private readonly now: () => number = Date.now,
  ) {}

  async context(turn: Turn): Promise<PromptHistory> {
    const conversation = conversationFromTurn(turn);
    const context = await this.history.context(conversation);
    const shared = conversation.key.kind === "thread";
    return {
      ...(context.summary ? { summary: context.summary } : {}),
      // A DM has one user: its turns are theirs (records written before turns kept their writer too).
      turns: [...context.olderTurns, ...context.recent].map((t) => ({
        userId: shared ? t.userId : turn.userId,
        user: t.user,
        assistant: t.assistant,
      })),
      shared,
    };
  }

  async noteMemories(turn: Turn, ids: readonly string[]): Promise<void> {
    await this.history.noteMemories(conversationFromTurn(turn), turn.eventId, ids);
  }

  async record(
    turn: Turn,
    reply: string,
    forgotten: readonly string[] = [],
    options: { offRecord?: boolean; memoryIds?: readonly string[] | undefined } = {},
  ): Promise<void> {
    await this.history.append(conversationFromTurn(turn), {
      user: redactForgotten(turn.text, forgotten),
      assistant: redactForgotten(reply, forgotten),
      userAt: turn.receivedAt ?? this.now(),
      assistantAt: this.now(),
      eventId: turn.eventId,
      userId: turn.userId,
      ...(options.offRecord ? { offRecord: true } : {}),
      ...(options.memoryIds && options.memoryIds.length > 0 ? { memoryIds: [...options.memoryIds] } : {}),
    });
  }
}
