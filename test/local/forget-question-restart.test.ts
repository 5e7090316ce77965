/**
 * A forget question outlives a restart of the embedded assistant: the user's "네" after it is read as
 * the answer, not as chat ("네, 알겠어요." while nothing was forgotten).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FORGET_QUESTION_TTL_MS } from "../../src/core/forget-questions.js";
import { FORGET_QUESTIONS_FILE, JsonForgetQuestions } from "../../src/stores/json-forget-questions.js";
import { chat } from "../support/console-chat.js";
import { startTestAssistant } from "../support/test-assistant.js";

describe("a forget question across a restart", () => {
  const dirs: string[] = [];
  const tempDir = async (): Promise<string> => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "forget-question-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it.each([
    ["ko", ["기억해줘: 자전거 자물쇠는 현관 선반", "기억해줘: 우산은 차 트렁크에"], "전부 잊어줘", "네"],
    [
      "en",
      ["remember: bike lock on the hall shelf", "remember: umbrella in the car trunk"],
      "forget everything",
      "yes",
    ],
  ])("is answered by the yes after it (%s)", async (_lang, saved, ask, yes) => {
    const env = { DATA_DIR: await tempDir() };
    const user = `restart-${_lang}`;
    const first = await startTestAssistant({ mode: "local", ollama: false, env });
    try {
      await chat(first, [...saved, ask], user);
    } finally {
      await first.stop();
    }
    const second = await startTestAssistant({ mode: "local", ollama: false, env });
    try {
      const printed = await chat(second, [yes], user);
      expect(printed).toMatch(/전부 잊었어요|I forgot everything/u);
      const { items } = await second.assistant.memory.list({ teamId: "local", userId: user }, { limit: 10 });
      expect(items).toEqual([]);
    } finally {
      await second.stop();
    }
  });

  it("keeps ids only, drops lapsed questions when read, and gives a question once", async () => {
    const dir = await tempDir();
    let now = 1_000_000;
    const store = new JsonForgetQuestions(dir, () => now);
    await store.put("a", { ids: ["mem_1", "mem_2"], askedAt: now, lang: "ko" });
    await store.put("b", { ids: [], askedAt: now - FORGET_QUESTION_TTL_MS - 1, lang: "en", all: true });
    const file = await readFile(path.join(dir, FORGET_QUESTIONS_FILE), "utf8");
    expect(Object.keys(JSON.parse(file).open as object)).toEqual(["a", "b"]);
    // Another process on the same folder reads what is still open.
    now += 1_000;
    const reopened = new JsonForgetQuestions(dir, () => now);
    expect(await reopened.take("b")).toBeUndefined();
    expect(await reopened.take("a")).toEqual({ ids: ["mem_1", "mem_2"], askedAt: 1_000_000, lang: "ko" });
    expect(await reopened.take("a")).toBeUndefined();
    expect(await new JsonForgetQuestions(dir, () => now).take("a")).toBeUndefined();
  });

  it("reads an unreadable file as no question, and goes on", async () => {
    const dir = await tempDir();
    const { writeFile } = await import("node:fs/promises");
    await writeFile(path.join(dir, FORGET_QUESTIONS_FILE), "{ half a file");
    const store = new JsonForgetQuestions(dir);
    expect(await store.take("a")).toBeUndefined();
    await store.put("a", { ids: ["mem_1"], askedAt: Date.now(), lang: "en" });
    expect(await new JsonForgetQuestions(dir).take("a")).toMatchObject({ ids: ["mem_1"] });
  });
});
