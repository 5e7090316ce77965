import type { App, webApi } from "@slack/bolt";
import type { Logger } from "../logging/logger.js";
import { detectLanguage } from "../text/language.js";
import { plainFromSlack } from "./incoming-text.js";
import { failureReply, missedTurnReply } from "../agent/messages.js";
import type { ForgetPlan, TurnHandler, TurnHooks } from "../agent/turn-handler.js";
import { toAppError } from "../core/errors.js";
import type { ChannelType, Turn } from "../core/types.js";
import { AnswerStream } from "./answer-stream.js";
import { escapeMrkdwn, PLAIN_POSTING } from "./mrkdwn.js";
import { postForgetProposal } from "./listeners/forget-proposal.js";
import { postAutosavedNote } from "./listeners/autosave-undo.js";
import { AUTOSAVED_REACTION } from "./message-undo.js";
import { postAutosaveOffer } from "./listeners/autosave-offer.js";
import { type AcceptedEvent, INBOX_REPLAY_MAX_AGE_MS, type OpenTurn, type TurnInbox } from "./inbox.js";
import type { WorkSet } from "../util/work-set.js";
import type { UserTimeZones } from "./user-zones.js";
import { retryRateLimited } from "./rate-limit.js";
import {
  type Metrics,
  NO_METRICS,
  secondsSince,
  type TurnOutcome,
  type TurnSurfaceName,
} from "../core/metrics.js";

/** `metadata.event_type` of the assistant's replies; `event_payload.event_id` names the turn answered. */
export const REPLY_EVENT_TYPE = "memory_assistant_reply";

/** Reaction shown on the user's message while the assistant works. */
export const WORKING_REACTION = "eyes";
/** Reaction shown while the turn waits for the model behind others ("⏳ 대기 중"). */
export const WAITING_REACTION = "hourglass_flowing_sand";
/** Reaction left on a message the memory pipeline kept as a memory by itself (📝). */
export { AUTOSAVED_REACTION };
/**
 * Reaction left on a message the memory pipeline did not keep because it looks like a secret (🔒): the
 * model's answer cannot know that, and a user who said "my PIN is …" should not think it is kept.
 */
export const SECRET_HELD_REACTION = "lock";

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
    text: plainFromSlack(message.text),
    eventId: envelope.event_id ?? message.ts,
    receivedAt: Math.round(Number(message.ts) * 1000),
  };
}

/**
 * How the conversation shows a turn being answered. The assistant panel sets a status line instead of
 * the 👀 reaction and streams the answer as the model writes it; a plain DM or a mention does neither.
 */
export interface TurnSurface {
  /** Shows "기억을 찾는 중…" / "is thinking…" (Slack clears it when the reply is posted). */
  setStatus?: ((status: string) => Promise<unknown>) | undefined;
  /** Streams the answer into the turn's thread (chat.startStream / appendStream / stopStream). */
  stream?: boolean | undefined;
}

/** The status line of the assistant panel while a turn is answered. */
export function workingStatus(lang: "ko" | "en"): string {
  return lang === "en" ? "is thinking…" : "기억을 찾는 중…";
}

/** What answering a turn needs besides Slack's client: the agent, a logger, the durable inbox. */
export interface TurnRunner {
  agent: TurnHandler;
  logger: Logger;
  /** Without it (tests of the listeners alone) a crash mid-turn loses the turn. */
  inbox?: TurnInbox | undefined;
  /** Turns being answered, so a graceful stop waits for them. */
  turns?: WorkSet | undefined;
  /** Each turn's surface, outcome and time (none by default). */
  metrics?: Metrics | undefined;
  /** The writers' time zones (their "today"); without it, the process's zone. */
  zones?: UserTimeZones | undefined;
}

/**
 * Runs one turn after the ack. The turn goes into the durable inbox first (an event id already there
 * — a Slack retry, also after a restart — is not answered again), then {@link runTurn}.
 */
export async function answerTurn(
  options: TurnRunner & {
    message: SlackMessage;
    context: { teamId?: string | undefined };
    /** Bolt's event envelope (`body`): event id and team. */
    body: unknown;
    client: webApi.WebClient;
    surface?: TurnSurface | undefined;
  },
): Promise<void> {
  const { message, inbox, logger } = options;
  const turn = turnOf(message, options.context, options.body);
  if (inbox) {
    const fresh = await inbox.receive(turn, message.ts).catch((err: unknown) => {
      // Answer all the same: only the crash-safety of this turn is lost.
      logger.warn({ err, eventId: turn.eventId }, "could not write the turn to the inbox");
      return true;
    });
    if (!fresh) {
      logger.info({ eventId: turn.eventId }, "event already received; not answered again");
      return;
    }
  }
  await runTurn({ ...options, turn, messageTs: message.ts });
}

/**
 * Answers one turn: marks the message as being worked on, asks the agent, posts the reply (in the
 * thread when there is one), and clears the mark. The marks are cosmetic: their calls are fired without
 * being awaited, so a slow or failing Slack on reactions never delays or fails the answer (they only
 * log a warning). While the turn waits for the model behind other turns, a ⏳ reaction says so. A
 * failed turn still gets a short, friendly reply in the user's language; the error is then rethrown so
 * Bolt's error handler logs it once. The turn leaves the inbox once a reply or an apology is posted.
 */
export function runTurn(options: RunTurnOptions): Promise<void> {
  return options.turns ? options.turns.track(runTurnNow(options)) : runTurnNow(options);
}

type RunTurnOptions = TurnRunner & {
  turn: Turn;
  messageTs: string;
  client: webApi.WebClient;
  surface?: TurnSurface | undefined;
  /** A turn answered again after a restart that had begun deleting memories: it finishes that. */
  deleting?: ForgetPlan | undefined;
};

async function runTurnNow(options: RunTurnOptions): Promise<void> {
  const { inbox } = options;
  const id = options.turn.eventId;
  inbox?.begin(id);
  let considered: Promise<void> | undefined;
  try {
    ({ considered } = await answerNow(options));
  } finally {
    // Still this process's while its autosave runs: not answered again meanwhile (retryOpenTurns).
    if (considered) void considered.finally(() => inbox?.settled(id));
    else inbox?.settled(id);
  }
}

/**
 * Answers the turn; when its reply (or apology) reached Slack, marks it answered in the inbox once the
 * memory pipeline's work on it has ended too (`Reply.considered`, returned), so that a crash before
 * then leaves the turn for the next start to consider again (`replayOpenTurns`).
 */
async function answerNow(options: RunTurnOptions): Promise<{ considered?: Promise<void> }> {
  const { client, agent, logger, inbox, surface } = options;
  const started = performance.now();
  let outcome: TurnOutcome = "failed";
  // The message's ts goes with the turn (also one replayed from the inbox), so autosave names it.
  const timeZone = await options.zones?.of(client, options.turn);
  const turn: Turn = {
    ...options.turn,
    messageTs: options.messageTs,
    ...(timeZone === undefined ? {} : { timeZone }),
  };
  const log = logger.child({ teamId: turn.teamId, channel: turn.channelId, eventId: turn.eventId });
  const mark = (name: string) => {
    const reaction = { channel: turn.channelId, timestamp: options.messageTs, name };
    const added = client.reactions.add(reaction).then(
      () => true,
      (err: unknown) => {
        log.warn({ err, reaction: name }, "could not add a reaction");
        return false;
      },
    );
    // Removed once added (never before: the add may still be in flight), and not waited for.
    return () =>
      void added.then(async (ok) => {
        if (!ok) return;
        await client.reactions
          .remove(reaction)
          .catch((err: unknown) => log.warn({ err, reaction: name }, "could not remove a reaction"));
      });
  };
  const setStatus = surface?.setStatus;
  let unmarkWorking: () => void = () => undefined;
  if (setStatus) {
    // Cosmetic like the reaction: never awaited, a failure only logged.
    void setStatus(workingStatus(detectLanguage(turn.text))).catch((err: unknown) =>
      log.warn({ err }, "could not set the assistant status"),
    );
  } else {
    unmarkWorking = mark(WORKING_REACTION);
  }
  let unmarkWaiting: (() => void) | undefined;
  // Which turn this answers: a restart checks it before answering a turn again.
  const metadata = { event_type: REPLY_EVENT_TYPE, event_payload: { event_id: turn.eventId } };
  const stream =
    surface?.stream && turn.threadTs
      ? new AnswerStream(
          client,
          { channel: turn.channelId, threadTs: turn.threadTs, teamId: turn.teamId, userId: turn.userId },
          log,
        )
      : undefined;
  const post = async (text: string) => {
    // Streamed when it can be; else (no piece streamed, or Slack refused streaming) posted whole.
    if (stream && (await stream.finish(text, metadata))) return;
    await postReply(client, turn, text, metadata);
  };
  let posted = false;
  // The agent's reply, once made: a reply Slack refused is posted again, never replaced by an apology
  // (what the turn did — a memory kept — stands, and the apology would say it failed).
  let answer: string | undefined;
  let considered: Promise<void> | undefined;
  try {
    const hooks: TurnHooks = {
      onQueued: () => {
        unmarkWaiting ??= mark(WAITING_REACTION);
      },
      // Stays: the user sees which of their messages became memories (and, outside a DM, can undo it).
      onAutosaved: () => {
        void mark(AUTOSAVED_REACTION);
        if (turn.channelType !== "im") {
          void postAutosavedNote(client, turn, detectLanguage(turn.text)).catch((err: unknown) =>
            log.warn({ err }, "could not post the autosave note"),
          );
        }
      },
      onSecretHeld: () => void mark(SECRET_HELD_REACTION),
      // The person asks first (autosave `ask`): an offer only they see, with Keep / Discard.
      onOffered: (offer) =>
        void postAutosaveOffer(client, offer, detectLanguage(turn.text)).catch((err: unknown) =>
          log.warn({ err }, "could not post an autosave offer"),
        ),
      ...(stream ? { onText: (piece: string) => stream.push(piece) } : {}),
      // Written down before the memories go, so a crash in between is finished after the restart
      // (ids only). A failed write costs only that: the forget goes on.
      onForgetting: async (plan) => {
        await inbox
          ?.deleting(turn.eventId, plan)
          .catch((err: unknown) => log.warn({ err }, "could not write down the forget in the inbox"));
      },
    };
    const reply =
      options.deleting && agent.finishForget
        ? await agent.finishForget(turn, options.deleting)
        : await agent.handle(turn, hooks);
    answer = reply.text;
    considered = reply.considered;
    await post(reply.text).catch(async (err: unknown) => {
      log.warn({ err }, "Slack refused the reply; posting it once more");
      await new Promise((resolve) => setTimeout(resolve, REPOST_WAIT_MS));
      // A call that timed out may have been posted all the same, only answered late.
      if (await alreadyAnswered(client, turn, log)) return;
      await postReply(client, turn, reply.text, metadata);
    });
    posted = true;
    outcome = reply.mode;
    log.info({ mode: reply.mode }, "replied");
    if (reply.forgetProposal) {
      // The question in the reply works without them: a failure here costs only the buttons.
      await postForgetProposal(client, turn, reply.forgetProposal.ids, detectLanguage(turn.text)).catch(
        (err: unknown) => log.warn({ err }, "could not post the forget proposal's buttons"),
      );
    }
  } catch (err) {
    const appError = toAppError(err);
    // Made but not posted: the turn stays open, and is answered again (retryOpenTurns).
    if (answer !== undefined && !posted) throw appError;
    await post(failureReply(detectLanguage(turn.text), appError.code));
    posted = true;
    throw appError;
  } finally {
    (options.metrics ?? NO_METRICS).turn(surfaceName(turn, surface), outcome, secondsSince(started));
    unmarkWorking();
    unmarkWaiting?.();
    // Only a turn whose reply (or apology) reached Slack leaves the inbox; else a restart answers it.
    // One whose autosave is still running leaves it when that ends (a restart considers it again).
    const markAnswered = () =>
      inbox
        ?.answered(turn.eventId)
        .catch((err: unknown) => log.warn({ err }, "could not mark the turn answered"));
    if (posted && considered) {
      considered = considered.then(markAnswered);
    } else if (posted) {
      await markAnswered();
    }
  }
  // In an object: an async function's promise would wait for the one it returned.
  return posted && considered ? { considered } : {};
}

/** The surface a turn came from, as metrics name it: the assistant panel, a DM, or a channel mention. */
function surfaceName(turn: Turn, surface: TurnSurface | undefined): TurnSurfaceName {
  if (surface?.setStatus) return "assistant";
  return turn.channelType === "im" ? "dm" : "mention";
}

/**
 * Posts a reply to a turn, whole, in its thread if it has one. The reply quotes the user, their
 * memories or the model, so it is escaped: it shows `<!channel>` or `<http://a|b>` as written and
 * pings or links nobody.
 */
export async function postReply(
  client: webApi.WebClient,
  turn: Pick<Turn, "channelId" | "threadTs">,
  text: string,
  metadata?: { event_type: string; event_payload: Record<string, string> },
): Promise<void> {
  await retryRateLimited(() =>
    client.chat.postMessage({
      channel: turn.channelId,
      text: escapeMrkdwn(text),
      ...PLAIN_POSTING,
      ...(turn.threadTs ? { thread_ts: turn.threadTs } : {}),
      ...(metadata ? { metadata } : {}),
    }),
  );
}

/**
 * After a restart: the turns received but not answered before it. Recent ones (within `maxAgeMs`) are
 * answered now — saving is idempotent per turn, so nothing is kept twice; older ones get a short note
 * that the message was missed, quoting its start.
 */
export async function replayOpenTurns(
  options: TurnRunner & {
    open: { turns: OpenTurn[]; events: AcceptedEvent[] };
    app: App;
    maxAgeMs?: number;
    now?: () => number;
  },
): Promise<void> {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? INBOX_REPLAY_MAX_AGE_MS;
  const client = options.app.client;
  // Events acked whose listener never ran: Bolt gets them again, as Slack sent them.
  for (const event of options.open.events) {
    const log = options.logger.child({ eventId: event.eventId });
    if (now() - event.at > maxAgeMs) {
      log.warn("an event acked before a restart is too old to answer; dropped");
      await options.inbox?.answered(event.eventId);
      continue;
    }
    log.info("handing an event acked before a restart to Bolt again");
    await options.app
      .processEvent({ body: event.body as Record<string, unknown>, ack: async () => undefined })
      .catch((err: unknown) => log.error({ err }, "could not replay an event acked before a restart"));
  }
  for (const { turn, messageTs, at, deleting } of options.open.turns) {
    const log = options.logger.child({ eventId: turn.eventId, channel: turn.channelId });
    try {
      // Killed between posting the reply and marking the turn answered: the reply is in Slack already,
      // and the message's autosave may not have ended — it is considered again (idempotent per turn).
      if (await alreadyAnswered(client, turn, log)) {
        await options.agent.reconsider?.(turn);
        await options.inbox?.answered(turn.eventId);
        log.info("a turn left open by a restart had its reply already; its autosave was finished");
        continue;
      }
      if (now() - at <= maxAgeMs) {
        log.info("answering a turn left open by a restart");
        await runTurn({ ...options, client, turn, messageTs, deleting });
        continue;
      }
      await postReply(client, turn, missedTurnReply(detectLanguage(turn.text), turn.text));
      await options.inbox?.answered(turn.eventId);
      log.info("told the user a turn was missed during a restart");
    } catch (err) {
      log.error({ err }, "could not answer a turn left open by a restart");
    }
  }
}

/** How long a reply Slack refused waits before it is posted once more. */
const REPOST_WAIT_MS = 1_000;

/** How often open turns that nothing answers are looked at, and how long one waits for its first retry. */
export const OPEN_TURN_RETRY_MS = 60_000;
/** Longest wait between two tries of one turn (the wait doubles from {@link OPEN_TURN_RETRY_MS}). */
const MAX_OPEN_TURN_BACKOFF_MS = 8 * 60_000;

/**
 * While the process runs: a turn whose reply and apology both failed to reach Slack (Slack down, or
 * rate-limited past the wait) stays open in the inbox; it is answered again as after a restart
 * ({@link replayOpenTurns}: not when Slack already holds its reply; past `INBOX_REPLAY_MAX_AGE_MS`, a
 * note that it was missed), a minute after it was received, then after doubling waits. Without this
 * only the next restart answered it.
 */
export function retryOpenTurns(options: TurnRunner & { app: App; everyMs?: number; now?: () => number }): {
  stop(): Promise<void>;
} {
  const everyMs = options.everyMs ?? OPEN_TURN_RETRY_MS;
  const now = options.now ?? Date.now;
  const tries = new Map<string, { count: number; next: number }>();
  let running: Promise<void> | undefined;
  const tick = async (): Promise<void> => {
    const open = options.inbox?.unattended() ?? [];
    const openIds = new Set(open.map((t) => t.turn.eventId));
    for (const id of tries.keys()) if (!openIds.has(id)) tries.delete(id);
    const due = open.filter((t) => now() >= (tries.get(t.turn.eventId)?.next ?? t.at + everyMs));
    if (due.length === 0) return;
    for (const t of due) {
      const count = (tries.get(t.turn.eventId)?.count ?? 0) + 1;
      tries.set(t.turn.eventId, {
        count,
        next: now() + Math.min(everyMs * 2 ** count, MAX_OPEN_TURN_BACKOFF_MS),
      });
    }
    options.logger.warn({ turns: due.length }, "answering again turns whose reply did not reach Slack");
    await replayOpenTurns({ ...options, open: { turns: due, events: [] } });
  };
  const timer = setInterval(() => {
    running ??= tick()
      .catch((err: unknown) => options.logger.error({ err }, "could not retry open turns"))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Whether Slack already holds a reply of the assistant to this turn (its metadata names the turn's
 * event id): in the thread, or among the DM's latest messages. When Slack cannot tell, false: the turn
 * is answered again rather than left unanswered.
 */
async function alreadyAnswered(client: webApi.WebClient, turn: Turn, log: Logger): Promise<boolean> {
  type Listed = {
    messages?: Array<{ metadata?: { event_type?: string; event_payload?: Record<string, unknown> } }>;
  };
  try {
    const listed = (
      turn.threadTs
        ? await client.conversations.replies({
            channel: turn.channelId,
            ts: turn.threadTs,
            include_all_metadata: true,
          })
        : // The DM's latest messages: a reply posted just before the restart is among them.
          await client.conversations.history({
            channel: turn.channelId,
            include_all_metadata: true,
            limit: 100,
          })
    ) as Listed;
    return (listed.messages ?? []).some(
      (m) =>
        m.metadata?.event_type === REPLY_EVENT_TYPE && m.metadata.event_payload?.event_id === turn.eventId,
    );
  } catch (err) {
    log.warn({ err }, "could not look for an earlier reply; answering the turn again");
    return false;
  }
}
