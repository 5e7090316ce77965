import { Ollama as LlamaOllama, OllamaEmbedding } from "@llamaindex/ollama";
import { Ollama as OllamaClient } from "ollama";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { cosine } from "../../fixtures/fake-embedding.js";
import { OLLAMA_BUSY_ERROR, startFakeOllama, type FakeOllama } from "../support/fake-ollama.js";

const MODEL = "llama3.1:8b";
let fake: FakeOllama;

beforeAll(async () => {
  fake = await startFakeOllama();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

describe("fake Ollama with the ollama JS client", () => {
  const client = (): OllamaClient => new OllamaClient({ host: fake.url });

  it("answers a chat with the default echo and records the request", async () => {
    const res = await client().chat({ model: MODEL, messages: [{ role: "user", content: "hello there" }] });
    expect(res.message).toEqual({ role: "assistant", content: "(fake) hello there" });
    expect(res.done).toBe(true);
    expect(res.done_reason).toBe("stop");
    expect(res.model).toBe(MODEL);
    expect(fake.chatRequests()).toHaveLength(1);
    expect(fake.chatRequests()[0]?.messages[0]?.content).toBe("hello there");
  });

  it("serves queued replies first-in-first-out, then the handler", async () => {
    fake.onChat((req) => `handler saw ${req.messages.length} message(s)`);
    fake.queueChat("first", { content: "second" });
    const ask = async (): Promise<string> =>
      (await client().chat({ model: MODEL, messages: [{ role: "user", content: "x" }] })).message.content;
    expect([await ask(), await ask(), await ask()]).toEqual(["first", "second", "handler saw 1 message(s)"]);
  });

  it("returns tool calls when scripted and sees the tools offered", async () => {
    fake.queueChat({ toolCalls: [{ name: "recall", arguments: { query: "cat", limit: 3 } }] });
    const tools = [
      {
        type: "function",
        function: {
          name: "recall",
          description: "Search memory",
          parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
        },
      },
    ];
    const res = await client().chat({
      model: MODEL,
      messages: [{ role: "user", content: "my cat?" }],
      tools,
    });
    expect(res.message.tool_calls).toEqual([
      { function: { name: "recall", arguments: { query: "cat", limit: 3 } } },
    ]);
    expect(fake.chatRequests()[0]?.tools?.[0]?.function.name).toBe("recall");
  });

  it("streams NDJSON that reassembles to the reply and ends with done", async () => {
    fake.queueChat("one two three");
    const stream = await client().chat({
      model: MODEL,
      messages: [{ role: "user", content: "count" }],
      stream: true,
    });
    const parts: string[] = [];
    let last: { done: boolean } | undefined;
    for await (const part of stream) {
      parts.push(part.message.content);
      last = part;
    }
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join("")).toBe("one two three");
    expect(last?.done).toBe(true);
  });

  it("answers JSON text for a format request (schema skeleton by default)", async () => {
    const format = {
      type: "object",
      properties: { facts: { type: "array", items: { type: "string" } }, ok: { type: "boolean" } },
      required: ["facts", "ok"],
    };
    const res = await client().chat({
      model: MODEL,
      messages: [{ role: "user", content: "extract" }],
      format,
    });
    expect(JSON.parse(res.message.content)).toEqual({ facts: [], ok: false });
    fake.queueChat({ json: { facts: ["cat is Nabi"], ok: true } });
    const res2 = await client().chat({
      model: MODEL,
      messages: [{ role: "user", content: "extract" }],
      format,
    });
    expect(JSON.parse(res2.message.content)).toEqual({ facts: ["cat is Nabi"], ok: true });
    expect(fake.chatRequests()[0]?.format).toEqual(format);
  });

  it("generates, lists models and says it is running", async () => {
    const gen = await client().generate({ model: MODEL, prompt: "say hi" });
    expect(gen.response).toBe("(fake) say hi");
    const tags = await client().list();
    expect(tags.models.map((m) => m.name)).toContain(MODEL);
    expect(await (await fetch(fake.url)).text()).toBe("Ollama is running");
  });

  it("embeds deterministically through /api/embed and /api/embeddings", async () => {
    const batch = await client().embed({
      model: "nomic-embed-text",
      input: ["I have a cat", "I have a cat", "tax law"],
    });
    expect(batch.embeddings).toHaveLength(3);
    const [a, b, c] = batch.embeddings as [number[], number[], number[]];
    expect(a).toHaveLength(64);
    expect(a).toEqual(b);
    expect(cosine(a, b)).toBeCloseTo(1, 6);
    expect(cosine(a, c)).toBeLessThan(0.9);
    const single = await client().embeddings({ model: "nomic-embed-text", prompt: "I have a cat" });
    expect(single.embedding).toEqual(a);
    expect(fake.embedRequests().map((r) => r.path)).toEqual(["/api/embed", "/api/embeddings"]);
  });

  it("fails the next n requests with the given status and error", async () => {
    fake.failNext(2, 503, "model is loading");
    const chat = (): Promise<unknown> =>
      client().chat({ model: MODEL, messages: [{ role: "user", content: "x" }] });
    await expect(chat()).rejects.toMatchObject({
      name: "ResponseError",
      status_code: 503,
      error: "model is loading",
    });
    await expect(chat()).rejects.toMatchObject({ status_code: 503 });
    await expect(chat()).resolves.toBeTruthy();
  });

  it("hangs until the caller's timeout aborts (the client takes no signal: pass one via fetch)", async () => {
    fake.hang(true);
    const timed = new OllamaClient({
      host: fake.url,
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(200) }),
    });
    const started = Date.now();
    await expect(
      timed.chat({ model: MODEL, messages: [{ role: "user", content: "x" }] }),
    ).rejects.toMatchObject({
      name: "TimeoutError",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it("closes promptly even with a hung request, which then fails", async () => {
    const other = await startFakeOllama();
    other.hang(true);
    const pending = new OllamaClient({ host: other.url }).chat({ model: MODEL, messages: [] });
    const outcome = pending.then(
      () => "resolved",
      () => "rejected",
    );
    while (other.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await outcome).toBe("rejected");
  });

  it("answers chats over the concurrency limit with 503 busy, like an overloaded Ollama", async () => {
    fake.setMaxConcurrency(2);
    fake.setLatency(100);
    const chat = () => client().chat({ model: MODEL, messages: [{ role: "user", content: "x" }] });
    const outcomes = await Promise.allSettled([chat(), chat(), chat()]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({
      reason: { status_code: 503, error: OLLAMA_BUSY_ERROR },
    });
    expect(fake.maxChatsInFlight()).toBe(2);
    await expect(chat()).resolves.toBeTruthy();
  });

  it("delays answers by the configured latency", async () => {
    fake.setLatency(150);
    fake.setEmbedLatency(0);
    let started = Date.now();
    await client().embed({ model: "e", input: "fast" });
    expect(Date.now() - started).toBeLessThan(140);
    started = Date.now();
    await client().chat({ model: MODEL, messages: [{ role: "user", content: "slow" }] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe("fake Ollama with @llamaindex/ollama", () => {
  const llm = (): LlamaOllama => new LlamaOllama({ model: MODEL, config: { host: fake.url } });

  it("chats and sends LlamaIndex's default options", async () => {
    const res = await llm().chat({ messages: [{ role: "user", content: "hi" }] });
    expect(res.message.content).toBe("(fake) hi");
    expect(fake.chatRequests()[0]?.options).toEqual({ num_ctx: 4096, top_p: 0.9, temperature: 0.7 });
  });

  it("maps tool calls to options.toolCall", async () => {
    fake.queueChat({ toolCalls: [{ name: "remember", arguments: { text: "cat is Nabi" } }] });
    const res = await llm().chat({
      messages: [{ role: "user", content: "remember that my cat is Nabi" }],
      tools: [
        {
          metadata: {
            name: "remember",
            description: "Store a fact",
            parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
          },
          call: async () => "ok",
        },
      ],
    });
    const options = res.message.options as { toolCall?: { name: string; input: unknown }[] } | undefined;
    expect(options?.toolCall?.[0]).toMatchObject({ name: "remember", input: { text: "cat is Nabi" } });
    expect(fake.chatRequests()[0]?.tools?.[0]?.function.name).toBe("remember");
  });

  it("streams", async () => {
    fake.queueChat("streamed reply here");
    const stream = await llm().chat({ messages: [{ role: "user", content: "go" }], stream: true });
    let text = "";
    for await (const chunk of stream) text += chunk.delta;
    expect(text).toBe("streamed reply here");
  });

  it("sends a zod responseFormat as a JSON schema format", async () => {
    const schema = z.object({ name: z.string(), age: z.number() });
    fake.queueChat({ json: { name: "Nabi", age: 3 } });
    const res = await llm().chat({ messages: [{ role: "user", content: "who?" }], responseFormat: schema });
    expect(schema.parse(JSON.parse(String(res.message.content)))).toEqual({ name: "Nabi", age: 3 });
    expect(fake.chatRequests()[0]?.format).toMatchObject({ type: "object" });
  });

  it("embeds one text per /api/embeddings request", async () => {
    const embedder = new OllamaEmbedding({ model: "nomic-embed-text", config: { host: fake.url } });
    const vectors = await embedder.getTextEmbeddings(["alpha", "beta"]);
    expect(vectors).toEqual([fake.embeddingOf("alpha"), fake.embeddingOf("beta")]);
    expect(fake.embedRequests().map((r) => r.path)).toEqual(["/api/embeddings", "/api/embeddings"]);
  });
});
