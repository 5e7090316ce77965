import type { App, BlockAction, RespondFn, webApi } from "@slack/bolt";
import type { KnownBlock } from "@slack/types";
import type { Logger } from "../../logging/logger.js";
import type { Lang } from "../../text/language.js";
import type { Turn } from "../../core/types.js";
import { button, escapedClip, scopeIn, type SlackMemoryPort } from "../memory-blocks.js";
import { retryRateLimited } from "../rate-limit.js";
import type { PendingForgets } from "../../agent/pending-forgets.js";

/** The buttons under a reply in which the model proposed forgetting memories. */
export const PROPOSAL_ACTIONS = {
  confirm: "forget_proposal_confirm",
  cancel: "forget_proposal_cancel",
} as const;

/** Memories one proposal can name (the forget tool lists at most a handful of candidates). */
const MAX_PROPOSED_IDS = 10;

/** What a proposal's buttons carry: whose memories, which, and the thread its question was asked in. */
interface ProposalValue {
  owner: string;
  ids: string[];
  thread?: string | undefined;
}

function encode(value: ProposalValue): string {
  return JSON.stringify({
    owner: value.owner,
    ids: value.ids.slice(0, MAX_PROPOSED_IDS),
    thread: value.thread,
  });
}

/** The button's value read back; undefined when it is not a proposal's (a forged payload). */
function decode(raw: string | undefined): ProposalValue | undefined {
  try {
    const value = JSON.parse(raw ?? "") as Partial<ProposalValue>;
    if (typeof value.owner !== "string" || !Array.isArray(value.ids)) return undefined;
    const ids = value.ids.filter((id): id is string => typeof id === "string").slice(0, MAX_PROPOSED_IDS);
    return { owner: value.owner, ids, thread: typeof value.thread === "string" ? value.thread : undefined };
  } catch {
    return undefined;
  }
}

/**
 * Posts, under the reply in the turn's thread (or DM), the buttons that confirm or cancel the forget
 * the model proposed. Only the memories' owner — the user of the turn — can press them to any effect.
 */
export async function postForgetProposal(
  client: webApi.WebClient,
  turn: Turn,
  ids: readonly string[],
  lang: Lang,
): Promise<void> {
  const value = encode({ owner: turn.userId, ids: [...ids], thread: turn.threadTs });
  const text =
    lang === "en"
      ? `<@${turn.userId}>, forget the memories listed above? Only you can confirm.`
      : `<@${turn.userId}>님, 위의 기억을 잊을까요? 본인만 확인할 수 있어요.`;
  const blocks: KnownBlock[] = [
    { type: "section", text: { type: "mrkdwn", text } },
    {
      type: "actions",
      elements: [
        button(lang === "en" ? "Forget" : "잊기", PROPOSAL_ACTIONS.confirm, value, { style: "danger" }),
        button(lang === "en" ? "Cancel" : "취소", PROPOSAL_ACTIONS.cancel, value),
      ],
    },
  ];
  await retryRateLimited(() =>
    client.chat.postMessage({
      channel: turn.channelId,
      text,
      blocks,
      ...(turn.threadTs ? { thread_ts: turn.threadTs } : {}),
    }),
  );
}

/**
 * The proposal's buttons. A press by anyone but the memories' owner changes nothing (they are told so,
 * ephemerally); the owner's Forget deletes, through the lifecycle, those of the proposed memories still
 * theirs and visible in the conversation the buttons are in; Cancel deletes nothing. Either answers the
 * question the reply asked in words too: it is closed, so a later "네" or "1" deletes nothing.
 */
export function register(
  app: App,
  deps: { memory: SlackMemoryPort; logger: Logger; questions: PendingForgets },
): void {
  const answered = async (body: BlockAction, proposal: ProposalValue) => {
    const conversation = {
      teamId: body.team?.id ?? body.user.team_id ?? "",
      userId: body.user.id,
      channelId: body.channel?.id ?? "",
      threadTs: proposal.thread,
    };
    await deps.questions
      .withdraw(conversation, proposal.ids)
      .catch((err: unknown) => deps.logger.warn({ err }, "could not close the forget question"));
  };
  const owned = async (body: BlockAction, raw: string | undefined, respond: RespondFn) => {
    const proposal = decode(raw);
    if (proposal && proposal.owner === body.user.id) return proposal;
    deps.logger.info({ userId: body.user.id }, "forget proposal pressed by someone other than its owner");
    await respond({
      response_type: "ephemeral",
      replace_original: false,
      text: proposal
        ? `<@${proposal.owner}>님만 확인할 수 있어요. (Only <@${proposal.owner}> can confirm this.)`
        : "이 버튼은 더 이상 쓸 수 없어요. (This button no longer works.)",
    });
    return undefined;
  };

  app.action<BlockAction>(PROPOSAL_ACTIONS.confirm, async ({ ack, body, action, respond }) => {
    await ack();
    const proposal = await owned(body, action.type === "button" ? action.value : undefined, respond);
    if (!proposal) return;
    await answered(body, proposal);
    const scope = scopeIn(body.team?.id ?? body.user.team_id ?? "", body.user.id, body.channel?.id);
    const deleted = proposal.ids.length > 0 ? await deps.memory.deleteIds(scope, proposal.ids) : [];
    await respond({
      replace_original: true,
      text:
        deleted.length > 0
          ? `🗑 잊었어요 (forgotten): ${deleted.map((m) => `"${escapedClip(m.text.replace(/\s+/g, " "), 200)}"`).join(", ")}`
          : "이미 잊었거나 여기서는 지울 수 없는 기억이에요. (Already forgotten, or not visible here.)",
    });
  });

  app.action<BlockAction>(PROPOSAL_ACTIONS.cancel, async ({ ack, body, action, respond }) => {
    await ack();
    const proposal = await owned(body, action.type === "button" ? action.value : undefined, respond);
    if (!proposal) return;
    await answered(body, proposal);
    await respond({
      replace_original: true,
      text: "알겠어요, 아무것도 지우지 않았어요. (OK, nothing was forgotten.)",
    });
  });
}
