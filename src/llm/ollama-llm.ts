import { Ollama } from "@llamaindex/ollama";
import type { Message as OllamaMessage } from "ollama";
import type { ChatMessage, ChatRequest, ChatResponse, Llm, ToolCall, ToolSpec } from "../core/llm.js";
import { ollamaError, timeoutFetch } from "./ollama-client.js";

export interface OllamaLlmOptions {
  host: string;
  model: string;
  /** Bounds each HTTP request to Ollama. */
  timeoutMs: number;
}

/**
 * The `Llm` port over LlamaIndex's Ollama adapter (`@llamaindex/ollama`), through its own ollama client:
 * LlamaIndex's `Ollama.chat` drops the model's tool calls from the messages it sends back (a tool
 * result then answers no call) and forwards only zod 3 schemas as `format`.
 */
export class OllamaLlm implements Llm {
  readonly model: string;
  private readonly llm: Ollama;
  private readonly host: string;

  constructor(options: OllamaLlmOptions) {
    this.model = options.model;
    this.host = options.host;
    this.llm = new Ollama({
      model: options.model,
      config: { host: options.host, fetch: timeoutFetch(options.timeoutMs) },
    });
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    request.signal?.throwIfAborted();
    try {
      if (request.format) return await this.structured(request);
      if (request.onText) return await this.streamed(request, request.onText);
      const response = await this.llm.ollama.chat({
        model: this.model,
        messages: request.messages.map(toOllamaMessage),
        ...(request.tools?.length ? { tools: request.tools.map(toOllamaTool) } : {}),
        stream: false,
        options: { ...this.llm.options },
      });
      return {
        content: response.message.content,
        toolCalls: (response.message.tool_calls ?? []).map(toToolCall),
      };
    } catch (err) {
      throw ollamaError(err, "chat", this.host);
    }
  }

  /**
   * The same request as `chat`, sent with `stream: true`; each content piece goes to `onText` as the
   * NDJSON lines arrive, and the pieces and tool calls are gathered into one response.
   */
  private async streamed(request: ChatRequest, onText: (piece: string) => void): Promise<ChatResponse> {
    const parts = await this.llm.ollama.chat({
      model: this.model,
      messages: request.messages.map(toOllamaMessage),
      ...(request.tools?.length ? { tools: request.tools.map(toOllamaTool) } : {}),
      stream: true,
      options: { ...this.llm.options },
    });
    let content = "";
    const toolCalls: ToolCall[] = [];
    for await (const part of parts) {
      const piece = part.message?.content ?? "";
      if (piece) {
        content += piece;
        try {
          onText(piece);
        } catch {
          // A display callback must not cost the answer; the caller logs its own failures.
        }
      }
      toolCalls.push(...(part.message?.tool_calls ?? []).map(toToolCall));
      if (request.maxChars !== undefined && content.length >= request.maxChars) {
        // A runaway answer: the rest would be cut anyway, so the model stops generating it.
        parts.abort();
        break;
      }
    }
    return { content, toolCalls };
  }

  private async structured(request: ChatRequest): Promise<ChatResponse> {
    const response = await this.llm.ollama.chat({
      model: this.model,
      messages: request.messages.map(toOllamaMessage),
      format: request.format,
      stream: false,
      options: { ...this.llm.options },
    });
    return { content: response.message.content, toolCalls: [] };
  }
}

/**
 * A message as Ollama's `/api/chat` reads it: the model's tool calls stay on its message
 * (`tool_calls`) and a tool's result names its tool (`tool_name`), so the model can tie each result
 * to its call. (LlamaIndex's `Ollama.chat` drops both, which is why every request goes through the
 * adapter's own client.)
 */
function toOllamaMessage(message: ChatMessage): OllamaMessage {
  if (message.role === "tool")
    return {
      role: "tool",
      content: message.content,
      ...(message.toolName ? { tool_name: message.toolName } : {}),
    };
  if (message.role === "assistant" && message.toolCalls?.length)
    return {
      role: "assistant",
      content: message.content,
      tool_calls: message.toolCalls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })),
    };
  return { role: message.role, content: message.content };
}

/** One of the model's tool calls; arguments that are no JSON object are none (the tool says what it needs). */
function toToolCall(call: { function: { name: string; arguments: unknown } }): ToolCall {
  return { name: call.function.name, arguments: parseArguments(call.function.arguments) };
}

function toOllamaTool(spec: ToolSpec): {
  type: string;
  function: { name: string; description: string; parameters: Record<string, unknown> };
} {
  return {
    type: "function",
    function: { name: spec.name, description: spec.description, parameters: spec.parameters },
  };
}

function parseArguments(input: unknown): Record<string, unknown> {
  if (typeof input === "string") {
    try {
      const parsed: unknown = JSON.parse(input);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // Not JSON: no arguments, and the tool answers what is missing.
    }
    return {};
  }
  if (input && typeof input === "object" && !Array.isArray(input)) return input as Record<string, unknown>;
  return {};
}
