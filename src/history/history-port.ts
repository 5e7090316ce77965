import type { HistoryPort } from "../agent/ports.js";
import type { Turn } from "../types.js";
import { conversationFromTurn } from "./conversation.js";
import { redactForgotten, type HistoryService } from "./history-service.js";

/** The agent's view of history: the rendered context of a turn's conversation, and recording a turn. */
export class AgentHistory implements HistoryPort {
  constructor(
    private readonly history: HistoryService,
    private readonly now: () => number = Date.now,
  ) {}

  context(turn: Turn): Promise<string> {
    return this.history.renderedContext(conversationFromTurn(turn));
  }

  async record(turn: Turn, reply: string, forgotten: readonly string[] = []): Promise<void> {
    await this.history.append(conversationFromTurn(turn), {
      user: redactForgotten(turn.text, forgotten),
      assistant: redactForgotten(reply, forgotten),
      userAt: turn.receivedAt ?? this.now(),
      assistantAt: this.now(),
      eventId: turn.eventId,
      userId: turn.userId,
    });
  }
}
