/** The language-model port: one chat call, optionally with tools or a JSON-schema output format. */

export interface ChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  /** On assistant messages that asked for tools. */
  toolCalls?: ToolCall[];
  /** On tool messages: the name of the tool that produced this content. */
  toolName?: string;
}

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  /** JSON Schema for structured output (Ollama's `format`). The reply content is then JSON text. */
  format?: Record<string, unknown>;
  signal?: AbortSignal;
  /**
   * Called once if the request has to wait for the model (see QueuedLlm), with its place in the line
   * (1 = next); not called when it is sent at once.
   */
  onQueued?: (position: number) => void;
  /**
   * `background` for work nobody waits on (fact extraction, topics, summaries): it yields model slots
   * to users' turns and is never refused as "busy" for their sake. Default: interactive.
   */
  priority?: "interactive" | "background";
  /**
   * Streams the answer: the model is asked with `stream: true` and each piece of its text is handed
   * here as it is generated (tool calls, if any, come whole in the response). The response still
   * resolves with the whole content. A callback that throws does not stop the request.
   */
  onText?: (piece: string) => void;
  /**
   * Longest content wanted: a streamed answer that reaches it is not read further (the model is told
   * to stop); the response holds what came until then. Unbounded by default.
   */
  maxChars?: number;
}

export interface ChatResponse {
  content: string;
  toolCalls: ToolCall[];
}

export interface Llm {
  /** Model name, for logs and health. */
  readonly model: string;
  /** Throws AppError `llm_unavailable` / `llm_timeout` / `llm_bad_output` (and `llm_busy` from QueuedLlm). */
  chat(request: ChatRequest): Promise<ChatResponse>;
}
