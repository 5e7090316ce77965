/**
 * A fake Ollama server on loopback that speaks Ollama's HTTP protocol (the parts the `ollama` JS client
 * and @llamaindex/ollama use), with a scriptable "model", request recording and fault injection.
 *
 * @example
 * const ollama = await startFakeOllama();
 * ollama.queueChat({ toolCalls: [{ name: "recall", arguments: { query: "cat" } }] }, "Your cat is Nabi.");
 * // ... point the app at ollama.url ...
 * expect(ollama.chatRequests()).toHaveLength(2);
 * await ollama.close();
 */
import type http from "node:http";
import { fakeEmbedding, FAKE_EMBED_DIM } from "./fake-embedding.js";
import {
  chatResponse,
  chatStreamLines,
  defaultChatHandler,
  generateResponse,
  generateStreamLines,
  normaliseReply,
  type ChatHandler,
  type ChatReply,
  type FakeChatRequest,
  type OllamaWireMessage,
} from "./fake-ollama-replies.js";
import { delay, listenOnLoopback, readBody, sendJson } from "./loopback-server.js";

export type { ChatHandler, ChatReply, FakeChatRequest, FakeToolCall } from "./fake-ollama-replies.js";

/** Options of `startFakeOllama`. */
export interface FakeOllamaOptions {
  /** Models listed by `GET /api/tags`. Default: a chat and an embedding model. */
  models?: string[];
  /** Embedding dimension. Default FAKE_EMBED_DIM (64). */
  embedDim?: number;
}

/** One request the fake received. `body` is the parsed JSON (or the raw text if it was not JSON). */
export interface RecordedOllamaRequest {
  method: string;
  path: string;
  body: unknown;
  time: number;
}

/** Handle on a running fake Ollama. */
export interface FakeOllama {
  /** `http://127.0.0.1:PORT` — pass as the client's `host`. */
  readonly url: string;
  /** Every request, in arrival order (also the ones failed or hung on purpose). */
  readonly requests: RecordedOllamaRequest[];
  /** Bodies of `POST /api/chat` requests. */
  chatRequests(): FakeChatRequest[];
  /** Bodies of `POST /api/embed` and `POST /api/embeddings` requests. */
  embedRequests(): RecordedOllamaRequest[];
  /** Replaces the model: answers every chat/generate request not served by the queue. */
  onChat(handler: ChatHandler): void;
  /** Queues replies, consumed first-in-first-out before the handler is asked. */
  queueChat(...replies: ChatReply[]): void;
  /** Delay before answering any request (ms). */
  setLatency(ms: number): void;
  /**
   * Pause between the NDJSON lines of a streamed answer (`stream: true`), ms; default 1. A slow
   * stream lets a test see the first pieces used before the model has finished.
   */
  setStreamDelay(ms: number): void;
  /** The next streamed chat answer is cut off (its connection destroyed) after `lines` NDJSON lines. */
  breakStreamAfter(lines: number): void;
  /** When each streamed chat answer wrote its last (`done: true`) line, ms since the epoch, in order. */
  streamsFinished(): number[];
  /** Delay before answering embedding requests (ms); overrides setLatency for them. */
  setEmbedLatency(ms: number): void;
  /** The next `n` API requests answer `{ error }` with `status`. */
  failNext(n: number, status?: number, error?: string): void;
  /**
   * Serves at most `limit` chat/generate requests at a time, like an Ollama with OLLAMA_NUM_PARALLEL =
   * `limit` and no room in its queue: one more answers 503 {@link OLLAMA_BUSY_ERROR}. `undefined`: no limit.
   */
  setMaxConcurrency(limit: number | undefined): void;
  /** The most chat/generate requests that were in progress at once (since the last reset). */
  maxChatsInFlight(): number;
  /** While on, requests are accepted and never answered; turning it off drops the hung ones. */
  hang(on: boolean): void;
  /** The embedding the fake returns for `text` (for expected values in tests). */
  embeddingOf(text: string): number[];
  /** Back to defaults: default handler, empty queue, no latency/faults/hang, requests cleared. */
  reset(): void;
  /** Stops the server, destroying hung and keep-alive sockets. */
  close(): Promise<void>;
}

const DEFAULT_MODELS = ["llama3.1:8b", "nomic-embed-text:latest"];

/** What an overloaded Ollama answers (with 503) when its queue is full. */
export const OLLAMA_BUSY_ERROR = "server busy, please try again.  maximum pending requests exceeded";

/** Starts a fake Ollama on 127.0.0.1 with a random port. */
export async function startFakeOllama(opts: FakeOllamaOptions = {}): Promise<FakeOllama> {
  const models = opts.models ?? DEFAULT_MODELS;
  const dim = opts.embedDim ?? FAKE_EMBED_DIM;
  const requests: RecordedOllamaRequest[] = [];
  const queue: ChatReply[] = [];
  const hung = new Set<http.ServerResponse>();
  let handler: ChatHandler = defaultChatHandler;
  let latency = 0;
  const stream = { delayMs: 1, finished: [] as number[], breakAfter: undefined as number | undefined };
  let embedLatency: number | undefined;
  let failures = { remaining: 0, status: 500, error: "boom" };
  let hanging = false;
  let maxConcurrency: number | undefined;
  let chatsInFlight = 0;
  let maxInFlight = 0;

  const releaseHung = (): void => {
    for (const res of hung) res.destroy();
    hung.clear();
  };

  const nextReply = async (req: FakeChatRequest): Promise<ChatReply> => {
    const queued = queue.shift();
    return queued !== undefined ? queued : handler(req);
  };

  const route = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const method = req.method ?? "GET";
    const text = await readBody(req);
    const body = parseBody(text);
    requests.push({ method, path, body, time: Date.now() });
    if (method === "POST" && (path === "/api/chat" || path === "/api/generate")) {
      if (maxConcurrency !== undefined && chatsInFlight >= maxConcurrency) {
        sendJson(res, 503, { error: OLLAMA_BUSY_ERROR });
        return;
      }
      chatsInFlight += 1;
      maxInFlight = Math.max(maxInFlight, chatsInFlight);
      // Done when the answer is written ("finish"), or when a hung one is dropped ("close" alone).
      let done = false;
      const finished = (): void => {
        if (!done) chatsInFlight -= 1;
        done = true;
      };
      res.once("finish", finished);
      res.once("close", finished);
    }

    const isEmbed = path === "/api/embed" || path === "/api/embeddings";
    await delay(isEmbed ? (embedLatency ?? latency) : latency);
    if (hanging) {
      hung.add(res);
      res.once("close", () => hung.delete(res));
      return;
    }
    if (path.startsWith("/api/") && failures.remaining > 0) {
      failures.remaining--;
      sendJson(res, failures.status, { error: failures.error });
      return;
    }
    const b = (body ?? {}) as Record<string, unknown>;
    if (method === "GET" && path === "/") return sendText(res, "Ollama is running");
    if (method === "GET" && path === "/api/tags") return sendJson(res, 200, { models: models.map(tagOf) });
    if (method === "GET" && path === "/api/version") return sendJson(res, 200, { version: "0.0.0-fake" });
    if (method === "POST" && path === "/api/chat") return answerChat(res, b, nextReply, stream);
    if (method === "POST" && path === "/api/generate") return answerGenerate(res, b, nextReply);
    if (method === "POST" && path === "/api/embed") return answerEmbed(res, b, dim);
    if (method === "POST" && path === "/api/embeddings") {
      return sendJson(res, 200, { embedding: fakeEmbedding(String(b["prompt"] ?? ""), dim) });
    }
    sendJson(res, 404, { error: `fake ollama: no route ${method} ${path}` });
  };

  const server = await listenOnLoopback((req, res) => {
    route(req, res).catch((err: unknown) => {
      sendJson(res, 500, { error: `fake ollama handler failed: ${String(err)}` });
    });
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    chatRequests: () => requests.filter((r) => r.path === "/api/chat").map((r) => r.body as FakeChatRequest),
    embedRequests: () => requests.filter((r) => r.path === "/api/embed" || r.path === "/api/embeddings"),
    onChat: (h) => void (handler = h),
    queueChat: (...replies) => void queue.push(...replies),
    setLatency: (ms) => void (latency = ms),
    setStreamDelay: (ms) => void (stream.delayMs = ms),
    streamsFinished: () => [...stream.finished],
    breakStreamAfter: (lines) => void (stream.breakAfter = lines),
    setEmbedLatency: (ms) => void (embedLatency = ms),
    failNext: (n, status = 500, error = "boom") => void (failures = { remaining: n, status, error }),
    setMaxConcurrency: (limit) => void (maxConcurrency = limit),
    maxChatsInFlight: () => maxInFlight,
    hang: (on) => {
      hanging = on;
      if (!on) releaseHung();
    },
    embeddingOf: (text) => fakeEmbedding(text, dim),
    reset: () => {
      handler = defaultChatHandler;
      queue.length = 0;
      latency = 0;
      stream.delayMs = 1;
      stream.finished.length = 0;
      stream.breakAfter = undefined;
      embedLatency = undefined;
      failures = { remaining: 0, status: 500, error: "boom" };
      hanging = false;
      releaseHung();
      maxConcurrency = undefined;
      maxInFlight = chatsInFlight;
      requests.length = 0;
    },
    close: async () => {
      releaseHung();
      await server.close();
    },
  };
}

type NextReply = (req: FakeChatRequest) => Promise<ChatReply>;

async function answerChat(
  res: http.ServerResponse,
  b: Record<string, unknown>,
  next: NextReply,
  stream: { delayMs: number; finished: number[]; breakAfter: number | undefined },
): Promise<void> {
  const req = { ...(b as unknown as Omit<FakeChatRequest, "endpoint">), endpoint: "chat" as const };
  const messages = Array.isArray(req.messages) ? req.messages : [];
  const model = String(req.model ?? "");
  const reply = normaliseReply(await next({ ...req, messages }));
  const promptChars = messages.reduce((n, m) => n + String(m.content ?? "").length, 0);
  if (req.stream === true) {
    const lines = chatStreamLines(model, reply, promptChars);
    if (stream.breakAfter !== undefined) {
      const cut = stream.breakAfter;
      stream.breakAfter = undefined;
      await sendNdjson(res, lines.slice(0, cut), stream.delayMs, { end: false });
      res.destroy();
      return;
    }
    await sendNdjson(res, lines, stream.delayMs, { onDone: () => stream.finished.push(Date.now()) });
    return;
  }
  sendJson(res, 200, chatResponse(model, reply, promptChars));
}

async function answerGenerate(
  res: http.ServerResponse,
  b: Record<string, unknown>,
  next: NextReply,
): Promise<void> {
  const model = String(b["model"] ?? "");
  const prompt = String(b["prompt"] ?? "");
  const messages: OllamaWireMessage[] = [];
  if (typeof b["system"] === "string") messages.push({ role: "system", content: b["system"] });
  messages.push({ role: "user", content: prompt });
  const { content } = normaliseReply(
    await next({
      model,
      messages,
      format: b["format"],
      stream: b["stream"] === true,
      options: b["options"] as Record<string, unknown> | undefined,
      endpoint: "generate",
    }),
  );
  if (b["stream"] === true) return sendNdjson(res, generateStreamLines(model, content, prompt.length));
  sendJson(res, 200, generateResponse(model, content, prompt.length));
}

function answerEmbed(res: http.ServerResponse, b: Record<string, unknown>, dim: number): void {
  const input = b["input"];
  const texts = Array.isArray(input) ? input.map(String) : [String(input ?? "")];
  sendJson(res, 200, {
    model: String(b["model"] ?? ""),
    embeddings: texts.map((t) => fakeEmbedding(t, dim)),
    total_duration: 1_000_000,
    load_duration: 100_000,
    prompt_eval_count: texts.reduce((n, t) => n + Math.max(1, Math.ceil(t.length / 4)), 0),
  });
}

function tagOf(name: string): object {
  return {
    name,
    model: name,
    modified_at: "2025-01-01T00:00:00Z",
    size: 1_000_000,
    digest: "0".repeat(64),
    details: { format: "gguf", family: "fake", parameter_size: "1B", quantization_level: "Q4_0" },
  };
}

function parseBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    // Recorded as text so a test can see what a broken client sent.
    return err instanceof SyntaxError ? text : undefined;
  }
}

function sendText(res: http.ServerResponse, text: string): void {
  res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
  res.end(text);
}

/** Writes NDJSON lines one by one (`delayMs` apart) so clients really see a stream. */
async function sendNdjson(
  res: http.ServerResponse,
  lines: object[],
  delayMs = 1,
  { end = true, onDone }: { end?: boolean; onDone?: () => void } = {},
): Promise<void> {
  res.writeHead(200, { "content-type": "application/x-ndjson" });
  for (const [i, line] of lines.entries()) {
    if (res.destroyed) return;
    const last = i === lines.length - 1;
    // The model is done when it writes its last line: recorded before the client can read it.
    if (last && end) onDone?.();
    res.write(`${JSON.stringify(line)}\n`);
    if (!last || !end) await delay(delayMs);
  }
  if (end) res.end();
}
