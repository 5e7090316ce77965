import type { webApi } from "@slack/bolt";
import type { Logger } from "pino";
import { detectLanguage } from "../text/language.js";
import { failureReply } from "../agent/messages.js";
import type { TurnHandler } from "../agent/turn-handler.js";
import { toAppError } from "../errors.js";
import type { ChannelType, Turn } from "../types.js";

/** Reaction shown on the user's message while the assistant works. */
export const WORKING_REACTION = "eyes";

/** What a listener passes on of the Slack message it accepted. */
export interface SlackMessage {
  user: string;
  channel: string;
  channelType: ChannelType;
  /** Thread the reply belongs in; undefined for a plain DM. */
  threadTs: string | undefined;
  /** The text for the agent (a mention already removed). */
  text: string;
  /** The message's own ts: the working reaction goes on it, and it dates the turn. */
  ts: string;
}

/**
 * The agent's turn for a Slack message: the team from Bolt's context or else the event envelope, the
 * event id from the envelope (the message ts when there is none, e.g. in tests), the time from the ts.
 */
function turnOf(message: SlackMessage, context: { teamId?: string | undefined }, body: unknown): Turn {
  const envelope = body as { event_id?: string; team_id?: string };
  return {
    teamId: context.teamId ?? envelope.team_id ?? "",
    userId: message.user,
    channelId: message.channel,
    channelType: message.channelType,
    threadTs: message.threadTs,
    text: message.text,
    eventId: envelope.event_id ?? message.ts,
    receivedAt: Math.round(Number(message.ts) * 1000),
  };
}

/**
 * Runs one turn after the ack: marks the message as being worked on, asks the agent, posts the reply
 * (in the thread when there is one), and clears the mark. A failed turn still gets a short, friendly
 * reply in the user's language; the error is then rethrown so Bolt's error handler logs it once.
 */
export async function answerTurn(options: {
  message: SlackMessage;
  context: { teamId?: string | undefined };
  /** Bolt's event envelope (`body`): event id and team. */
  body: unknown;
  client: webApi.WebClient;
  agent: TurnHandler;
  logger: Logger;
}): Promise<void> {
  const { message, client, agent, logger } = options;
  const turn = turnOf(message, options.context, options.body);
  const messageTs = message.ts;
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
