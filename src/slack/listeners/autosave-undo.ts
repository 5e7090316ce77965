import type { App, BlockAction, webApi } from "@slack/bolt";
import type { KnownBlock } from "@slack/types";
import type { Logger } from "../../logging/logger.js";
import type { Lang } from "../../text/language.js";
import type { Turn } from "../../core/types.js";
import { button, scopeIn, type SlackMemoryPort } from "../memory-blocks.js";
import { PLAIN_POSTING } from "../mrkdwn.js";
import { FORGOTTEN_TEXT, NOTHING_TO_FORGET_TEXT, type SourceMessage, undoAutosave } from "../message-undo.js";

/** The "Undo" button of the ephemeral note on an autosaved message. */
export const UNDO_ACTION = "autosave_undo";

/** What the button carries: whose memory, and the message it was kept from. */
interface UndoValue extends SourceMessage {
  owner: string;
}

/** The button's value read back; undefined when it is not an undo's (a forged payload). */
function decode(raw: string | undefined): UndoValue | undefined {
  try {
    const value = JSON.parse(raw ?? "") as Partial<{ owner: unknown; channel: unknown; ts: unknown }>;
    if (
      typeof value.owner !== "string" ||
      typeof value.channel !== "string" ||
      typeof value.ts !== "string"
    ) {
      return undefined;
    }
    return { owner: value.owner, channelId: value.channel, messageTs: value.ts };
  } catch {
    return undefined;
  }
}

/**
 * The note, ephemeral to the author, that autosave kept their message (outside a DM, where the 📝 is
 * seen by everyone but says little to its author), with an Undo button. It names no memory text.
 */
export async function postAutosavedNote(client: webApi.WebClient, turn: Turn, lang: Lang): Promise<void> {
  if (!turn.messageTs) return;
  const value = JSON.stringify({ owner: turn.userId, channel: turn.channelId, ts: turn.messageTs });
  const text =
    lang === "en"
      ? "📝 I kept this message as your memory (only you see this note)."
      : "📝 이 메시지를 기억해 뒀어요 (나에게만 보이는 알림이에요).";
  const blocks: KnownBlock[] = [
    { type: "section", text: { type: "mrkdwn", text } },
    { type: "actions", elements: [button(lang === "en" ? "Undo" : "되돌리기 (Undo)", UNDO_ACTION, value)] },
  ];
  await client.chat.postEphemeral({
    channel: turn.channelId,
    user: turn.userId,
    text,
    blocks,
    ...PLAIN_POSTING,
    ...(turn.threadTs ? { thread_ts: turn.threadTs } : {}),
  });
}

/**
 * The note's Undo: forgets, through the lifecycle, exactly what autosave kept of that message, and
 * says so in place of the note. A press by anyone but the message's author, or from another
 * conversation than the message's, forgets nothing.
 */
export function register(app: App, deps: { memory: SlackMemoryPort; logger: Logger }): void {
  app.action<BlockAction>(UNDO_ACTION, async ({ ack, body, action, respond, client }) => {
    await ack();
    const undo = decode(action.type === "button" ? action.value : undefined);
    if (!undo || undo.owner !== body.user.id || undo.channelId !== body.channel?.id) {
      deps.logger.info({ userId: body.user.id }, "autosave undo pressed by someone other than its author");
      await respond({
        response_type: "ephemeral",
        replace_original: false,
        text: undo
          ? `<@${undo.owner}>님만 되돌릴 수 있어요. (Only <@${undo.owner}> can undo this.)`
          : "이 버튼은 더 이상 쓸 수 없어요. (This button no longer works.)",
      });
      return;
    }
    const scope = scopeIn(body.team?.id ?? body.user.team_id ?? "", body.user.id, undo.channelId);
    const forgotten = await undoAutosave(deps, client, scope, undo);
    await respond({
      replace_original: true,
      text: forgotten.length > 0 ? FORGOTTEN_TEXT : NOTHING_TO_FORGET_TEXT,
    });
  });
}
