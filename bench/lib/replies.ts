/**
 * The app's replies as the fake Slack received them (`chat.postMessage`), sorted by what they are. The
 * prefixes come from the app's own message functions, so a changed wording cannot silently miscount.
 */
import { failureReply, missedTurnReply, rememberedReply } from "../../src/agent/messages.js";
import { recallOnlyReply } from "../../src/agent/prompt.js";
import type { FakeSlack } from "../../test/support/fake-slack.js";
import { ANSWER_PREFIX } from "./load-harness.js";

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
