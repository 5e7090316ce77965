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
  /** Returned by users.info with `include_locale` (e.g. "en-US", "ko-KR"). */
  locale?: string;
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
  /** A message written by chat.startStream: true until chat.stopStream ends it. */
  streaming?: boolean;
}

/** A file uploaded through files.getUploadURLExternal, its upload URL and files.completeUploadExternal. */
export interface FakeSlackFile {
  id: string;
  filename: string;
  length: number;
  /** What was POSTed to the upload URL (text). */
  content?: string;
  /** Where completeUploadExternal shared it. */
  channel?: string;
  initialComment?: string;
  completed: boolean;
}

/** State the method answers read and write. */
export interface FakeSlackState {
  identity: FakeSlackIdentity;
  users: Map<string, FakeSlackUser>;
  messages: FakeSlackMessage[];
  nextTs(): string;
  socketUrl: string;
  /** `http://127.0.0.1:PORT` of the fake (upload URLs point here). */
  baseUrl: string;
  /** The App Home view last published for each user (views.publish). */
  homeViews: Map<string, Record<string, unknown>>;
  files: Map<string, FakeSlackFile>;
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

/** The markdown of a streaming call: `markdown_text` and the `markdown_text` chunks, in order. */
function streamText(args: Args): string {
  const chunks = Array.isArray(args["chunks"]) ? (args["chunks"] as Array<Record<string, unknown>>) : [];
  return (
    str(args["markdown_text"]) +
    chunks
      .filter((c) => c["type"] === "markdown_text")
      .map((c) => str(c["text"]))
      .join("")
  );
}

/** chat.startStream: a new message in a thread, written to as the stream goes (Slack requires the thread). */
function startStream(args: Args, state: FakeSlackState): Record<string, unknown> {
  const channel = str(args["channel"]);
  if (channel === "") return { ok: false, error: "channel_not_found" };
  if (str(args["thread_ts"]) === "") return { ok: false, error: "invalid_arguments" };
  const message: FakeSlackMessage = {
    type: "message",
    channel,
    ts: state.nextTs(),
    text: streamText(args),
    user: state.identity.botUserId,
    bot_id: state.identity.botId,
    thread_ts: str(args["thread_ts"]),
    streaming: true,
  };
  state.messages.push(message);
  return { ok: true, channel, ts: message.ts };
}

function streamingMessage(args: Args, state: FakeSlackState): FakeSlackMessage | string {
  const message = state.messages.find((m) => m.channel === str(args["channel"]) && m.ts === str(args["ts"]));
  if (!message) return "message_not_found";
  if (!message.streaming) return "message_not_in_streaming_state";
  return message;
}

function appendStream(args: Args, state: FakeSlackState): Record<string, unknown> {
  const message = streamingMessage(args, state);
  if (typeof message === "string") return { ok: false, error: message };
  message.text = `${message.text ?? ""}${streamText(args)}`;
  return { ok: true, channel: message.channel, ts: message.ts };
}

function stopStream(args: Args, state: FakeSlackState): Record<string, unknown> {
  const message = streamingMessage(args, state);
  if (typeof message === "string") return { ok: false, error: message };
  message.text = `${message.text ?? ""}${streamText(args)}`;
  message.streaming = false;
  if (args["metadata"] !== undefined) message.metadata = parseJson(args["metadata"]);
  if (args["blocks"] !== undefined) message.blocks = args["blocks"];
  const { channel: _channel, ...shown } = message;
  return { ok: true, channel: message.channel, ts: message.ts, message: shown };
}

/** views.publish: the user's App Home. Slack refuses more than 100 blocks and a view over 250 kB. */
function publishView(args: Args, state: FakeSlackState): Record<string, unknown> {
  const user = str(args["user_id"]);
  const view = args["view"] as Record<string, unknown> | undefined;
  if (user === "" || !view || view["type"] !== "home") return { ok: false, error: "invalid_arguments" };
  const blocks = Array.isArray(view["blocks"]) ? view["blocks"] : [];
  if (blocks.length > 100) return { ok: false, error: "invalid_blocks", errors: ["must be <= 100 blocks"] };
  if (JSON.stringify(view).length > 250_000) return { ok: false, error: "view_too_large" };
  const error = blockTextError(blocks);
  if (error) return { ok: false, error: "invalid_blocks", errors: [error] };
  state.homeViews.set(user, view);
  return { ok: true, view: { id: `V_${user}`, ...view } };
}

/** The first Block Kit text limit a list of blocks breaks (section text 3000, button text 75, …). */
export function blockTextError(blocks: unknown[]): string | undefined {
  const limit = (what: string, text: unknown, max: number): string | undefined => {
    const t = (text as { text?: unknown } | undefined)?.text;
    return typeof t === "string" && t.length > max ? `${what} must be <= ${max} characters` : undefined;
  };
  for (const raw of blocks) {
    const b = raw as Record<string, unknown>;
    const found =
      (b["type"] === "section" ? limit("section text", b["text"], 3000) : undefined) ??
      (b["type"] === "header" ? limit("header text", b["text"], 150) : undefined) ??
      (Array.isArray(b["fields"])
        ? (b["fields"] as unknown[]).map((f) => limit("field", f, 2000)).find(Boolean)
        : undefined) ??
      (Array.isArray(b["elements"])
        ? (b["elements"] as Array<Record<string, unknown>>)
            .map((e) =>
              e["type"] === "button" ? limit("button text", e["text"], 75) : limit("element", e, 3000),
            )
            .find(Boolean)
        : undefined) ??
      limit("accessory text", (b["accessory"] as { text?: unknown } | undefined)?.text, 75);
    if (found) return found;
  }
  return undefined;
}

function getUploadUrl(args: Args, state: FakeSlackState): Record<string, unknown> {
  const filename = str(args["filename"]);
  const length = Number(str(args["length"], String(args["length"] ?? "")));
  if (filename === "" || !Number.isFinite(length) || length <= 0)
    return { ok: false, error: "invalid_arguments" };
  const id = `F${String(state.files.size + 1).padStart(6, "0")}`;
  state.files.set(id, { id, filename, length, completed: false });
  return { ok: true, upload_url: `${state.baseUrl}/upload/${id}`, file_id: id };
}

function completeUpload(args: Args, state: FakeSlackState): Record<string, unknown> {
  const files = parseJson(args["files"]);
  if (!Array.isArray(files) || files.length === 0) return { ok: false, error: "invalid_arguments" };
  const done: Array<Record<string, unknown>> = [];
  for (const f of files as Array<{ id?: string; title?: string }>) {
    const file = state.files.get(str(f.id));
    if (!file || file.content === undefined) return { ok: false, error: "file_not_found" };
    file.completed = true;
    if (typeof args["channel_id"] === "string") file.channel = args["channel_id"];
    if (typeof args["initial_comment"] === "string") file.initialComment = args["initial_comment"];
    done.push({ id: file.id, name: file.filename, title: f.title ?? file.filename });
  }
  return { ok: true, files: done };
}

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
  "chat.postEphemeral": (args, state) =>
    str(args["channel"]) === "" || str(args["user"]) === ""
      ? { ok: false, error: "invalid_arguments" }
      : { ok: true, message_ts: state.nextTs() },
  "chat.startStream": startStream,
  "chat.appendStream": appendStream,
  "chat.stopStream": stopStream,
  "chat.getPermalink": (args) => ({
    ok: true,
    channel: str(args["channel"]),
    permalink: `https://fake-team.slack.com/archives/${str(args["channel"])}/p${str(args["message_ts"]).replace(".", "")}`,
  }),
  "conversations.open": (args) => {
    const users = str(args["users"]);
    return users === "" || users.includes(",")
      ? { ok: false, error: "invalid_arguments" }
      : { ok: true, channel: { id: `D_${users}` } };
  },
  "views.publish": publishView,
  "files.getUploadURLExternal": getUploadUrl,
  "files.completeUploadExternal": completeUpload,
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
  "chunks",
  "files",
  "unfurls",
  "user_auth_blocks",
]);
