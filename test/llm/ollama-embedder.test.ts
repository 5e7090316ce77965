/**
 * What Ollama's embed endpoint answers is checked before any store sees it: a vector of zeros (or of
 * nulls, which JSON-parse to numbers nowhere), a NaN-like value, a string, an empty vector or one of
 * another length is the model's failure (`embed_failed`), not a vector — a vector of no direction was
 * stored before and then read as similar to every query. Real HTTP against a scripted endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, type LoopbackServer } from "../../fixtures/loopback-server.js";
import { OllamaEmbedder } from "../../src/llm/ollama-embedder.js";
import { isAppError } from "../../src/core/errors.js";

describe("OllamaEmbedder's check of the vectors it is given", () => {
  let server: LoopbackServer;
  /** What the next `/api/embed` answers, for each input text. */
  let answer: (input: string) => unknown = () => [0.6, 0.8, 0];
  beforeAll(async () => {
    server = await listenOnLoopback((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const input = (JSON.parse(body || "{}") as { input?: string[] }).input ?? [];
        res.setHeader("content-type", "application/json");
        // Raw JSON, so that a test can send what JSON.stringify would not ("NaN" as a bare token is not JSON).
        res.end(`{"model":"m","embeddings":[${input.map((t) => JSON.stringify(answer(t))).join(",")}]}`);
      });
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const embedder = () =>
    OllamaEmbedder.create({
      host: `http://127.0.0.1:${server.port}`,
      model: "m",
      timeoutMs: 5_000,
      batchSize: 8,
    });

  it("takes finite vectors of the model's length", async () => {
    answer = () => [0.6, 0.8, 0];
    const e = await embedder();
    expect(e.dimension).toBe(3);
    expect(await e.embed(["a", "b"])).toEqual([
      [0.6, 0.8, 0],
      [0.6, 0.8, 0],
    ]);
  });

  it("refuses zeros, nulls, strings, an empty vector and another length as embed_failed", async () => {
    answer = () => [0.6, 0.8, 0];
    const e = await embedder();
    for (const bad of [
      [0, 0, 0],
      [null, null, null],
      ["0.1", 0.2, 0.3],
      [],
      [0.6, 0.8],
      [Number.NaN, 1, 1],
    ]) {
      answer = (text) => (text === "bad" ? bad : [0.6, 0.8, 0]);
      const failed = await e.embed(["fine", "bad"]).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(isAppError(failed, "embed_failed"), JSON.stringify(bad)).toBe(true);
    }
    answer = () => [0, 0, 0];
    await expect(embedder()).rejects.toSatisfy((err: unknown) => isAppError(err, "embed_failed"));
  });
});
