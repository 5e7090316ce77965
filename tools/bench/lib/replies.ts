/**
 * The app's replies as the fake Slack received them (`chat.postMessage`), sorted by what they are. The
 * prefixes come from the app's own message functions, so a changed wording cannot silently miscount.
 */
import { failureReply, missedTurnReply, rememberedReply } from "../../../src/agent/messages.js";
import { recallOnlyReply } from "../../../src/agent/prompt.js";
import type { FakeSlack } from "../../../fixtures/fake-slack.js";
import { ANSWER_PREFIX } from "./load-harness.js";
import type { DeliveredEvent } from "./slack-traffic.js";

/** How often a round looks for replies while it waits for them, ms. */
export const REPLY_POLL_MS = 20;

/** A reply posted to Slack. `at` is when the fake received it (Date.now()). */
export interface PostedReply {
  channel: string;
  text: string;
  at: number;
}

/** What a reply is. */
export type ReplyKind = "remembered" | "answer" | "busy" | "recall-only" | "missed" | "apology";

/** A count of zero for every reply kind (rounds tally their first replies into it). */
export function noReplyKinds(): Record<ReplyKind, number> {
  return { remembered: 0, answer: 0, busy: 0, "recall-only": 0, missed: 0, apology: 0 };
}

const MARK = "\u0000";
/** The text a reply function puts before its argument. */
const prefixOf = (withMark: string): string => withMark.split(MARK)[0]!;
const REMEMBERED = prefixOf(rememberedReply("ko", MARK));
const MISSED = prefixOf(missedTurnReply("ko", MARK));
const RECALL_ONLY = recallOnlyReply("ko", [], []).split("\n")[0]!;
const BUSY = new Set([failureReply("ko", "llm_busy"), failureReply("en", "llm_busy")]);

/** Sorts a reply: a confirmation, the model's answer, "busy", recall without the model, "missed", or an apology. */
export function classifyReply(text: string): ReplyKind {
  if (text.startsWith(REMEMBERED)) return "remembered";
  if (text.startsWith(ANSWER_PREFIX)) return "answer";
  if (BUSY.has(text)) return "busy";
  if (text.startsWith(RECALL_ONLY)) return "recall-only";
  if (text.startsWith(MISSED)) return "missed";
  return "apology";
}

/** Whether `reply` confirms keeping exactly `fact` (`기억했어요: "fact"`, with or without the slow-store note). */
export function confirms(reply: string, fact: string): boolean {
  return reply.startsWith(`${REMEMBERED}${fact}"`);
}

/** Whether `reply` is about the message `text`: its confirmation, the answer quoting it, or "missed" quoting it. */
export function repliesTo(reply: string, text: string, fact: string | undefined): boolean {
  if (fact !== undefined && confirms(reply, fact)) return true;
  return reply === `${ANSWER_PREFIX}${text}` || (reply.startsWith(MISSED) && reply.includes(`"${text}"`));
}

/** The replies posted to `channels` so far, by channel, oldest first. */
export function repliesIn(slack: FakeSlack, channels: ReadonlySet<string>): Map<string, PostedReply[]> {
  const byChannel = new Map<string, PostedReply[]>();
  for (const call of slack.callsTo("chat.postMessage")) {
    const channel = String(call.args["channel"]);
    if (!channels.has(channel)) continue;
    const list = byChannel.get(channel) ?? [];
    list.push({ channel, text: String(call.args["text"] ?? ""), at: call.time });
    byChannel.set(channel, list);
  }
  return byChannel;
}

/** Waits until every acked event's channel has a reply, or `timeoutMs` has passed. */
export async function waitForFirstReplies(
  slack: FakeSlack,
  delivered: readonly DeliveredEvent[],
  timeoutMs: number,
): Promise<void> {
  const channels = new Set(delivered.map((d) => d.planned.channel));
  const acked = delivered.filter((d) => d.acked).map((d) => d.planned.channel);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const replies = repliesIn(slack, channels);
    if (acked.every((c) => replies.has(c))) return;
    await new Promise((r) => setTimeout(r, REPLY_POLL_MS));
  }
}

/** Each delivered event's first reply: its kind, end-to-end time, and when its replies came. */
export interface FirstReply {
  kind: ReplyKind;
  /** First reply − send, ms. */
  e2eMs: number;
  firstAt: number;
  lastAt: number;
}

/** The first reply of every delivered event that has one, their kinds counted, and the extra replies. */
export function tallyFirstReplies(
  delivered: readonly DeliveredEvent[],
  replies: ReadonlyMap<string, PostedReply[]>,
): { firsts: FirstReply[]; kinds: Record<ReplyKind, number>; duplicates: number } {
  const kinds = noReplyKinds();
  const firsts: FirstReply[] = [];
  let duplicates = 0;
  for (const d of delivered) {
    const list = replies.get(d.planned.channel) ?? [];
    const first = list[0];
    if (!first) continue;
    const kind = classifyReply(first.text);
    kinds[kind] += 1;
    duplicates += list.length - 1;
    firsts.push({
      kind,
      e2eMs: first.at - d.sentAt,
      firstAt: first.at,
      lastAt: Math.max(...list.map((r) => r.at)),
    });
  }
  return { firsts, kinds, duplicates };
}
