import type { App, BlockAction, webApi } from "@slack/bolt";
import type { KnownBlock } from "@slack/types";
import type { Logger } from "../../logging/logger.js";
import type { Lang } from "../../text/language.js";
import type { AutosaveOffer } from "../../core/user-settings.js";
import { button, escapedClip } from "../memory-blocks.js";
import { PLAIN_POSTING } from "../mrkdwn.js";
import type { SlackSettingsPort } from "../settings-blocks.js";

/** The buttons of an autosave offer (the person's autosave is `ask`); the value is the offer's id. */
export const OFFER_ACTIONS = { keep: "autosave_offer_keep", discard: "autosave_offer_discard" } as const;

/**
 * Offers the message to its author alone (chat.postEphemeral, in its thread when it has one): Keep
 * saves it as autosave would have, Discard drops it; unanswered, it lapses after a day.
 */
export async function postAutosaveOffer(
  client: webApi.WebClient,
  offer: AutosaveOffer,
  lang: Lang,
): Promise<void> {
  const quoted = escapedClip(offer.text.replace(/\s+/g, " "), 300);
  const text =
    lang === "en"
      ? `📝 Keep this as a memory? (only you see this; it lapses after a day)\n> ${quoted}`
      : `📝 이 내용을 기억해 둘까요? (나에게만 보여요. 하루가 지나면 사라져요)\n> ${quoted}`;
  const blocks: KnownBlock[] = [
    { type: "section", text: { type: "mrkdwn", text } },
    {
      type: "actions",
      elements: [
        button(lang === "en" ? "Keep" : "기억하기 · Keep", OFFER_ACTIONS.keep, offer.id, {
          style: "primary",
        }),
        button(lang === "en" ? "Discard" : "버리기 · Discard", OFFER_ACTIONS.discard, offer.id),
      ],
    } as KnownBlock,
  ];
  await client.chat.postEphemeral({
    channel: offer.channelId,
    user: offer.userId,
    text,
    blocks,
    ...PLAIN_POSTING,
    ...(offer.threadTs ? { thread_ts: offer.threadTs } : {}),
  });
}

/** Keep / Discard: only the offer's author can answer it (the offer is looked up under their id). */
export function register(app: App, deps: { settings: SlackSettingsPort; logger: Logger }): void {
  const answer = (keep: boolean) =>
    (async ({ ack, body, action, respond }) => {
      await ack();
      const id = action.type === "button" ? (action.value ?? "") : "";
      const owner = { teamId: body.team?.id ?? body.user.team_id ?? "", userId: body.user.id };
      const outcome = id ? await deps.settings.answerOffer(owner, id, keep) : { kind: "gone" as const };
      deps.logger.info(
        { teamId: owner.teamId, userId: owner.userId, outcome: outcome.kind },
        "autosave offer answered",
      );
      await respond({
        response_type: "ephemeral",
        replace_original: true,
        text:
          outcome.kind === "kept"
            ? `📝 기억했어요 (kept): "${escapedClip(outcome.memory.text.replace(/\s+/g, " "), 200)}"`
            : outcome.kind === "discarded"
              ? "알겠어요, 기억하지 않았어요. (Discarded: nothing was kept.)"
              : "이미 답했거나 기한이 지난 제안이에요. (This offer was already answered or has lapsed.)",
      });
    }) satisfies Parameters<typeof app.action<BlockAction>>[1];
  app.action<BlockAction>(OFFER_ACTIONS.keep, answer(true));
  app.action<BlockAction>(OFFER_ACTIONS.discard, answer(false));
}
