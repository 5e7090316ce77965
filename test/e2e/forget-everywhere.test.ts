/**
 * "Forget" forgets everywhere: through each door (the model's tool, the chat command, the admin API,
 * the CLI) a memory leaves Chroma, the BM25 index and the knowledge graph, and a later question's
 * prompt at the fake Ollama holds none of it. A channel mention can neither forget nor reveal a DM
 * memory through any tool.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { createCliHarness } from "../cli/cli-harness.js";
import type { FakeChatRequest } from "../support/fake-ollama.js";
import { makeDmEvent, makeMentionEvent, TEST_IDS } from "../support/slack-events.js";
import {
  faithfulModel,
  replyTo,
  startTestAssistant,
  promptOf,
  systemPromptOf,
  type TestAssistant,
  useTestAssistant,
} from "../support/test-assistant.js";

const TEAM = TEST_IDS.teamId;
const FACT = "또리 생일은 10월 27일이야";
const QUESTION = "또리 생일 언제야?";

/** The chat requests that answered a user (they carry the tools), newest last. */
function answers(t: TestAssistant): FakeChatRequest[] {
  return t.ollama!.chatRequests().filter((r) => r.tools !== undefined);
}

/** What the assistant holds of the fact, through the admin API: search hits, BM25 rank, graph. */
async function traces(
  t: TestAssistant,
  user: string,
): Promise<{ hits: string[]; bm25: number; graph: string[] }> {
  const search = (await (
    await t.admin(`/admin/memory/search/${user}?team=${TEAM}&q=${encodeURIComponent("또리 생일")}&k=10`)
  ).json()) as { results: Array<{ doc: string; ranks: { bm25: number | null } }> };
  const graph = (await (await t.admin(`/admin/graph/${user}?team=${TEAM}`)).json()) as {
    nodes: Array<{ name: string }>;
  };
  return {
    hits: search.results.map((r) => r.doc).filter((doc) => doc.includes("10월 27일")),
    bm25: search.results.filter((r) => r.doc.includes("10월 27일") && r.ranks.bm25 !== null).length,
    graph: graph.nodes.map((n) => n.name).filter((name) => name === "또리" || name === "10월 27일"),
  };
}

async function expectForgotten(t: TestAssistant, who: { user: string; channel: string }): Promise<void> {
  expect(await traces(t, who.user)).toEqual({ hits: [], bm25: 0, graph: [] });
  await replyTo(t, makeDmEvent({ text: QUESTION, user: who.user, channel: who.channel }));
  // The whole prompt: the quoted data of the system message and the conversation's earlier messages.
  const prompt = promptOf(answers(t).at(-1)!);
  expect(prompt).not.toContain("10월 27일");
  expect(prompt).not.toContain("또리: 생일");
  expect(prompt).not.toContain("[관련 기억]\n");
}

async function rememberFact(t: TestAssistant, who: { user: string; channel: string }): Promise<string> {
  const reply = await replyTo(
    t,
    makeDmEvent({ text: `기억해줘: ${FACT}`, user: who.user, channel: who.channel }),
  );
  expect(reply).toContain("기억했어요");
  await t.assistant.drain();
  const before = await traces(t, who.user);
  expect(before.hits).toEqual([FACT]);
  expect(before.bm25).toBe(1);
  expect(before.graph.sort()).toEqual(["10월 27일", "또리"]);
  const list = (await (await t.admin(`/admin/memory/list/${who.user}?team=${TEAM}`)).json()) as {
    items: Array<{ id: string; doc: string }>;
  };
  return list.items.find((i) => i.doc === FACT)!.id;
}

describe("forget forgets everywhere", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("through the model's forget tool", async () => {
    const who = { user: "U_TOOL", channel: "D_TOOL" };
    faithfulModel(t, (last) =>
      last.includes("필요 없어") ? { name: "forget", arguments: { id_or_query: "또리 생일" } } : undefined,
    );
    await rememberFact(t, who);
    const posts = t.slack!.callsTo("chat.postMessage").length;
    const proposal = await replyTo(t, makeDmEvent({ text: "또리 생일 정보는 이제 필요 없어", ...who }));
    const toolResult = answers(t).at(-1)!.messages.at(-1)!;
    expect(toolResult).toMatchObject({ role: "tool" });
    // The model only proposes: nothing is deleted until the user confirms.
    expect(toolResult.content).toMatch(/^nothing was deleted: the user is asked to confirm/);
    expect(proposal).toContain(`1. ${FACT}`);
    await t.slack!.waitForCall("chat.postMessage", { count: posts + 2 }); // the proposal's buttons
    expect((await traces(t, who.user)).hits).toEqual([FACT]);
    expect(await replyTo(t, makeDmEvent({ text: "1", ...who }))).toBe(`잊었어요: "${FACT}"`);
    await expectForgotten(t, who);
  });

  it("through the chat command, in Korean and with the English verb", async () => {
    faithfulModel(t);
    const ko = { user: "U_CHAT_KO", channel: "D_CHAT_KO" };
    await rememberFact(t, ko);
    expect(await replyTo(t, makeDmEvent({ text: "잊어줘: 또리 생일", ...ko }))).toBe(`잊었어요: "${FACT}"`);
    await expectForgotten(t, ko);

    const en = { user: "U_CHAT_EN", channel: "D_CHAT_EN" };
    await rememberFact(t, en);
    // A message with Hangul is answered in Korean, whatever its verb.
    expect(await replyTo(t, makeDmEvent({ text: "forget 또리 생일", ...en }))).toBe(`잊었어요: "${FACT}"`);
    await expectForgotten(t, en);
  });

  it("through the admin API, one by id and all at once", async () => {
    faithfulModel(t);
    const who = { user: "U_ADMIN", channel: "D_ADMIN" };
    const id = await rememberFact(t, who);
    const res = await t.admin(`/admin/memory/${who.user}/${id}?team=${TEAM}`, { method: "DELETE" });
    expect(await res.json()).toEqual({ deleted: id });
    await expectForgotten(t, who);

    await rememberFact(t, who);
    const all = await t.admin(`/admin/memory/${who.user}?team=${TEAM}&confirm=true&history=true`, {
      method: "DELETE",
    });
    const body = (await all.json()) as { deleted: number; conversations: number };
    expect(body.deleted).toBe(1);
    expect(body.conversations).toBeGreaterThan(0);
    const graph = (await (await t.admin(`/admin/graph/${who.user}?team=${TEAM}`)).json()) as {
      nodes: unknown[];
      relations: unknown[];
    };
    expect(graph).toEqual({ nodes: [], relations: [] });
    const history = (await (await t.admin(`/admin/history/${who.user}?team=${TEAM}`)).json()) as {
      conversations: unknown[];
    };
    expect(history.conversations).toEqual([]);
  });

  it("in a channel, no tool and no command can forget or reveal a DM memory", async () => {
    const who = { user: "U_CHAN", channel: "D_CHAN" };
    const secret = "여권 번호 M12345678";
    faithfulModel(t);
    await replyTo(t, makeDmEvent({ text: `기억해줘: ${secret}`, ...who }));
    await t.assistant.drain();
    const list = (await (await t.admin(`/admin/memory/list/${who.user}?team=${TEAM}`)).json()) as {
      items: Array<{ id: string; doc: string }>;
    };
    const id = list.items.find((i) => i.doc === secret)!.id;

    const calls = [
      { name: "forget", arguments: { id_or_query: id } },
      { name: "forget", arguments: { id_or_query: "여권 번호" } },
      { name: "recall", arguments: { query: "여권 번호" } },
      { name: "recall", arguments: { query: id } },
      { name: "query_graph", arguments: { entity: "여권" } },
    ];
    for (const call of calls) {
      t.ollama!.reset();
      faithfulModel(t, () => call);
      const reply = await replyTo(
        t,
        makeMentionEvent({ text: "여권 번호 관련해서 정리해 줘", user: who.user, channel: "C_PUBLIC" }),
      );
      const requests = answers(t);
      const toolMessage = requests.at(-1)!.messages.at(-1)!;
      expect(toolMessage.role).toBe("tool");
      for (const request of requests) {
        for (const message of request.messages) expect(message.content).not.toContain("M12345678");
      }
      expect(reply).not.toContain("M12345678");
    }
    for (const text of [`잊어줘: ${id}`, "잊어줘: 여권 번호", "forget 여권 번호"]) {
      const reply = await replyTo(t, makeMentionEvent({ text, user: who.user, channel: "C_PUBLIC" }));
      expect(reply).not.toContain("M12345678");
      expect(reply).toMatch(/찾지 못했어요|couldn't find/);
    }
    // Still there, and still found in the DM.
    const after = await t.admin(`/admin/memory/${who.user}/${id}?team=${TEAM}`);
    expect(after.status).toBe(200);
    t.ollama!.reset();
    faithfulModel(t);
    await replyTo(t, makeDmEvent({ text: "여권 번호 뭐였지?", ...who }));
    expect(systemPromptOf(answers(t).at(-1)!)).toContain("M12345678");
  });
});

describe("forget through the CLI, and imports reaching the graph", () => {
  it("deletes a memory and its graph facts; an import's facts appear in the graph", async () => {
    const cli = await createCliHarness(inject("chromaUrl"));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "cli-door-"));
    // The app and the CLI share the data: same folder, same collections, same embedder.
    const env = {
      DATA_DIR: dataDir,
      VECTOR_NAMESPACE_PREFIX: `cli_door_${randomBytes(4).toString("hex")}`,
      EMBEDDER: "offline",
    };
    const who = { user: "U_CLI", channel: "D_CLI" };
    let t: TestAssistant | undefined = await startTestAssistant({ mode: "http", env });
    try {
      faithfulModel(t);
      const id = await rememberFact(t, who);
      await t.stop();
      t = undefined;

      const deleted = await cli.run(
        ["delete", "--user", who.user, "--team", TEAM, "--id", id, "--json"],
        env,
      );
      expect(deleted.code).toBe(0);
      expect(JSON.parse(deleted.lines.at(-1)!)).toEqual({ deleted: 1 });
      const file = await cli.writeJsonl("import.jsonl", [
        { user_id: who.user, text: "결혼정장 업체명: 슈트패브릭, 전화번호: 0507-1370-9606" },
      ]);
      expect((await cli.run(["import", "--file", file, "--team", TEAM], env)).code).toBe(0);

      // Started again on the same data, the assistant finds what the CLI left.
      t = await startTestAssistant({ mode: "http", env });
      faithfulModel(t);
      await expectForgotten(t, who);
      const shop = (await (
        await t.admin(`/admin/graph/${who.user}/entity/${encodeURIComponent("슈트패브릭")}?team=${TEAM}`)
      ).json()) as { lines: string[] };
      expect(shop.lines).toEqual(["슈트패브릭: 전화번호 = 0507-1370-9606"]);
    } finally {
      await t?.stop();
      await cli.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
