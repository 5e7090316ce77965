import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../src/admin/admin-api.js";
import { dmConversation } from "../../src/history/index.js";
import { startTestAssistant, type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

/** A cursor as the list makes them, at any offset. */
const cursorAt = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString("base64url");

interface MemoryView {
  id: string;
  doc: string;
  meta: Record<string, unknown>;
}

describe("admin API", () => {
  let t: TestAssistant;

  useTestAssistant({ mode: "local", ollama: false }, (started) => (t = started));

  const post = (userId: string, body: unknown) =>
    t.admin(`/admin/memory/${userId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  describe("auth", () => {
    it.each([
      ["no token", false],
      ["a wrong token", "wrong-token-0123456789"],
      ["a token with a matching prefix", "test-admin-token-01234567890"],
    ] as const)("answers 401 with %s", async (_what, auth) => {
      const res = await t.admin("/admin/memory/list/U_ALICE", { auth });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: "unauthorized" });
    });

    it.each([
      ["another scheme", "Basic dGVzdDp0ZXN0"],
      ["no token after Bearer", "Bearer"],
      ["characters no bearer token has", "Bearer not a token!"],
    ])("answers 401 (not 400) to a malformed header: %s", async (_what, header) => {
      const res = await t.admin("/admin/memory/list/U_ALICE", {
        auth: false,
        headers: { authorization: header },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: "unauthorized" });
    });

    it("answers 401 before 404 on unknown admin paths", async () => {
      expect((await t.admin("/admin/nothing-here", { auth: false })).status).toBe(401);
      expect((await t.admin("/admin/nothing-here")).status).toBe(404);
    });
  });

  it("adds, lists, gets, searches and deletes memories", async () => {
    const added = await post("U_ALICE", {
      text: "결혼정장 업체명: 슈트패브릭, 전화번호: 0507-1370-9606",
      metadata: { category: "wedding" },
    });
    expect(added.status).toBe(201);
    const memory = (await added.json()) as MemoryView;
    expect(memory).toMatchObject({
      doc: "결혼정장 업체명: 슈트패브릭, 전화번호: 0507-1370-9606",
      meta: { user_id: "U_ALICE", team_id: "local", source: "admin", category: "wedding", doc_id: memory.id },
    });

    const list = (await (await t.admin("/admin/memory/list/U_ALICE?limit=10")).json()) as {
      items: MemoryView[];
      nextCursor: string | null;
    };
    expect(list.items.map((i) => i.id)).toContain(memory.id);
    expect(list.nextCursor).toBeNull();

    const one = await t.admin(`/admin/memory/U_ALICE/${memory.id}`);
    expect(((await one.json()) as MemoryView).doc).toBe(memory.doc);

    const search = (await (
      await t.admin(`/admin/memory/search/U_ALICE?q=${encodeURIComponent("슈트패브릭 번호")}&k=3`)
    ).json()) as {
      results: Array<{
        id: string;
        score: number;
        relevant: boolean;
        ranks: { vector: number | null; bm25: number | null };
        scores: { bm25: number | null };
      }>;
    };
    expect(search.results[0]).toMatchObject({ id: memory.id, relevant: true, ranks: { bm25: 1 } });
    expect(search.results[0]!.score).toBeGreaterThan(0);
    expect(search.results[0]!.scores.bm25).toBeGreaterThan(0);

    expect((await t.admin(`/admin/memory/U_ALICE/${memory.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await t.admin(`/admin/memory/U_ALICE/${memory.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await t.admin(`/admin/memory/U_ALICE/${memory.id}`)).status).toBe(404);
  });

  it("deletes all of a user's memories only with confirm=true", async () => {
    await post("U_CAROL", { text: "carol one" });
    await post("U_CAROL", { text: "carol two" });
    const refused = await t.admin("/admin/memory/U_CAROL", { method: "DELETE" });
    expect(refused.status).toBe(400);
    const done = await t.admin("/admin/memory/U_CAROL?confirm=true", { method: "DELETE" });
    expect(await done.json()).toEqual({ deleted: 2 });
    const list = (await (await t.admin("/admin/memory/list/U_CAROL")).json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
  });

  it("never shows one user's memories under another user's id", async () => {
    const alice = (await (await post("U_A1", { text: "또리 생일 8월 9일" })).json()) as MemoryView;
    const bob = (await (await post("U_B1", { text: "또리 생일 3월 14일" })).json()) as MemoryView;
    const search = (await (
      await t.admin(`/admin/memory/search/U_A1?q=${encodeURIComponent("또리 생일")}&k=10`)
    ).json()) as {
      results: Array<{ id: string }>;
    };
    expect(search.results.map((r) => r.id)).toEqual([alice.id]);
    expect((await t.admin(`/admin/memory/U_A1/${bob.id}`)).status).toBe(404);
    expect((await t.admin(`/admin/memory/U_A1/${bob.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await t.admin(`/admin/memory/U_B1/${bob.id}`)).status).toBe(200);
  });

  describe("client mistakes get 400 with a message, never a 500", () => {
    it.each([
      ["bad JSON", "U_ALICE", "{not json"],
      ["empty body", "U_ALICE", ""],
      ["a missing text", "U_ALICE", { metadata: {} }],
      ["an empty text", "U_ALICE", { text: "   " }],
      ["an over-long text", "U_ALICE", { text: "가".repeat(100_001) }],
      ["a non-string text", "U_ALICE", { text: 42 }],
      ["bad metadata keys", "U_ALICE", { text: "x", metadata: { "bad key!": 1 } }],
      ["nested metadata", "U_ALICE", { text: "x", metadata: { a: { b: 1 } } }],
      ["a bad channel_type", "U_ALICE", { text: "x", metadata: { channel_type: "planet" } }],
      // A memory's own fields, which extra metadata beside them would read as.
      ["metadata naming the owner", "U_ALICE", { text: "x", metadata: { user_id: "U_BOB" } }],
      ["metadata naming the source", "U_ALICE", { text: "x", metadata: { source: "slack", doc_id: "m1" } }],
      ["a bad user id", "U%2F..%2Fetc", { text: "x" }],
      // Only true shares a memory: "yes" would be kept as a flag that says shared and is not.
      ["shared as a string", "U_ALICE", { text: "x", metadata: { shared: "yes" } }],
    ])("POST with %s", async (_what, userId, body) => {
      const res = await post(userId, body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: string; message: string };
      expect(json.error).toBe("bad_request");
      expect(json.message.length).toBeGreaterThan(3);
    });

    it.each([
      ["k=0", "/admin/memory/search/U_ALICE?q=x&k=0"],
      ["k=51", "/admin/memory/search/U_ALICE?q=x&k=51"],
      ["k=abc", "/admin/memory/search/U_ALICE?q=x&k=abc"],
      ["no q", "/admin/memory/search/U_ALICE"],
      ["limit=0", "/admin/memory/list/U_ALICE?limit=0"],
      ["a bad cursor", "/admin/memory/list/U_ALICE?cursor=%%%"],
      ["a cursor at offset 1e300", `/admin/memory/list/U_ALICE?cursor=${cursorAt(1e300)}`],
      ["a cursor at offset 2^63", `/admin/memory/list/U_ALICE?cursor=${cursorAt(2 ** 63)}`],
      ["a bad user id", "/admin/memory/list/has%20space"],
      ["a bad team", "/admin/memory/list/U_ALICE?team=a%2Fb"],
    ])("GET with %s", async (_what, path) => {
      const res = await t.admin(path);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe("bad_request");
    });

    it("answers 405 for a known path with the wrong method", async () => {
      const res = await t.admin("/admin/memory/list/U_ALICE", { method: "POST" });
      expect(res.status).toBe(405);
      expect(await res.json()).toMatchObject({ error: "method_not_allowed" });
      expect((await t.admin("/admin/history/U_ALICE", { method: "PUT" })).status).toBe(405);
      expect((await t.admin("/admin/graph/U_ALICE/entity/x", { method: "DELETE" })).status).toBe(405);
    });

    it("answers 400 to a body over the limit, and to a malformed path", async () => {
      const big = await post("U_ALICE", { text: "x", metadata: { pad: "y".repeat(MAX_BODY_BYTES) } });
      expect(big.status).toBe(400);
      expect(await big.json()).toMatchObject({ error: "bad_request" });
      const malformed = await t.admin("/admin/memory/list/%E0%A4%A");
      expect(malformed.status).toBe(400);
    });

    it("reads a JSON body sent without a JSON content type", async () => {
      const res = await t.admin("/admin/memory/U_PLAIN", {
        method: "POST",
        body: JSON.stringify({ text: "plain" }),
      });
      expect(res.status).toBe(201);
    });
  });

  describe("history", () => {
    const turn = (text: string, at: number) => ({
      user: text,
      assistant: `re: ${text}`,
      userAt: at,
      assistantAt: at + 1,
    });

    it("lists a user's conversations of one workspace, with the README's fields", async () => {
      const here = dmConversation({ teamId: "local", userId: "U_HIST", channelId: "D_HERE" });
      const there = dmConversation({ teamId: "T_OTHER", userId: "U_HIST", channelId: "D_THERE" });
      await t.assistant.history.append(here, turn("here", 1_000));
      await t.assistant.history.append(there, turn("there", 2_000));
      type Listing = { conversations: Array<Record<string, unknown> & { id: string }> };

      const local = (await (await t.admin("/admin/history/U_HIST")).json()) as Listing;
      expect(local.conversations.map((c) => c.id)).toEqual([here.id]);
      expect(local.conversations[0]).toMatchObject({
        id: here.id,
        key: { kind: "dm", teamId: "local", userId: "U_HIST" },
        summary: null,
        pending: [],
        recent: [expect.objectContaining({ user: "here" })],
        counts: { total: 1, summarised: 0, pending: 0, recent: 1 },
      });
      const other = (await (await t.admin("/admin/history/U_HIST?team=T_OTHER")).json()) as Listing;
      expect(other.conversations.map((c) => c.id)).toEqual([there.id]);

      // Deleting goes by the same workspace: the other one's conversation is not found from here.
      const encoded = encodeURIComponent(there.id);
      expect((await t.admin(`/admin/history/U_HIST/${encoded}`, { method: "DELETE" })).status).toBe(404);
      const deleted = await t.admin(`/admin/history/U_HIST/${encoded}?team=T_OTHER`, { method: "DELETE" });
      expect(await deleted.json()).toEqual({ deleted: there.id });
    });
  });

  it("is off (404 admin_api_off) when ADMIN_TOKEN is not set", async () => {
    const off = await startTestAssistant({ mode: "local", ollama: false, env: { ADMIN_TOKEN: "" } });
    try {
      for (const path of ["/admin/memory/list/U_ALICE", "/admin/nothing-here"]) {
        const res = await off.admin(path);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({
          error: "admin_api_off",
          message: "the admin API is off: set ADMIN_TOKEN (at least 16 characters) and restart",
        });
      }
    } finally {
      await off.stop();
    }
  });
});
