/** Answers of the fake Slack Web API, one function per method. */

/** Identity of the fake workspace and bot. */
export interface FakeSlackIdentity {
  teamId: string;
  botUserId: string;
  botId: string;
  appId: string;
}

/** A user as `users.info` returns it. */
export interface FakeSlackUser {
  id: string;
  name: string;
  real_name?: string;
  tz?: string;
  is_bot?: boolean;
}

/** A message the fake knows about (posted through chat.postMessage or seeded). */
export interface FakeSlackMessage {
  type: "message";
  channel: string;
  ts: string;
  text?: string;
  user?: string;
  bot_id?: string;
  thread_ts?: string;
  blocks?: unknown;
  metadata?: unknown;
}

/** State the method answers read and write. */
export interface FakeSlackState {
  identity: FakeSlackIdentity;
  users: Map<string, FakeSlackUser>;
  messages: FakeSlackMessage[];
  nextTs(): string;
  socketUrl: string;
}

type Args = Record<string, unknown>;
type MethodAnswer = (args: Args, state: FakeSlackState) => Record<string, unknown>;

const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : fallback);

function postMessage(args: Args, state: FakeSlackState): Record<string, unknown> {
  const channel = str(args["channel"]);
  if (channel === "") return { ok: false, error: "channel_not_found" };
  const message: FakeSlackMessage = {
    type: "message",
    channel,
    ts: state.nextTs(),
    text: str(args["text"]),
    user: state.identity.botUserId,
    bot_id: state.identity.botId,
  };
  if (typeof args["thread_ts"] === "string") message.thread_ts = args["thread_ts"];
  if (args["blocks"] !== undefined) message.blocks = args["blocks"];
  // Objects arrive as JSON strings inside the form; Slack answers them as objects.
  if (args["metadata"] !== undefined) message.metadata = parseJson(args["metadata"]);
  state.messages.push(message);
  const { channel: _channel, ...shown } = message;
  return { ok: true, channel, ts: message.ts, message: shown };
}

function update(args: Args, state: FakeSlackState): Record<string, unknown> {
  const channel = str(args["channel"]);
  const ts = str(args["ts"]);
  const existing = state.messages.find((m) => m.channel === channel && m.ts === ts);
  if (!existing) return { ok: false, error: "message_not_found" };
  if (typeof args["text"] === "string") existing.text = args["text"];
  if (args["blocks"] !== undefined) existing.blocks = args["blocks"];
  const { channel: _channel, ...shown } = existing;
  return { ok: true, channel, ts, text: existing.text, message: shown };
}

function replies(args: Args, state: FakeSlackState): Record<string, unknown> {
  const channel = str(args["channel"]);
  const ts = str(args["ts"]);
  const messages = state.messages
    .filter((m) => m.channel === channel && (m.ts === ts || m.thread_ts === ts))
    .sort((a, b) => Number(a.ts) - Number(b.ts))
    .map(({ channel: _channel, ...m }) => m);
  return { ok: true, messages, has_more: false, response_metadata: { next_cursor: "" } };
}

/** Top-level messages of a channel after `oldest`, newest first (as Slack's conversations.history). */
function history(args: Args, state: FakeSlackState): Record<string, unknown> {
  const channel = str(args["channel"]);
  const oldest = Number(str(args["oldest"], "0"));
  const messages = state.messages
    .filter((m) => m.channel === channel && m.thread_ts === undefined && Number(m.ts) > oldest)
    .sort((a, b) => Number(b.ts) - Number(a.ts))
    .map(({ channel: _channel, ...m }) => m);
  return { ok: true, messages, has_more: false, response_metadata: { next_cursor: "" } };
}

function parseJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function conversationInfo(args: Args): Record<string, unknown> {
  const id = str(args["channel"]);
  const isIm = id.startsWith("D");
  return {
    ok: true,
    channel: {
      id,
      name: isIm ? undefined : id.toLowerCase(),
      is_im: isIm,
      is_channel: id.startsWith("C"),
      is_group: id.startsWith("G"),
      is_private: !id.startsWith("C"),
      created: 1_700_000_000,
    },
  };
}

function userInfo(args: Args, state: FakeSlackState): Record<string, unknown> {
  const id = str(args["user"]);
  const known = state.users.get(id);
  const user = known ?? { id, name: id.toLowerCase(), real_name: id, tz: "UTC" };
  return {
    ok: true,
    user: {
      team_id: state.identity.teamId,
      deleted: false,
      is_bot: false,
      tz: "UTC",
      ...user,
      profile: { real_name: user.real_name ?? user.name, display_name: user.name },
    },
  };
}

const OK: MethodAnswer = () => ({ ok: true });

/** The methods the fake implements. Anything else answers `unknown_method`. */
export const METHOD_ANSWERS: Record<string, MethodAnswer> = {
  "auth.test": (_args, { identity }) => ({
    ok: true,
    url: "https://fake-team.slack.com/",
    team: "Fake Team",
    user: "fake-bot",
    team_id: identity.teamId,
    user_id: identity.botUserId,
    bot_id: identity.botId,
    is_enterprise_install: false,
  }),
  "chat.postMessage": postMessage,
  "chat.update": update,
  "chat.postEphemeral": (_args, state) => ({ ok: true, message_ts: state.nextTs() }),
  "reactions.add": OK,
  "reactions.remove": OK,
  "conversations.replies": replies,
  "conversations.history": history,
  "conversations.info": conversationInfo,
  "users.info": userInfo,
  "assistant.threads.setStatus": OK,
  "assistant.threads.setSuggestedPrompts": OK,
  "assistant.threads.setTitle": OK,
  "apps.connections.open": (_args, state) => ({ ok: true, url: state.socketUrl }),
};

/** Form fields that the Web API client sends as JSON text (objects and arrays). */
export const JSON_FIELDS = new Set([
  "blocks",
  "attachments",
  "metadata",
  "prompts",
  "loading_messages",
  "view",
  "unfurls",
  "user_auth_blocks",
]);
