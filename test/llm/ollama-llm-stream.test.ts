/**
 * Streaming behind the Llm port: `onText` makes OllamaLlm ask Ollama with `stream: true` (its NDJSON
 * wire protocol, here the fake's) and hand each piece over as it arrives; tool calls come whole; a
 * connection cut midway is an `llm_unavailable` error; QueuedLlm passes the stream through its line.
 */
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isAppError } from "../../src/core/errors.js";
import { OllamaLlm } from "../../src/llm/ollama-llm.js";
import { QueuedLlm } from "../../src/llm/queued-llm.js";
import { type FakeOllama, startFakeOllama } from "../support/fake-ollama.js";

describe("OllamaLlm streaming", () => {
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

  it("hands each piece over before the answer ends, and returns the whole content", async () => {
    ollama.setStreamDelay(20);
    ollama.queueChat("또리는 비숑이고 생일은 10월 27일이에요.");
    const pieces: Array<{ piece: string; at: number }> = [];
    const response = await llm.chat({
      messages: [{ role: "user", content: "또리 알려줘" }],
      onText: (piece) => pieces.push({ piece, at: Date.now() }),
    });
    expect(response).toEqual({ content: "또리는 비숑이고 생일은 10월 27일이에요.", toolCalls: [] });
    expect(pieces.map((p) => p.piece).join("")).toBe(response.content);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces[0]!.at).toBeLessThan(ollama.streamsFinished()[0]!);
    const [request] = ollama.chatRequests();
    expect(request!.stream).toBe(true);
  });

  it("sends tools and returns the model's tool calls whole", async () => {
    ollama.queueChat({ toolCalls: [{ name: "recall", arguments: { query: "또리" } }] });
    const response = await llm.chat({
      messages: [
        { role: "user", content: "또리 알려줘" },
        { role: "assistant", content: "", toolCalls: [{ name: "recall", arguments: { query: "x" } }] },
        { role: "tool", content: "(결과 없음)", toolName: "recall" },
      ],
      tools: [
        { name: "recall", description: "recall memories", parameters: { type: "object", properties: {} } },
      ],
      onText: () => undefined,
    });
    expect(response.toolCalls).toEqual([{ name: "recall", arguments: { query: "또리" } }]);
    const [request] = ollama.chatRequests();
    expect(request!.tools).toHaveLength(1);
    // The same wire form as the answer without streaming: tool results as `tool` messages.
    expect(request!.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
  });

  it("a stream cut midway fails as llm_unavailable after the pieces that came", async () => {
    ollama.breakStreamAfter(3);
    ollama.queueChat("하나 둘 셋 넷 다섯 여섯 일곱");
    const pieces: string[] = [];
    const failure = await llm
      .chat({ messages: [{ role: "user", content: "세어 봐" }], onText: (p) => pieces.push(p) })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isAppError(failure, "llm_unavailable") || isAppError(failure, "llm_timeout")).toBe(true);
    expect(pieces.join("")).toBe("하나 둘 셋 ");
  });

  it("a callback that throws does not cost the answer", async () => {
    ollama.queueChat("괜찮아요");
    const response = await llm.chat({
      messages: [{ role: "user", content: "hi" }],
      onText: () => {
        throw new Error("display failed");
      },
    });
    expect(response.content).toBe("괜찮아요");
  });

  it("QueuedLlm passes the stream through its line", async () => {
    const queued = new QueuedLlm(llm, {
      maxParallel: 1,
      maxQueue: 4,
      queueTimeoutMs: 5_000,
      logger: pino({ level: "silent" }),
    });
    ollama.setStreamDelay(5);
    ollama.queueChat("첫 번째 답", "두 번째 답");
    const seen: string[][] = [[], []];
    const [a, b] = await Promise.all([
      queued.chat({ messages: [{ role: "user", content: "1" }], onText: (p) => seen[0]!.push(p) }),
      queued.chat({ messages: [{ role: "user", content: "2" }], onText: (p) => seen[1]!.push(p) }),
    ]);
    expect([a.content, b.content]).toEqual(["첫 번째 답", "두 번째 답"]);
    expect(seen.map((s) => s.join(""))).toEqual(["첫 번째 답", "두 번째 답"]);
    expect(ollama.maxChatsInFlight()).toBe(1);
  });
});
