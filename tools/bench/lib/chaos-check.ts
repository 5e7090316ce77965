/**
 * What a chaos round must leave behind, checked through the fake Slack and the admin API: every
 * memory the user was told is kept ("기억했어요: "…"") is in Chroma with its graph node, and every
 * event acked with 200 got exactly one reply.
 */
import type { FakeSlack } from "../../../fixtures/fake-slack.js";
import { TEST_IDS } from "../../../fixtures/slack-events.js";
import { BENCH_ADMIN_TOKEN } from "./load-harness.js";
import {
  classifyReply,
  confirms,
  noReplyKinds,
  repliesIn,
  repliesTo,
  type PostedReply,
  type ReplyKind,
} from "./replies.js";
import type { DeliveredEvent } from "./slack-traffic.js";

/** Memories listed per admin request (the route's maximum). */
const LIST_PAGE = 500;

/** The checks' findings; lists hold the texts concerned, so a failure can be looked at. */
export interface ChaosCheck {
  sent: number;
  acked: number;
  /** Deliveries that needed a retry (a failed or slow attempt first). */
  retried: number;
  /** Events never acked, even after Slack's retries. */
  neverAcked: number;
  /** Of those, the ones answered all the same (the app got them; the ack did not come back). */
  neverAckedAnswered: number;
  /** Facts whose confirmation reached Slack. */
  confirmed: number;
  /** Confirmed memories not in `/admin/memory/list` (target 0). */
  lost: string[];
  /** Confirmed memories whose entity is not a node of `/admin/graph` (target 0). */
  missingGraph: string[];
  /** Memory texts listed more than once for their user. */
  duplicateMemories: string[];
  /** Acked events with no reply at all (target 0). */
  ackedUnanswered: string[];
  /** Replies beyond one per event. */
  duplicateReplies: number;
  /** The events answered more than once, with their replies (to see which window let it through). */
  duplicated: string[];
  /** Replies that name no event (apologies, "busy", recall without the model), matched to unanswered events of their channel. */
  unattributed: number;
  /** Every reply of the round by kind. */
  kinds: Record<ReplyKind, number>;
}

async function admin<T>(url: string, pathname: string): Promise<T> {
  const res = await fetch(`${url}${pathname}`, { headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } });
  if (res.status !== 200) throw new Error(`GET ${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Every memory text of a user (all pages). */
async function memoryTexts(url: string, user: string): Promise<string[]> {
  const texts: string[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const page: { items: Array<{ doc: string }>; nextCursor: string | null } = await admin(
      url,
      `/admin/memory/list/${user}?team=${TEST_IDS.teamId}&limit=${LIST_PAGE}` +
        (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""),
    );
    texts.push(...page.items.map((i) => i.doc));
    cursor = page.nextCursor;
  }
  return texts;
}

/**
 * Matches replies to events: a reply that quotes an event (a confirmation, the model's answer, the
 * "missed" note) is that event's; the others in a channel answer its events left without one, in order.
 */
function matchReplies(delivered: DeliveredEvent[], replies: Map<string, PostedReply[]>) {
  const counts = new Map<DeliveredEvent, number>();
  const times = new Map<DeliveredEvent, number[]>();
  const free = new Map<string, number>();
  for (const [channel, list] of replies) {
    const mine = delivered.filter((d) => d.planned.channel === channel);
    let unclaimed = 0;
    for (const reply of list) {
      const owner = mine.find((d) => repliesTo(reply.text, d.planned.text, d.planned.fact?.text));
      if (owner) {
        counts.set(owner, (counts.get(owner) ?? 0) + 1);
        times.set(owner, [...(times.get(owner) ?? []), reply.at]);
      } else unclaimed += 1;
    }
    free.set(channel, unclaimed);
  }
  const unattributed = [...free.values()].reduce((a, b) => a + b, 0);
  for (const d of delivered) {
    const left = free.get(d.planned.channel) ?? 0;
    if (d.acked && !counts.get(d) && left > 0) {
      counts.set(d, 1);
      free.set(d.planned.channel, left - 1);
    }
  }
  const extra = [...free.values()].reduce((a, b) => a + b, 0);
  return { counts, times, unattributed, extra };
}

/** Runs every check of a round whose app has settled. */
export async function checkChaosRound(options: {
  slack: FakeSlack;
  url: string;
  delivered: DeliveredEvent[];
  /** When the app was SIGKILLed (Date.now()): each reply of an event answered twice is dated from it. */
  appKilledAt: number;
}): Promise<ChaosCheck> {
  const { delivered, url } = options;
  const replies = repliesIn(options.slack, new Set(delivered.map((d) => d.planned.channel)));
  const { counts, times, unattributed, extra } = matchReplies(delivered, replies);
  const all = [...replies.values()].flat();
  const kinds = noReplyKinds();
  for (const reply of all) kinds[classifyReply(reply.text)] += 1;

  const confirmedFacts = delivered.flatMap((d) => {
    const fact = d.planned.fact;
    return fact && all.some((r) => r.channel === d.planned.channel && confirms(r.text, fact.text))
      ? [{ user: d.planned.user, ...fact }]
      : [];
  });
  const lost: string[] = [];
  const missingGraph: string[] = [];
  const duplicateMemories: string[] = [];
  for (const user of new Set(delivered.map((d) => d.planned.user))) {
    const texts = await memoryTexts(url, user);
    const graph = await admin<{ nodes: Array<{ name: string }> }>(
      url,
      `/admin/graph/${user}?team=${TEST_IDS.teamId}`,
    );
    const names = new Set(graph.nodes.map((n) => n.name));
    for (const fact of confirmedFacts.filter((f) => f.user === user)) {
      if (!texts.includes(fact.text)) lost.push(fact.text);
      if (!names.has(fact.entity)) missingGraph.push(fact.text);
    }
    duplicateMemories.push(...texts.filter((t, i) => texts.indexOf(t) !== i));
  }
  const acked = delivered.filter((d) => d.acked);
  const neverAcked = delivered.filter((d) => !d.acked);
  return {
    sent: delivered.length,
    acked: acked.length,
    retried: delivered.filter((d) => d.attempts > 1).length,
    neverAcked: neverAcked.length,
    neverAckedAnswered: neverAcked.filter((d) => (counts.get(d) ?? 0) > 0).length,
    confirmed: confirmedFacts.length,
    lost,
    missingGraph,
    duplicateMemories,
    ackedUnanswered: acked.filter((d) => !counts.get(d)).map((d) => d.planned.text),
    duplicateReplies: [...counts.values()].reduce((n, c) => n + Math.max(0, c - 1), 0) + extra,
    duplicated: [...counts]
      .filter(([, n]) => n > 1)
      .map(([d, n]) => {
        const at = (times.get(d) ?? []).map((t) => `${t - options.appKilledAt} ms`).join(", ");
        return `${d.planned.text} (${n} replies at ${at} from the kill; ${d.attempts} deliveries)`;
      }),
    unattributed,
    kinds,
  };
}
