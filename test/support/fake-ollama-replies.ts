/** Reply shapes of the fake Ollama, kept apart from the server plumbing. */

/** A chat message as Ollama receives it. */
export interface OllamaWireMessage {
  role: string;
  content: string;
  tool_calls?: { function: { name: string; arguments: Record<string, unknown> } }[];
  images?: string[];
}

/** What a chat handler sees: the parsed body of `POST /api/chat` (or `/api/generate`, as one user message). */
export interface FakeChatRequest {
  model: string;
  messages: OllamaWireMessage[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  format?: unknown;
  stream?: boolean;
  options?: Record<string, unknown>;
  /** Which endpoint asked. */
  endpoint: "chat" | "generate";
}

/** A tool call the fake model makes. */
export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * What a scripted model answers: plain text, or content and/or tool calls. `json` is a convenience:
 * the content becomes `JSON.stringify(json)` (for requests with `format`).
 */
export type ChatReply = string | { content?: string; toolCalls?: FakeToolCall[]; json?: unknown };

/** Decides the fake model's answer to one chat request. */
export type ChatHandler = (req: FakeChatRequest) => ChatReply | Promise<ChatReply>;

/** A reply with every field filled in. */
export interface NormalisedReply {
  content: string;
  toolCalls: FakeToolCall[];
}

/** Turns a ChatReply into content + tool calls. */
export function normaliseReply(reply: ChatReply): NormalisedReply {
  if (typeof reply === "string") return { content: reply, toolCalls: [] };
  const content = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.content ?? "");
  return { content, toolCalls: reply.toolCalls ?? [] };
}

/**
 * The default model: echoes the last user message as `"(fake) " + text`; with `format` it answers the
 * smallest JSON value that satisfies the schema's required shape (strings "(fake)", numbers 0, ...).
 */
export const defaultChatHandler: ChatHandler = (req) => {
  if (req.format !== undefined) {
    return { json: req.format === "json" ? {} : skeletonOf(req.format) };
  }
  const lastUser = [...req.messages].reverse().find((m) => m.role === "user");
  return `(fake) ${lastUser?.content ?? ""}`;
};

/** Minimal JSON value matching a JSON Schema (required properties only, first enum value). */
export function skeletonOf(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null) return null;
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s["enum"]) && s["enum"].length > 0) return s["enum"][0];
  if ("const" in s) return s["const"];
  const anyOf = (s["anyOf"] ?? s["oneOf"]) as unknown[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length > 0) return skeletonOf(anyOf[0]);
  const type = Array.isArray(s["type"]) ? (s["type"] as unknown[])[0] : s["type"];
  switch (type) {
    case "string":
      return "(fake)";
    case "number":
    case "integer":
      return 0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "null":
      return null;
    default: {
      const props = (s["properties"] ?? {}) as Record<string, unknown>;
      const required = Array.isArray(s["required"]) ? (s["required"] as string[]) : Object.keys(props);
      return Object.fromEntries(required.map((key) => [key, skeletonOf(props[key] ?? {})]));
    }
  }
}

/** The timing fields real Ollama adds to final answers (values are arbitrary but plausible). */
function stats(promptChars: number, outputChars: number): Record<string, number> {
  return {
    total_duration: 1_000_000,
    load_duration: 100_000,
    prompt_eval_count: Math.max(1, Math.ceil(promptChars / 4)),
    prompt_eval_duration: 200_000,
    eval_count: Math.max(1, Math.ceil(outputChars / 4)),
    eval_duration: 700_000,
  };
}

function wireToolCalls(toolCalls: FakeToolCall[]): OllamaWireMessage["tool_calls"] {
  return toolCalls.map((call) => ({ function: { name: call.name, arguments: call.arguments } }));
}

function assistantMessage(content: string, toolCalls: FakeToolCall[]): OllamaWireMessage {
  return toolCalls.length > 0
    ? { role: "assistant", content, tool_calls: wireToolCalls(toolCalls) }
    : { role: "assistant", content };
}

/** Non-streamed `/api/chat` answer. */
export function chatResponse(model: string, reply: NormalisedReply, promptChars: number): object {
  return {
    model,
    created_at: new Date().toISOString(),
    message: assistantMessage(reply.content, reply.toolCalls),
    done_reason: "stop",
    done: true,
    ...stats(promptChars, reply.content.length),
  };
}

/** Streamed `/api/chat` answer: NDJSON lines, content in word-sized pieces, then a `done:true` line. */
export function chatStreamLines(model: string, reply: NormalisedReply, promptChars: number): object[] {
  const created = (): string => new Date().toISOString();
  const pieces = splitForStream(reply.content);
  const lines: object[] = pieces.map((piece, i) => ({
    model,
    created_at: created(),
    message: assistantMessage(piece, i === 0 ? reply.toolCalls : []),
    done: false,
  }));
  if (lines.length === 0 && reply.toolCalls.length > 0) {
    lines.push({ model, created_at: created(), message: assistantMessage("", reply.toolCalls), done: false });
  }
  lines.push({
    model,
    created_at: created(),
    message: { role: "assistant", content: "" },
    done_reason: "stop",
    done: true,
    ...stats(promptChars, reply.content.length),
  });
  return lines;
}

/** Non-streamed `/api/generate` answer. */
export function generateResponse(model: string, content: string, promptChars: number): object {
  return {
    model,
    created_at: new Date().toISOString(),
    response: content,
    done: true,
    done_reason: "stop",
    context: [1, 2, 3],
    ...stats(promptChars, content.length),
  };
}

/** Streamed `/api/generate` answer. */
export function generateStreamLines(model: string, content: string, promptChars: number): object[] {
  const lines: object[] = splitForStream(content).map((piece) => ({
    model,
    created_at: new Date().toISOString(),
    response: piece,
    done: false,
  }));
  lines.push({ ...generateResponse(model, "", promptChars), ...stats(promptChars, content.length) });
  return lines;
}

/** Splits text into pieces that keep their whitespace, so joining them gives the text back. */
function splitForStream(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
