import type { webApi } from "@slack/bolt";
import type { Logger } from "pino";
import { detectLanguage } from "../agent/language.js";
import { failureReply } from "../agent/messages.js";
import type { TurnHandler } from "../agent/turn-handler.js";
import { toAppError } from "../errors.js";
import type { Turn } from "../types.js";

/** Reaction shown on the user's message while the assistant works. */
export const WORKING_REACTION = "eyes";

/**
 * Runs one turn after the ack: marks the message as being worked on, asks the agent, posts the reply
 * (in the thread when there is one), and clears the mark. A failed turn still gets a short, friendly
 * reply in the user's language; the error is then rethrown so Bolt's error handler logs it once.
 */
export async function answerTurn(options: {
  turn: Turn;
  messageTs: string;
  client: webApi.WebClient;
  agent: TurnHandler;
  logger: Logger;
}): Promise<void> {
  const { turn, messageTs, client, agent, logger } = options;
  const log = logger.child({ teamId: turn.teamId, channel: turn.channelId, eventId: turn.eventId });
  const reacted = await client.reactions
    .add({ channel: turn.channelId, timestamp: messageTs, name: WORKING_REACTION })
    .then(() => true)
    .catch((err: unknown) => {
      log.warn({ err }, "could not add the working reaction");
      return false;
    });
  try {
    const reply = await agent.handle(turn);
    await client.chat.postMessage({
      channel: turn.channelId,
      text: reply.text,
      ...(turn.threadTs ? { thread_ts: turn.threadTs } : {}),
    });
    log.info({ mode: reply.mode }, "replied");
  } catch (err) {
    const appError = toAppError(err);
    await client.chat.postMessage({
      channel: turn.channelId,
      text: failureReply(detectLanguage(turn.text), appError.code),
      ...(turn.threadTs ? { thread_ts: turn.threadTs } : {}),
    });
    throw appError;
  } finally {
    if (reacted) {
      await client.reactions
        .remove({ channel: turn.channelId, timestamp: messageTs, name: WORKING_REACTION })
        .catch((err: unknown) => log.warn({ err }, "could not remove the working reaction"));
    }
  }
}
