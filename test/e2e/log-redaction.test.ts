/** Through the real app and its own logger: message text never reaches the logs above debug. */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { makeDmEvent } from "../support/slack-events.js";
import { faithfulModel, replyTo, startTestAssistant } from "../support/test-assistant.js";

describe("logs", () => {
  it("carry no message text at info when the model answers extraction with garbage", async () => {
    const sink = new PassThrough();
    let logs = "";
    sink.on("data", (c: Buffer) => (logs += c.toString("utf8")));
    const t = await startTestAssistant({ mode: "http", env: { LOG_LEVEL: "info" }, logSink: sink });
    try {
      t.ollama!.onChat((req) =>
        req.format !== undefined
          ? "설마 이건 JSON이 아니지? 비밀번호는 hunter2 우산은 현관에"
          : "(fake) 답변",
      );
      await replyTo(
        t,
        makeDmEvent({ text: "기억해줘: 우산은 현관 신발장 위에 있어", user: "U_LOGS", channel: "D_LOGS" }),
      );
      await t.assistant.drain();
      await replyTo(t, makeDmEvent({ text: "우산 어디 있지?", user: "U_LOGS", channel: "D_LOGS" }));
      expect(logs).toContain("graph extraction"); // the failures were logged …
      for (const words of ["우산", "신발장", "hunter2", "현관", "JSON이"]) expect(logs).not.toContain(words);
    } finally {
      await t.stop();
    }
  }, 60_000);

  it("say a message was autosaved at info, not its topics", async () => {
    const sink = new PassThrough();
    let logs = "";
    sink.on("data", (c: Buffer) => (logs += c.toString("utf8")));
    const t = await startTestAssistant({ mode: "http", env: { LOG_LEVEL: "info" }, logSink: sink });
    try {
      faithfulModel(t);
      const who = { user: "U_LOGT", channel: "D_LOGT" };
      await replyTo(
        t,
        makeDmEvent({ text: "다음 주 목요일 오전 9시에 정형외과 무릎 관절 진료 예약했어", ...who }),
      );
      await t.assistant.drain();
      const [kept] = (await t.assistant.memory.list({ teamId: "T_TEST", userId: who.user }, { limit: 5 }))
        .items;
      expect(kept?.topics).toEqual(expect.arrayContaining(["health"])); // a topic was found …
      const lines = logs
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const saved = lines.find((line) => line["msg"] === "message autosaved");
      expect(saved).toMatchObject({ memoryId: kept!.id }); // … and the save was logged …
      expect(saved).not.toHaveProperty("topics"); // … without it, here or anywhere
      expect(logs).not.toContain("health");
    } finally {
      await t.stop();
    }
  }, 60_000);
});
