/**
 * Expiry of what was only overheard, and the audit of who touched a memory (issue 23, items 4 and 6),
 * through the real app and fake Slack: with `[memory.retention] autosave_days = 0.0001` the sweep
 * forgets an old autosaved memory but not one asked for nor a pinned one; every save, forget, expiry,
 * pin and admin read is an audit event at `GET /admin/audit` (paged, filtered by user) that carries no
 * memory text; the events survive a restart.
 */
import { readFile, writeFile, mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESPONSE_URL_METHOD } from "../support/fake-slack.js";
import { makeDmEvent, TEST_IDS } from "../support/slack-events.js";
import { makeSlashCommand, sendCommand } from "../support/slack-interactions.js";
import { faithfulModel, replyTo, startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

const TEAM = TEST_IDS.teamId;
const WHO = { user: "U_RETAIN", channel: "D_RETAIN" };
const OVERHEARD = "우리 집 강아지 두부는 다음 주 화요일 오후 3시에 동물병원 예방접종 예약했어";
const PINNED = "내 신발 사이즈 270이야";
const ASKED = "또리 생일은 10월 27일이야";

interface AuditItem {
  seq: number;
  at: number;
  actor: string;
  action: string;
  ids: string[];
  user_id: string;
  team_id: string;
}

/** A Slack ts a minute ago: older than autosave_days = 0.0001 (8.64 s). */
function minuteAgo(offset: number): string {
  return `${Math.floor(Date.now() / 1000) - 60 + offset}.000100`;
}

async function memories(
  t: TestAssistant,
): Promise<Array<{ id: string; doc: string; meta: { source: string } }>> {
  const res = await t.admin(`/admin/memory/list/${WHO.user}?team=${TEAM}&limit=100`);
  return ((await res.json()) as { items: Array<{ id: string; doc: string; meta: { source: string } }> })
    .items;
}

async function audit(
  t: TestAssistant,
  query = `user=${WHO.user}`,
): Promise<{ items: AuditItem[]; nextCursor: string | null }> {
  const res = await t.admin(`/admin/audit?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { items: AuditItem[]; nextCursor: string | null };
}

describe("retention sweep and audit through Slack", () => {
  let dataDir: string;
  let configDir: string;
  let t: TestAssistant;
  const start = async () =>
    startTestAssistant({
      mode: "http",
      env: { DATA_DIR: dataDir, MEMORY_CONFIG: path.join(configDir, "memory.toml") },
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "retention-data-"));
    configDir = await mkdtemp(path.join(os.tmpdir(), "retention-config-"));
    await writeFile(path.join(configDir, "memory.toml"), "[memory.retention]\nautosave_days = 0.0001\n");
    t = await start();
  });
  afterAll(async () => {
    await t?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(configDir, { recursive: true, force: true });
  });

  it("forgets an old autosaved memory but not an asked-for or a pinned one, and audits it all", async () => {
    faithfulModel(t);
    await replyTo(t, makeDmEvent({ text: OVERHEARD, ...WHO, ts: minuteAgo(0) }));
    await replyTo(t, makeDmEvent({ text: PINNED, ...WHO, ts: minuteAgo(1) }));
    expect(await replyTo(t, makeDmEvent({ text: `기억해줘: ${ASKED}`, ...WHO, ts: minuteAgo(2) }))).toContain(
      "기억했어요",
    );
    await t.assistant.drain();
    // Autosave runs after each reply: wait until all three are listed.
    let before = await memories(t);
    for (let i = 0; i < 100 && before.length < 3; i += 1) {
      await new Promise((done) => setTimeout(done, 100));
      before = await memories(t);
    }
    const overheard = before.find((m) => m.doc === OVERHEARD)!;
    const pinned = before.find((m) => m.doc === PINNED)!;
    const asked = before.find((m) => m.doc === ASKED)!;
    expect([overheard.meta.source, pinned.meta.source, asked.meta.source]).toEqual([
      "autosave",
      "autosave",
      "slack",
    ]);

    // Pinned by its owner with /memory pin <id>.
    await sendCommand(
      t,
      makeSlashCommand(t, { text: `pin ${pinned.id}`, user: WHO.user, channel: WHO.channel }),
    );
    const [answer] = await t.slack!.waitForCall(RESPONSE_URL_METHOD, { timeoutMs: 10_000 });
    expect(String(answer!.args["text"])).toContain("고정했어요");

    expect(await t.assistant.retention.sweep()).toEqual({ ran: true, expired: 1, conversations: 0 });
    const after = (await memories(t)).map((m) => m.doc).sort();
    expect(after).toEqual([ASKED, PINNED].sort());
    // Its graph facts went with it (BM25 too: a search finds it no more).
    const search = (await (
      await t.admin(`/admin/memory/search/${WHO.user}?team=${TEAM}&q=${encodeURIComponent("두부 예방접종")}`)
    ).json()) as { results: Array<{ doc: string }> };
    expect(search.results.map((r) => r.doc)).not.toContain(OVERHEARD);
    const graph = (await (await t.admin(`/admin/graph/${WHO.user}?team=${TEAM}`)).json()) as {
      nodes: Array<{ name: string }>;
    };
    expect(graph.nodes.map((n) => n.name)).not.toContain("두부");
    // A second sweep finds nothing more.
    expect((await t.assistant.retention.sweep()).expired).toBe(0);

    const events = (await audit(t, `user=${WHO.user}&limit=100`)).items;
    const has = (actor: string, action: string, id?: string) =>
      events.some(
        (e) => e.actor === actor && e.action === action && (id === undefined || e.ids.includes(id)),
      );
    expect(has("autosave", "save", overheard.id)).toBe(true);
    expect(has("autosave", "save", pinned.id)).toBe(true);
    expect(has("user", "save", asked.id)).toBe(true);
    expect(has("user", "pin", pinned.id)).toBe(true);
    expect(has("sweep", "expire", overheard.id)).toBe(true);
    expect(has("sweep", "expire", pinned.id)).toBe(false);
    // The admin reads above (list, search) are recorded too.
    expect(has("admin-token", "read", asked.id)).toBe(true);
    expect(events.every((e) => e.user_id === WHO.user && e.team_id === TEAM)).toBe(true);

    // A delete through the admin API, by the token.
    expect(
      (await t.admin(`/admin/memory/${WHO.user}/${asked.id}?team=${TEAM}`, { method: "DELETE" })).status,
    ).toBe(200);
    expect((await audit(t, `user=${WHO.user}&limit=1`)).items[0]).toMatchObject({
      actor: "admin-token",
      action: "forget",
      ids: [asked.id],
    });

    // No event carries a memory's text: the file holds ids only, and is the owner's alone.
    const file = await readFile(path.join(dataDir, "audit.jsonl"), "utf8");
    for (const text of [OVERHEARD, PINNED, ASKED, "두부", "또리"]) expect(file).not.toContain(text);
    // A bare number can occur inside a timestamp or a memory id by chance, so it is looked for in the
    // rest of each event only.
    const rest = file
      .trim()
      .split("\n")
      .map((line) => {
        const { at: _at, ids: _ids, ...others } = JSON.parse(line) as Record<string, unknown>;
        return JSON.stringify(others);
      });
    for (const event of rest) expect(event).not.toContain("270");
    expect((await stat(path.join(dataDir, "audit.jsonl"))).mode & 0o777).toBe(0o600);
  });

  it("pages newest first with a cursor, filters by user, and refuses a bad cursor", async () => {
    const all = (await audit(t, `user=${WHO.user}&limit=500`)).items;
    expect(all.length).toBeGreaterThan(4);
    const seqs = all.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    const paged: AuditItem[] = [];
    let cursor: string | null = null;
    do {
      const page = await audit(t, `user=${WHO.user}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
    expect((await audit(t, "user=U_NOBODY")).items).toEqual([]);
    expect((await t.admin("/admin/audit?cursor=nonsense")).status).toBe(400);
    expect((await t.admin("/admin/audit", { auth: false })).status).toBe(401);
  });

  it("keeps the events across a restart", async () => {
    const before = (await audit(t, `user=${WHO.user}&limit=500`)).items;
    await t.assistant.stop();
    t = await start();
    expect((await audit(t, `user=${WHO.user}&limit=500`)).items).toEqual(before);
  });
});
