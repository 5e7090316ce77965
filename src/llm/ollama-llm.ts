import { Ollama } from "@llamaindex/ollama";
import type { BaseTool, ChatMessage as LiMessage, ToolCallLLMMessageOptions } from "llamaindex";
import { AppError } from "../core/errors.js";
import type { ChatMessage, ChatRequest, ChatResponse, Llm, ToolCall, ToolSpec } from "../core/llm.js";
import { ollamaError, timeoutFetch } from "./ollama-client.js";

export interface OllamaLlmOptions {
  host: string;
  model: string;
  /** Bounds each HTTP request to Ollama. */
  timeoutMs: number;
}

/**
 * The `Llm` port over LlamaIndex's Ollama adapter. Plain and tool calls go through LlamaIndex's
 * `Ollama.chat`; structured output (`format` as a JSON Schema) goes through the adapter's own ollama
 * client, because the adapter only forwards zod 3 schemas.
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
      const response = await this.llm.chat({
        messages: request.messages.map(toLlamaMessage),
        ...(request.tools?.length ? { tools: request.tools.map(toLlamaTool) } : {}),
      });
      const content = typeof response.message.content === "string" ? response.message.content : "";
      const options = response.message.options as ToolCallLLMMessageOptions | undefined;
      const toolCalls: ToolCall[] =
        options && "toolCall" in options
          ? options.toolCall.map((c) => ({ name: c.name, arguments: parseArguments(c.input) }))
          : [];
      return { content, toolCalls };
    } catch (err) {
      throw ollamaError(err, "chat", this.host);
    }
  }

  /**
   * The same request as `chat` (LlamaIndex's wire form: tool results as `tool` messages), sent with
   * `stream: true` through the adapter's ollama client; each content piece goes to `onText` as the
   * NDJSON lines arrive, and the pieces and tool calls are gathered into one response.
   */
  private async streamed(request: ChatRequest, onText: (piece: string) => void): Promise<ChatResponse> {
    const parts = await this.llm.ollama.chat({
      model: this.model,
      messages: request.messages.map((m) => ({
        role: m.role,
        content: m.content,
      })),
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
      for (const call of part.message?.tool_calls ?? []) {
        toolCalls.push({ name: call.function.name, arguments: parseArguments(call.function.arguments) });
      }
    }
    return { content, toolCalls };
  }

  private async structured(request: ChatRequest): Promise<ChatResponse> {
    const response = await this.llm.ollama.chat({
      model: this.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      format: request.format,
      stream: false,
      options: { ...this.llm.options },
    });
    return { content: response.message.content, toolCalls: [] };
  }
}

function toLlamaMessage(message: ChatMessage): LiMessage<ToolCallLLMMessageOptions> {
  if (message.role === "tool") {
    return {
      role: "user",
      content: message.content,
      options: { toolResult: { id: message.toolName ?? "tool", result: message.content, isError: false } },
    };
  }
  if (message.role === "assistant" && message.toolCalls?.length) {
    return {
      role: "assistant",
      content: message.content,
      options: {
        toolCall: message.toolCalls.map((c, i) => ({
          id: `${c.name}-${i}`,
          name: c.name,
          input: JSON.stringify(c.arguments),
        })),
      },
    };
  }
  return { role: message.role, content: message.content };
}

function toLlamaTool(spec: ToolSpec): BaseTool {
  return {
    metadata: {
      name: spec.name,
      description: spec.description,
      parameters: spec.parameters as BaseTool["metadata"]["parameters"],
    },
  };
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
      if (parsed && typeof parsed === "object") return parsed as Record<string, unknown>;
    } catch (err) {
      throw new AppError("llm_bad_output", "tool call arguments are not JSON", { cause: err });
    }
  }
  if (input && typeof input === "object") return input as Record<string, unknown>;
  return {};
}
