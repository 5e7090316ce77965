/**
 * The DMs the load and chaos benchmarks send: Korean "기억해줘" facts with a unique entity and a
 * value (each confirmation and graph node can be traced to its event), and questions.
 */
import { makeDmEvent } from "../../../fixtures/slack-events.js";
import type { Rng } from "./prng.js";

/** What an event asks of the app. `ignored`: a message the app drops (another bot's), the HTTP floor. */
export type EventKind = "fact" | "question" | "ignored";

/** One DM to send, with what the benchmark needs to find its reply. */
export interface PlannedEvent {
  kind: EventKind;
  user: string;
  channel: string;
  /** The message text as sent. */
  text: string;
  /** For a fact: the text kept, quoted back in "기억했어요: "…"", and its entity (the graph node). */
  fact?: { text: string; entity: string };
  /** The Slack `message` event. */
  event: Record<string, unknown>;
}

/** In the load mix every third event is a fact, the others are questions. */
export const FACT_EVERY = 3;

/** Questions not about any stored fact (recall finds nothing relevant; the model answers anyway). */
const SMALL_TALK = [
  "오늘 점심 뭐 먹을까?",
  "주말에 할 만한 거 추천해 줘",
  "내가 기억해 달라고 한 거 뭐 있었지?",
];

function fact(rng: Rng, entity: string, user: string, channel: string): PlannedEvent {
  const text = `${entity} 생일은 ${rng.int(1, 12)}월 ${rng.int(1, 28)}일이야`;
  const message = `기억해줘: ${text}`;
  return {
    kind: "fact",
    user,
    channel,
    text: message,
    fact: { text, entity },
    event: makeDmEvent({ text: message, user, channel }),
  };
}

function question(text: string, user: string, channel: string): PlannedEvent {
  return { kind: "question", user, channel, text, event: makeDmEvent({ text, user, channel }) };
}

/**
 * `n` DMs from `n` distinct users (one DM channel each, so a reply is matched to its event by channel):
 * every {@link FACT_EVERY}th a fact, the rest questions (about a dog's birthday, or small talk).
 */
export function loadEvents(rng: Rng, round: string, n: number): PlannedEvent[] {
  return Array.from({ length: n }, (_, i) => {
    const user = `U_LOAD${round}_${i}`;
    const channel = `D_LOAD${round}_${i}`;
    if (i % FACT_EVERY === 0) return fact(rng, `부하견${round}호${i}`, user, channel);
    const text = i % 2 === 0 ? `부하견${round}호${i - 1} 생일 언제야?` : rng.pick(SMALL_TALK);
    return question(text, user, channel);
  });
}

/** `n` messages of another bot (subtype `bot_message`): acked and dropped before any work. */
export function ignoredEvents(round: string, n: number): PlannedEvent[] {
  return Array.from({ length: n }, (_, i) => {
    const channel = `D_IGNORED${round}_${i}`;
    const text = `봇 알림 ${i}`;
    const event = makeDmEvent({
      text,
      user: "U_OTHER_BOT",
      channel,
      subtype: "bot_message",
      bot_id: "B_OTHER",
    });
    return { kind: "ignored" as const, user: "U_OTHER_BOT", channel, text, event };
  });
}

/** Share of a chaos stream's events that are questions (about an earlier fact of the same user). */
export const CHAOS_QUESTION_SHARE = 0.25;

/**
 * A chaos round's stream: `n` DMs spread over `users` users (several turns each, in one DM channel
 * per user), mostly facts — "기억해줘: 카오스견{r}호{i} 생일은 {m}월 {d}일이야" — and questions about the
 * user's latest fact, each question unique so its answer (which quotes it) names its event.
 */
export function chaosEvents(rng: Rng, round: number, n: number, users: number): PlannedEvent[] {
  const planned: PlannedEvent[] = [];
  for (let i = 0; i < n; i++) {
    const u = i % users;
    const user = `U_CHAOS${round}_${u}`;
    const channel = `D_CHAOS${round}_${u}`;
    const earlier = planned.findLast((p) => p.user === user && p.fact !== undefined)?.fact;
    planned.push(
      rng.chance(CHAOS_QUESTION_SHARE) && earlier
        ? question(`${earlier.entity} 생일 언제야? (${i}번째 질문)`, user, channel)
        : fact(rng, `카오스견${round}호${i}`, user, channel),
    );
  }
  return planned;
}
