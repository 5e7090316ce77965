/**
 * Seed keys through the running app (local mode, the in-process index): `vector.enabled = false` said
 * by `/healthz` and the start-up line, `exclude_patterns` refusing an explicit "기억해줘" with a reply
 * that says why, and `top_k` as the admin search's default `k`.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough, Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../src/config/settings.js";
import { runConsoleChat } from "../../src/console/console-chat.js";
import { type Assistant, startAssistant } from "../../src/main.js";
import { ADMIN_TOKEN, DEAD_OLLAMA } from "../support/test-assistant.js";

const TOML = `
[memory.vector]
index_type = "memory"
enabled = false
top_k = 2

[memory.filter]
exclude_patterns = ["^(ok|thanks|got it|sure)$"]
`;

describe("the app with vector search off, top_k 2 and a never-save pattern", () => {
  let assistant: Assistant;
  let dataDir: string;
  let logged = "";
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "seed-keys-app-"));
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged += chunk.toString("utf8");
        done();
      },
    });
    // As main() reads it: top_k resolves into RECALL_TOP_K (effective-settings.ts).
    const file = path.join(dataDir, "memory.toml");
    await writeFile(file, TOML);
    const settings = await loadSettings({
      MEMORY_CONFIG: file,
      DATA_DIR: dataDir,
      OLLAMA_HOST: DEAD_OLLAMA,
      ADMIN_TOKEN,
      HOST: "127.0.0.1",
      PORT: "0",
    });
    assistant = await startAssistant(settings.config, {
      logger: pino({ level: "info" }, sink),
      memoryConfig: settings.memory,
    });
  });
  afterAll(async () => {
    await assistant.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function chat(lines: string[]): Promise<string> {
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = "";
    output.on("data", (chunk: Buffer) => (printed += chunk.toString("utf8")));
    const done = runConsoleChat({ agent: assistant.agent, input, output, banner: [] });
    for (const line of lines) input.write(`${line}\n`);
    input.end();
    await done;
    return printed;
  }

  const admin = (pathname: string) =>
    fetch(`${assistant.url}${pathname}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });

  it("says in /healthz and in the start-up line that recall is by BM25 alone", async () => {
    const health = (await (await admin("/healthz")).json()) as Record<string, Record<string, unknown>>;
    expect(health["vectors"]).toMatchObject({ search: "bm25" });
    const started = logged
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line["msg"] === "assistant started");
    expect(started).toMatchObject({ recall: "bm25" });
  });

  it("refuses an explicit save the exclude pattern matches, saying why, and keeps other ones", async () => {
    const printed = await chat(["기억해줘: ok", "remember: OK", "기억해줘: 주차 B2 37번"]);
    expect(printed).toContain("bot: 저장하지 않았어요: 이런 내용은 저장하지 않도록 설정되어 있어요");
    expect(printed).toContain("bot: I didn't save that: this assistant is set never to keep such content");
    expect(printed).toContain('bot: 기억했어요: "주차 B2 37번"');
    const list = (await (await admin("/admin/memory/list/local-user")).json()) as {
      items: Array<{ doc: string }>;
    };
    expect(list.items.map((m) => m.doc)).toEqual(["주차 B2 37번"]);
  });

  it("gives the admin search top_k results when no k is asked for", async () => {
    await chat(["기억해줘: 주차 B2 38번", "기억해줘: 주차 B2 39번"]);
    const res = await admin(`/admin/memory/search/local-user?q=${encodeURIComponent("주차 B2")}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { k: number; results: unknown[] };
    expect(body.k).toBe(2);
    expect(body.results).toHaveLength(2);
  });
});
