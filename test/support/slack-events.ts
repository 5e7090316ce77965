/**
 * Fixture factories for Slack Events API payloads, and helpers to deliver them to Bolt's HTTP receiver
 * with a valid (or deliberately broken) signature.
 *
 * @example
 * const payload = makeEventCallback(makeDmEvent({ text: "remember my cat is Nabi" }));
 * const res = await postSignedEvent(`${baseUrl}/slack/events`, payload, SIGNING_SECRET);
 */
import { createHmac, randomUUID } from "node:crypto";

/** Ids used by the fixtures and by the fake Slack's defaults. */
export const TEST_IDS = {
  teamId: "T_TEST",
  appId: "A_TEST",
  botUserId: "U_BOT",
  botId: "B_BOT",
  user: "U_ALICE",
  dmChannel: "D_TEST",
  channel: "C_TEST",
} as const;

let tsCounter = 0;

/** A fresh, strictly increasing Slack timestamp ("seconds.micros"). */
export function nextTs(): string {
  tsCounter += 1;
  const seconds = Math.floor(Date.now() / 1000);
  return `${seconds}.${String(tsCounter % 1_000_000).padStart(6, "0")}`;
}

/** The outer Events API payload (`type: "event_callback"`). */
export interface EventCallback<E extends object = Record<string, unknown>> {
  token: string;
  team_id: string;
  api_app_id: string;
  event: E;
  type: "event_callback";
  event_id: string;
  event_time: number;
  authorizations: { enterprise_id: null; team_id: string; user_id: string; is_bot: boolean }[];
  is_ext_shared_channel: boolean;
  event_context: string;
  [key: string]: unknown;
}

/** Wraps an event in an Events API payload; each call gets a unique `event_id` unless overridden. */
export function makeEventCallback<E extends object>(
  event: E,
  overrides: Partial<EventCallback<E>> = {},
): EventCallback<E> {
  return {
    token: "verification-token",
    team_id: TEST_IDS.teamId,
    api_app_id: TEST_IDS.appId,
    event,
    type: "event_callback",
    event_id: `Ev${randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [
      { enterprise_id: null, team_id: TEST_IDS.teamId, user_id: TEST_IDS.botUserId, is_bot: true },
    ],
    is_ext_shared_channel: false,
    event_context: `4-${randomUUID()}`,
    ...overrides,
  };
}

/** Options of `makeDmEvent`; extra keys are copied onto the event. */
export interface DmEventOptions {
  text: string;
  user?: string;
  channel?: string;
  ts?: string;
  thread_ts?: string;
  [key: string]: unknown;
}

/** A direct message from a user to the bot (`message` event in an IM channel). */
export function makeDmEvent({ text, user, channel, ts, ...rest }: DmEventOptions): Record<string, unknown> {
  const messageTs = ts ?? nextTs();
  return {
    type: "message",
    channel_type: "im",
    channel: channel ?? TEST_IDS.dmChannel,
    user: user ?? TEST_IDS.user,
    text,
    ts: messageTs,
    event_ts: messageTs,
    team: TEST_IDS.teamId,
    ...rest,
  };
}

/** Options of `makeMentionEvent`; `text` is the part after the mention. */
export interface MentionEventOptions {
  text: string;
  user?: string;
  channel?: string;
  ts?: string;
  thread_ts?: string;
}

/** An `app_mention` event: the text is prefixed with `<@U_BOT> `. */
export function makeMentionEvent({
  text,
  user,
  channel,
  ts,
  thread_ts,
}: MentionEventOptions): Record<string, unknown> {
  const messageTs = ts ?? nextTs();
  const event: Record<string, unknown> = {
    type: "app_mention",
    text: `<@${TEST_IDS.botUserId}> ${text}`,
    channel: channel ?? TEST_IDS.channel,
    user: user ?? TEST_IDS.user,
    ts: messageTs,
    event_ts: messageTs,
    team: TEST_IDS.teamId,
  };
  if (thread_ts !== undefined) event["thread_ts"] = thread_ts;
  return event;
}

/** Headers of a signed Slack request. */
export interface SlackSignedHeaders {
  "x-slack-signature": string;
  "x-slack-request-timestamp": string;
  "content-type": "application/json";
  [key: string]: string;
}

/**
 * Signs a request body the way Slack does: `v0=` + hex HMAC-SHA256(secret, `v0:${timestamp}:${body}`).
 * `timestamp` is in seconds; default now.
 */
export function signSlackRequest(
  body: string,
  secret: string,
  opts: { timestamp?: number } = {},
): SlackSignedHeaders {
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const digest = createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex");
  return {
    "x-slack-signature": `v0=${digest}`,
    "x-slack-request-timestamp": String(timestamp),
    "content-type": "application/json",
  };
}

/** Options of `postSignedEvent`. */
export interface PostSignedEventOptions {
  /** Send a signature made with the wrong secret. */
  badSignature?: boolean;
  /** Request timestamp in seconds (e.g. 10 minutes ago for a stale request). */
  timestamp?: number;
  /** Sets `x-slack-retry-num` (and `x-slack-retry-reason`, default "http_timeout"). */
  retryNum?: number;
  retryReason?: string;
}

/** POSTs a payload as JSON to a Bolt HTTP endpoint (e.g. `/slack/events`) with Slack's signature headers. */
export async function postSignedEvent(
  url: string,
  payload: unknown,
  secret: string,
  opts: PostSignedEventOptions = {},
): Promise<Response> {
  return postSignedBody(url, JSON.stringify(payload), secret, opts);
}

/**
 * POSTs a raw body (any text, e.g. `null` or `payload=null`) with a valid signature for it, so a test can
 * reach what lies behind the signature check. `contentType` defaults to JSON.
 */
export async function postSignedBody(
  url: string,
  body: string,
  secret: string,
  opts: PostSignedEventOptions & { contentType?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    ...signSlackRequest(body, opts.badSignature ? `${secret}-wrong` : secret, { timestamp: opts.timestamp }),
    ...(opts.contentType ? { "content-type": opts.contentType } : {}),
  };
  if (opts.retryNum !== undefined) {
    headers["x-slack-retry-num"] = String(opts.retryNum);
    headers["x-slack-retry-reason"] = opts.retryReason ?? "http_timeout";
  }
  return fetch(url, { method: "POST", headers, body });
}

/** `assistant_thread_started`: the user opened a new thread in the assistant panel. */
export function makeAssistantThreadStartedEvent(
  opts: { user?: string; channel?: string; threadTs?: string; contextChannel?: string } = {},
): Record<string, unknown> {
  const threadTs = opts.threadTs ?? nextTs();
  return {
    type: "assistant_thread_started",
    assistant_thread: {
      user_id: opts.user ?? TEST_IDS.user,
      context: {
        channel_id: opts.contextChannel ?? TEST_IDS.channel,
        team_id: TEST_IDS.teamId,
        enterprise_id: null,
      },
      channel_id: opts.channel ?? TEST_IDS.dmChannel,
      thread_ts: threadTs,
    },
    event_ts: nextTs(),
  };
}

/** A message the user wrote in an assistant panel thread (an `im` message with `thread_ts`). */
export function makePanelMessageEvent(opts: {
  text: string;
  threadTs: string;
  user?: string;
  channel?: string;
}): Record<string, unknown> {
  return makeDmEvent({
    text: opts.text,
    thread_ts: opts.threadTs,
    ...(opts.user ? { user: opts.user } : {}),
    ...(opts.channel ? { channel: opts.channel } : {}),
  });
}

/** Headers and body of a signed form POST (slash commands: fields; interactions: `payload=<json>`). */
export async function postSignedForm(
  url: string,
  fields: Record<string, string>,
  secret: string,
): Promise<Response> {
  return postSignedBody(url, new URLSearchParams(fields).toString(), secret, {
    contentType: "application/x-www-form-urlencoded",
  });
}
