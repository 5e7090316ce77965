/**
 * A tool round on Ollama's wire: the model's tool calls go back to it on its own message
 * (`tool_calls`) and each result names its tool (`tool_name`), so a real model ties the result to its
 * call — LlamaIndex's `Ollama.chat` dropped both. Arguments that are no JSON object are no arguments,
 * not a failed turn. Streamed or not, the same.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OllamaLlm } from "../../src/llm/ollama-llm.js";
import type { ChatMessage } from "../../src/core/llm.js";
import { type FakeOllama, startFakeOllama } from "../support/fake-ollama.js";

describe("OllamaLlm tool rounds on the wire", () => {
  let ollama: FakeOllama;
  let llm: OllamaLlm;
  beforeAll(async () => {
    ollama = await startFakeOllama();
    llm = new OllamaLlm({ host: ollama.url, model: "llama3.1:8b", timeoutMs: 5_000 });
  });
  afterAll(async () => {
    await ollama.close();
  });
  beforeEach(() => ollama.reset());

  const afterATool: ChatMessage[] = [
    { role: "user", content: "우산 어디 뒀지?" },
    { role: "assistant", content: "", toolCalls: [{ name: "recall", arguments: { query: "우산" } }] },
    { role: "tool", content: "- 우산은 차 트렁크에", toolName: "recall" },
  ];

  for (const streamed of [false, true]) {
    it(`sends the model's calls and the results' tool names back${streamed ? " (streamed)" : ""}`, async () => {
      ollama.queueChat("차 트렁크에 있어요.");
      const response = await llm.chat({
        messages: afterATool,
        ...(streamed ? { onText: () => undefined } : {}),
      });
      expect(response.content).toBe("차 트렁크에 있어요.");
      const [request] = ollama.chatRequests();
      expect(request!.messages.slice(1)).toEqual([
        {
          role: "assistant",
          content: "",
          tool_calls: [{ function: { name: "recall", arguments: { query: "우산" } } }],
        },
        { role: "tool", content: "- 우산은 차 트렁크에", tool_name: "recall" },
      ]);
    });
  }

  it("reads a call whose arguments are no JSON object as a call without arguments", async () => {
    ollama.queueChat({
      toolCalls: [{ name: "remember", arguments: "{broken" as unknown as Record<string, unknown> }],
    });
    const response = await llm.chat({ messages: [{ role: "user", content: "기억해" }] });
    expect(response.toolCalls).toEqual([{ name: "remember", arguments: {} }]);
  });
});
