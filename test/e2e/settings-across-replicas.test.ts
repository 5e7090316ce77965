/**
 * People's settings and the retention sweep with two replicas on one PostgreSQL (issue 23): a pause
 * said to one replica holds for a message answered by the other, and "다시 기억해" said to either
 * resumes it; two replicas sweeping at once forget an expired memory once, with one `expire` event.
 * Each replica is a whole assistant (its own DATA_DIR, HTTP server and fake Slack) sharing the
 * database and the Chroma collections, as two processes would.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../../fixtures/postgres-db.js";
import { makeDmEvent, TEST_IDS } from "../support/slack-events.js";
import { faithfulModel, replyTo, startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

const TEAM = TEST_IDS.teamId;
const FACT = "우리 집 강아지 두부는 다음 주 화요일 오후 3시에 동물병원 예방접종 예약했어";
const OTHER_FACT = "나 다음 달 15일에 이직 면접 보기로 했어";

describe("settings and the sweep across two replicas", { timeout: 180_000 }, () => {
  let a: TestAssistant;
  let b: TestAssistant;
  let configDir: string;

  beforeAll(async () => {
    configDir = await mkdtemp(path.join(os.tmpdir(), "replica-settings-"));
    await writeFile(path.join(configDir, "memory.toml"), "[memory.retention]\nautosave_days = 0.0001\n");
    const env = {
      DATABASE_URL: await createTestDatabase(inject("postgresUrl")),
      VECTOR_NAMESPACE_PREFIX: `t_${randomBytes(6).toString("hex")}`,
      MEMORY_CONFIG: path.join(configDir, "memory.toml"),
    };
    a = await startTestAssistant({ mode: "http", env });
    b = await startTestAssistant({ mode: "http", env });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await rm(configDir, { recursive: true, force: true });
  });

  const memories = async (user: string) =>
    (
      (await (await a.admin(`/admin/memory/list/${user}?team=${TEAM}&limit=100`)).json()) as {
        items: Array<{ id: string; doc: string; meta: { source: string } }>;
      }
    ).items;
  const tell = async (t: TestAssistant, user: string, text: string, ts?: string) => {
    const reply = await replyTo(t, makeDmEvent({ text, user, channel: `D_${user}`, ...(ts ? { ts } : {}) }));
    await t.assistant.drain();
    return reply;
  };

  it("a pause said to replica A holds on replica B until resumed on B", async () => {
    faithfulModel(a);
    faithfulModel(b);
    const user = "U_REPL_PAUSE";
    expect(await tell(a, user, "이 대화는 기억하지 마")).toContain("⏸");
    await tell(b, user, FACT);
    expect(await memories(user)).toEqual([]);
    expect(await tell(b, user, "다시 기억해")).toContain("다시 이 대화를 기억할게요");
    await tell(a, user, OTHER_FACT);
    expect((await memories(user)).map((m) => m.doc)).toEqual([OTHER_FACT]);
  });

  it("a forget question asked by one replica is taken by the next message on the other", async () => {
    faithfulModel(a);
    faithfulModel(b);
    const user = "U_REPL_FORGET";
    await tell(a, user, "기억해줘: 헬스장 사물함 비번 4821");
    await tell(a, user, "기억해줘: 헬스장 수요일 휴관");
    // "Forget everything?" asked by B, cancelled on A: a later yes on B confirms nothing.
    expect(await tell(b, user, "전부 잊어줘")).toContain("전부 잊을까요");
    expect(await tell(a, user, "취소")).toContain("아무것도 지우지 않았어요");
    expect(await tell(b, user, "네")).not.toContain("잊었어요");
    expect(await memories(user)).toHaveLength(2);
    // "Which one?" asked by A, answered on B: the number picks from A's list.
    expect(await tell(a, user, "잊어줘: 헬스장")).toContain("2.");
    expect(await tell(b, user, "2")).toContain("잊었어요");
    expect(await memories(user)).toHaveLength(1);
  });

  it("two replicas sweeping at once forget an expired autosaved memory once", async () => {
    faithfulModel(a);
    const user = "U_REPL_SWEEP";
    const minuteAgo = `${Math.floor(Date.now() / 1000) - 60}.000100`;
    await tell(a, user, FACT, minuteAgo);
    let before = await memories(user);
    for (let i = 0; i < 100 && before.length < 1; i += 1) {
      await new Promise((done) => setTimeout(done, 100));
      before = await memories(user);
    }
    expect(before.map((m) => m.meta.source)).toEqual(["autosave"]);

    const results = await Promise.all([a.assistant.retention.sweep(), b.assistant.retention.sweep()]);
    expect(results.reduce((n, r) => n + r.expired, 0)).toBe(1);
    expect(await memories(user)).toEqual([]);
    const events = (
      (await (await b.admin(`/admin/audit?user=${user}&limit=100`)).json()) as {
        items: Array<{ actor: string; action: string; ids: string[] }>;
      }
    ).items;
    expect(events.filter((e) => e.action === "expire")).toEqual([
      expect.objectContaining({ actor: "sweep", ids: [before[0]!.id] }),
    ]);
  });
});
