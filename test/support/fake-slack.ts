/**
 * A fake Slack on loopback: the Web API at `POST /api/<method>` and a Socket Mode WebSocket at
 * `/socket`, on one port. Point Bolt at it with `clientOptions: { slackApiUrl: fake.apiUrl }`.
 *
 * @example
 * const slack = await startFakeSlack();
 * const app = new App({ token: "xoxb-test", appToken: "xapp-test", socketMode: true,
 *   clientOptions: { slackApiUrl: slack.apiUrl } });
 * await app.start();
 * await slack.socket.sendEvent(makeEventCallback(makeDmEvent({ text: "hi" })));
 * const [post] = await slack.waitForCall("chat.postMessage");
 */
import { EventEmitter } from "node:events";
import type http from "node:http";
import {
  JSON_FIELDS,
  METHOD_ANSWERS,
  type FakeSlackFile,
  type FakeSlackIdentity,
  type FakeSlackMessage,
  type FakeSlackState,
  type FakeSlackUser,
} from "./fake-slack-methods.js";
import { createSocketModeServer, SOCKET_PATH, type FakeSlackSocket } from "./fake-slack-socket.js";
import { listenOnLoopback, readBody, sendJson } from "./loopback-server.js";

export type {
  FakeSlackFile,
  FakeSlackIdentity,
  FakeSlackMessage,
  FakeSlackUser,
} from "./fake-slack-methods.js";

/** The method name a POST to a `response_url` is recorded under (its args: the JSON body, and `url`). */
export const RESPONSE_URL_METHOD = "response_url";
export type { FakeSlackSocket, SendEventOptions, SocketAck } from "./fake-slack-socket.js";

/** Options of `startFakeSlack`. */
export interface FakeSlackOptions {
  /** Overrides of the identity auth.test reports. Defaults: T_TEST, U_BOT, B_BOT, A_TEST. */
  identity?: Partial<FakeSlackIdentity>;
  /** Users known to users.info (others get a generated profile). */
  users?: FakeSlackUser[];
}

/** One recorded Web API call. `args` has JSON fields (blocks, metadata, ...) parsed. */
export interface SlackCall {
  method: string;
  args: Record<string, unknown>;
  /** Bearer token of the call (or the `token` field), undefined if none. */
  token: string | undefined;
  time: number;
}

/** Options of `waitForCall`. */
export interface WaitForCallOptions {
  /** How many matching calls to wait for. Default 1. */
  count?: number;
  /** Default 5000 ms. */
  timeoutMs?: number;
  where?: (args: Record<string, unknown>) => boolean;
}

/** Custom answer for a method: return the JSON body (include `ok`). */
export type SlackMethodHandler = (
  args: Record<string, unknown>,
  call: SlackCall,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** Handle on a running fake Slack. */
export interface FakeSlack {
  /** `http://127.0.0.1:PORT/api/` — Bolt's `clientOptions.slackApiUrl`. */
  readonly apiUrl: string;
  /** `ws://127.0.0.1:PORT/socket`. */
  readonly socketUrl: string;
  readonly identity: FakeSlackIdentity;
  /** Every Web API call, in order. */
  readonly calls: SlackCall[];
  /** Messages posted through chat.postMessage (and seeded with `addMessage`). */
  readonly messages: FakeSlackMessage[];
  readonly socket: FakeSlackSocket;
  /** The App Home view last published for each user (views.publish). */
  readonly homeViews: Map<string, Record<string, unknown>>;
  /** Files uploaded (files.getUploadURLExternal → upload URL → files.completeUploadExternal). */
  readonly files: Map<string, FakeSlackFile>;
  /**
   * A `response_url` for a slash command or an interaction payload: POSTs to it are recorded as calls
   * of {@link RESPONSE_URL_METHOD}.
   */
  responseUrl(id?: string): string;
  callsTo(method: string): SlackCall[];
  /** Resolves with the matching calls once there are `count`; rejects listing what was called. */
  waitForCall(method: string, opts?: WaitForCallOptions): Promise<SlackCall[]>;
  /** Replaces the answer of one method (e.g. to make it fail: `() => ({ ok: false, error: "ratelimited" })`). */
  onMethod(method: string, handler: SlackMethodHandler | undefined): void;
  /** Makes one method answer an HTTP error status (e.g. 503), as Slack does when it is down; undefined undoes it. */
  failMethod(method: string, status: number | undefined): void;
  /** Seeds a message (e.g. thread history for conversations.replies). */
  addMessage(message: Omit<FakeSlackMessage, "type">): void;
  /** Clears calls, messages, acks, custom handlers and failing methods. */
  reset(): void;
  close(): Promise<void>;
}

/** Starts a fake Slack (Web API + Socket Mode) on 127.0.0.1 with a random port. */
export async function startFakeSlack(opts: FakeSlackOptions = {}): Promise<FakeSlack> {
  const identity: FakeSlackIdentity = {
    teamId: "T_TEST",
    botUserId: "U_BOT",
    botId: "B_BOT",
    appId: "A_TEST",
    ...opts.identity,
  };
  const calls: SlackCall[] = [];
  const events = new EventEmitter();
  const overrides = new Map<string, SlackMethodHandler>();
  const failures = new Map<string, number>();
  let tsCounter = 0;
  const state: FakeSlackState = {
    identity,
    users: new Map((opts.users ?? []).map((u) => [u.id, u])),
    messages: [],
    // Like Slack's: the current second, so a reply's ts is after the message it answers.
    nextTs: () => `${Math.floor(Date.now() / 1000)}.${String(++tsCounter % 1_000_000).padStart(6, "0")}`,
    socketUrl: "",
    baseUrl: "",
    homeViews: new Map(),
    files: new Map(),
  };
  const socket = createSocketModeServer(identity.appId);

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "POST" && url.pathname.startsWith("/upload/")) {
      // The upload URL of files.getUploadURLExternal: the file's bytes, as the client POSTs them.
      const file = state.files.get(url.pathname.slice("/upload/".length));
      if (!file) return sendJson(res, 404, { ok: false, error: "file_not_found" });
      file.content = uploadedContent(await readBody(req), req.headers["content-type"]);
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(`OK - ${file.content.length}`);
      return;
    }
    if (req.method === "POST" && url.pathname.startsWith("/response/")) {
      // A response_url: Slack answers `{"ok": true}` and shows the message to the user.
      const body = await readBody(req);
      const parsed = parseArgs(body, req.headers["content-type"] ?? "application/json");
      const call: SlackCall = {
        method: RESPONSE_URL_METHOD,
        args: { ...parsed, url: url.pathname },
        token: undefined,
        time: Date.now(),
      };
      calls.push(call);
      events.emit("call", call);
      return sendJson(res, 200, { ok: true });
    }
    if (req.method !== "POST" || !url.pathname.startsWith("/api/")) {
      sendJson(res, 404, { ok: false, error: "not_found" });
      return;
    }
    const method = url.pathname.slice("/api/".length);
    const args = parseArgs(await readBody(req), req.headers["content-type"]);
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const token = bearer ?? (typeof args["token"] === "string" ? args["token"] : undefined);
    const call: SlackCall = { method, args, token, time: Date.now() };
    calls.push(call);
    events.emit("call", call);
    const failure = failures.get(method);
    if (failure !== undefined) return sendJson(res, failure, { ok: false, error: `http_${failure}` });
    const override = overrides.get(method);
    const answer = METHOD_ANSWERS[method];
    if (override) return sendJson(res, 200, await override(args, call));
    if (token === undefined) return sendJson(res, 200, { ok: false, error: "not_authed" });
    sendJson(res, 200, answer ? answer(args, state) : { ok: false, error: "unknown_method" });
  };

  const server = await listenOnLoopback((req, res) => {
    handle(req, res).catch((err: unknown) =>
      sendJson(res, 500, { ok: false, error: `fake_failed: ${String(err)}` }),
    );
  });
  server.server.on("upgrade", (req: http.IncomingMessage, sock, head: Buffer) => {
    if (new URL(req.url ?? "/", "http://fake").pathname === SOCKET_PATH)
      socket.handleUpgrade(req, sock, head);
    else sock.destroy();
  });
  state.socketUrl = `ws://127.0.0.1:${server.port}${SOCKET_PATH}`;
  state.baseUrl = `http://127.0.0.1:${server.port}`;
  let responses = 0;

  const callsTo = (method: string): SlackCall[] => calls.filter((c) => c.method === method);

  return {
    apiUrl: `http://127.0.0.1:${server.port}/api/`,
    socketUrl: state.socketUrl,
    identity,
    calls,
    messages: state.messages,
    socket,
    homeViews: state.homeViews,
    files: state.files,
    responseUrl: (id) => `${state.baseUrl}/response/${id ?? `R${++responses}`}`,
    callsTo,
    waitForCall: (method, o = {}) => waitForCall(events, () => calls, method, o),
    onMethod: (method, handler) => void (handler ? overrides.set(method, handler) : overrides.delete(method)),
    failMethod: (method, status) => void (status ? failures.set(method, status) : failures.delete(method)),
    addMessage: (message) => void state.messages.push({ type: "message", ...message }),
    reset: () => {
      calls.length = 0;
      state.messages.length = 0;
      state.homeViews.clear();
      state.files.clear();
      socket.acks.length = 0;
      overrides.clear();
      failures.clear();
    },
    close: async () => {
      await socket.close();
      await server.close();
    },
  };
}

function waitForCall(
  events: EventEmitter,
  getCalls: () => SlackCall[],
  method: string,
  { count = 1, timeoutMs = 5_000, where }: WaitForCallOptions,
): Promise<SlackCall[]> {
  const matching = (): SlackCall[] =>
    getCalls().filter((c) => c.method === method && (where === undefined || where(c.args)));
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const found = matching();
      if (found.length < count) return;
      clearTimeout(timer);
      events.off("call", check);
      resolve(found);
    };
    const timer = setTimeout(() => {
      events.off("call", check);
      const seen = getCalls().map((c) => c.method);
      reject(
        new Error(
          `fake slack: expected ${count} call(s) to ${method}${where ? " matching the filter" : ""} within ` +
            `${timeoutMs} ms, got ${matching().length}. Calls so far: ${seen.length ? seen.join(", ") : "(none)"}`,
        ),
      );
    }, timeoutMs);
    events.on("call", check);
    check();
  });
}

/**
 * The file's bytes (as text) of an upload: the client sends them as a multipart form (one part, with
 * a filename) or as the raw body.
 */
function uploadedContent(body: string, contentType: string | undefined): string {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType ?? "")?.[2];
  if (!contentType?.startsWith("multipart/form-data") || !boundary) return body;
  const parts = body.split(`--${boundary}`).slice(1, -1);
  const part = parts.find((p) => /filename=/.test(p.slice(0, p.indexOf("\r\n\r\n")))) ?? parts[0] ?? "";
  const start = part.indexOf("\r\n\r\n");
  return start < 0 ? "" : part.slice(start + 4).replace(/\r\n$/, "");
}

/** Parses a form-encoded or JSON body; JSON-in-form fields (blocks, metadata, ...) become objects. */
function parseArgs(body: string, contentType: string | undefined): Record<string, unknown> {
  if (body === "") return {};
  if (contentType?.includes("application/json")) return JSON.parse(body) as Record<string, unknown>;
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    args[key] = JSON_FIELDS.has(key) ? parseJsonField(key, value) : value;
  }
  return args;
}

function parseJsonField(key: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch (err) {
    throw new Error(`fake slack: form field ${key} is not JSON (${String(err)}): ${value}`, { cause: err });
  }
}
