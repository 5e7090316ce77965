import type { App } from "@slack/bolt";
import type { Logger } from "../../logging/logger.js";
import { scopeIn, type SlackMemoryPort } from "../memory-blocks.js";
import { PLAIN_POSTING } from "../mrkdwn.js";
import { AUTOSAVED_REACTION, FORGOTTEN_TEXT, undoAutosave } from "../message-undo.js";

/**
 * Removing 📝 from a message is undoing what autosave kept of it. Only the message's author's removal
 * counts (`user` is `item_user`): anyone else removing their own 📝 changes nothing, and so does the
 * bot taking its own off. What the author kept from that message alone is forgotten, through the
 * lifecycle, and they are told so ephemerally where the message is; a message that kept nothing gets
 * no answer.
 */
export function register(
  app: App,
  deps: {
    memory: SlackMemoryPort;
    logger: Logger;
    inbox?: { answered(eventId: string): Promise<void> } | undefined;
  },
): void {
  app.event("reaction_removed", async ({ event, body, client, context }) => {
    const eventId = (body as { event_id?: string }).event_id;
    try {
      const { item } = event;
      if (event.reaction !== AUTOSAVED_REACTION || item.type !== "message") return;
      if (!event.user || event.user !== event.item_user) return;
      const teamId = context.teamId ?? (body as { team_id?: string }).team_id ?? "";
      // The conversation's scope: in a channel only that channel's memories can be found.
      const scope = scopeIn(teamId, event.user, item.channel);
      const forgotten = await undoAutosave(deps, client, scope, {
        channelId: item.channel,
        messageTs: item.ts,
      });
      if (forgotten.length === 0) return;
      await client.chat.postEphemeral({
        channel: item.channel,
        user: event.user,
        text: FORGOTTEN_TEXT,
        ...PLAIN_POSTING,
      });
    } finally {
      // Done either way: not replayed after a restart.
      if (eventId) await deps.inbox?.answered(eventId).catch(() => undefined);
    }
  });
}
