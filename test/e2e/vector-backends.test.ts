/**
 * The app on every `[memory.vector] index_type`: Slack saves and recalls, the channel/DM rule, the
 * admin API (save, search with both retrievers, get, delete) and the memory CLI work the same on each
 * backend, and where the backend persists, a restart on the same DATA_DIR recalls what was saved (BM25
 * rebuilt from the backend).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCliHarness } from "../cli/cli-harness.js";
import type { FakeChatRequest } from "../support/fake-ollama.js";
import { makeDmEvent, makeMentionEvent, TEST_IDS } from "../support/slack-events.js";
import {
  faithfulModel,
  replyTo,
  startTestAssistant,
  systemPromptOf,
  type TestAssistant,
} from "../support/test-assistant.js";
import { backendEnv, type TestBackend } from "../support/vector-backends.js";

const TEAM = TEST_IDS.teamId;
/** Each CLI run is a tsx child process: seconds each on a loaded machine. */
const CLI_TIMEOUT_MS = 120_000;

/** The last chat request that answered a user (it carries the tools). */
function lastAnswer(t: TestAssistant): FakeChatRequest {
  return t
    .ollama!.chatRequests()
    .filter((r) => r.tools !== undefined)
    .at(-1)!;
}

interface SearchAnswer {
  results: Array<{ id: string; doc: string; ranks: { vector: number | null; bm25: number | null } }>;
}

describe.each<TestBackend>([
  { kind: "memory", persistent: false },
  { kind: "sqlite-vec", persistent: true },
  { kind: "pgvector", persistent: true },
])("index_type $kind", ({ kind, persistent }) => {
  let dir: string;
  let env: Record<string, string>;
  let t: TestAssistant | undefined;

  const start = async (): Promise<TestAssistant> => {
    t = await startTestAssistant({ mode: "http", env });
    faithfulModel(t);
    return t;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), `backend-${kind}-`));
    env = {
      ...(await backendEnv(kind, dir)),
      DATA_DIR: path.join(dir, "data"),
      // The same namespace after the restart (the harness picks a new one per start otherwise).
      VECTOR_NAMESPACE_PREFIX: `backends_${kind.replace(/\W/g, "")}`,
    };
  });

  afterAll(async () => {
    await t?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("saves from Slack and recalls in the DM, never in a channel", async () => {
    const app = await start();
    const dm = { user: "U-backend-1", channel: "D-backend-1" };
    await replyTo(app, makeDmEvent({ text: "기억해줘: 보리 생일은 3월 9일이야", ...dm }));
    await replyTo(app, makeDmEvent({ text: "보리 생일 언제야?", ...dm }));
    expect(systemPromptOf(lastAnswer(app))).toContain("3월 9일");

    await replyTo(
      app,
      makeMentionEvent({ text: "<@UBOT> 보리 생일 언제야?", user: dm.user, channel: "C-backend" }),
    );
    const inChannel = systemPromptOf(app.ollama!.chatRequests().at(-1)!);
    expect(inChannel).not.toContain("3월 9일");
  });

  it("serves the admin API: save, search with both retrievers, get, delete", async () => {
    const app = t!;
    const user = "U-backend-2";
    const saved = await app.admin(`/admin/memory/${user}?team=${TEAM}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "치과 예약은 12월 3일 오후 2시" }),
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: string };

    const search = (await (
      await app.admin(`/admin/memory/search/${user}?team=${TEAM}&q=${encodeURIComponent("치과 예약")}`)
    ).json()) as SearchAnswer;
    expect(search.results[0]).toMatchObject({ id, ranks: { vector: 1, bm25: 1 } });
    expect((await app.admin(`/admin/memory/${user}/${id}?team=${TEAM}`)).status).toBe(200);
    // Another user of the workspace sees none of it.
    const other = (await (
      await app.admin(`/admin/memory/search/U-backend-3?team=${TEAM}&q=${encodeURIComponent("치과 예약")}`)
    ).json()) as SearchAnswer;
    expect(other.results).toEqual([]);

    expect((await app.admin(`/admin/memory/${user}/${id}?team=${TEAM}`, { method: "DELETE" })).status).toBe(
      200,
    );
    expect((await app.admin(`/admin/memory/${user}/${id}?team=${TEAM}`)).status).toBe(404);
  });

  // Only where memories outlive the process (the in-process index starts empty by design).
  if (persistent) {
    it("recalls after a restart on the same DATA_DIR", async () => {
      await t!.stop();
      t = undefined;
      const app = await start();
      const search = (await (
        await app.admin(`/admin/memory/search/U-backend-1?team=${TEAM}&q=${encodeURIComponent("보리 생일")}`)
      ).json()) as SearchAnswer;
      expect(search.results.map((r) => r.doc)).toContain("보리 생일은 3월 9일이야");
      expect(search.results[0]!.ranks.bm25).toBe(1);
    });

    it(
      "the memory CLI imports and searches on it",
      async () => {
        const cli = await createCliHarness(inject("chromaUrl"));
        try {
          const cliEnv = await backendEnv(kind, cli.dir);
          const file = await cli.writeJsonl("in.jsonl", [
            { id: "c1", text: "현관 비밀번호 힌트는 우리 강아지 이름" },
            { id: "c2", text: "주차는 지하 2층 B-17" },
          ]);
          const imported = await cli.run(
            ["import", "--file", file, "--user", "U-cli", "--team", TEAM],
            cliEnv,
          );
          expect(imported.code, imported.stderr).toBe(0);
          // A second process reads what the first one wrote.
          const found = await cli.run(
            ["search", "--user", "U-cli", "--team", TEAM, "--query", "주차 어디"],
            cliEnv,
          );
          expect(found.code, found.stderr).toBe(0);
          expect(found.lines[0]).toMatch(/^1\. c2 /);
          const removed = await cli.run(["delete", "--user", "U-cli", "--team", TEAM, "--id", "c2"], cliEnv);
          expect(removed.code, removed.stderr).toBe(0);
          const after = await cli.run(
            ["search", "--user", "U-cli", "--team", TEAM, "--query", "주차 어디"],
            cliEnv,
          );
          expect(after.stdout).not.toContain("B-17");
        } finally {
          await cli.cleanup();
        }
      },
      CLI_TIMEOUT_MS,
    );
  } else {
    it(
      "the memory CLI refuses it with a config error rather than work on an empty index",
      async () => {
        const cli = await createCliHarness(inject("chromaUrl"));
        try {
          const run = await cli.run(
            ["search", "--user", "U-cli", "--team", TEAM, "--query", "주차"],
            await backendEnv(kind, cli.dir),
          );
          expect(run.code).toBe(2);
          expect(run.stderr).toMatch(
            /^error: memory\.vector\.index_type: "memory" keeps memories inside one process/,
          );
        } finally {
          await cli.cleanup();
        }
      },
      CLI_TIMEOUT_MS,
    );
  }
});
