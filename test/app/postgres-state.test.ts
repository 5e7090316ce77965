/**
 * The shared state of several replicas on a real PostgreSQL server: every "replica" here is its own
 * pool (its own connections), as two processes would be.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate, readMigrations } from "../../src/db/migrate.js";
import { PgDatabase } from "../../src/db/postgres.js";
import { PgGraphStore } from "../../src/stores/pg-graph-store.js";
import { ENTITY_LABEL, type EntityNode, type Relation } from "../../src/core/graph-types.js";
import { PgHistoryStore } from "../../src/stores/pg-history-store.js";
import type { ConversationRecord } from "../../src/core/history-types.js";
import { PgChangeFeed } from "../../src/stores/change-feed.js";
import type { Owner } from "../../src/core/types.js";
import { PgEventDedupe } from "../../src/stores/pg-event-dedupe.js";
import { createTestDatabase } from "../../fixtures/postgres-db.js";
import { dedupeMiddleware } from "../../src/slack/middleware/dedupe.js";
import { TurnInbox } from "../../src/slack/inbox.js";
import { recordingLogger } from "../support/recording-logger.js";

const logger = pino({ level: "silent" });
let url: string;
const pools: PgDatabase[] = [];
const replica = () => {
  const db = PgDatabase.create(url, { timeoutMs: 10_000 });
  pools.push(db);
  return db;
};

beforeAll(async () => {
  url = await createTestDatabase(inject("postgresUrl"));
  await migrate(replica());
});
afterAll(async () => {
  await Promise.all(pools.map((db) => db.close()));
});

describe("migrations", () => {
  it("are applied once, also by replicas starting together, and recorded", async () => {
    const fresh = await createTestDatabase(inject("postgresUrl"));
    const dbs = [0, 1, 2].map(() => PgDatabase.create(fresh, { timeoutMs: 10_000 }));
    try {
      const results = await Promise.all(dbs.map((db) => migrate(db)));
      const known = await readMigrations();
      const last = Math.max(...known.map((m) => m.version));
      expect(results.map((r) => r.version)).toEqual([last, last, last]);
      expect(results.flatMap((r) => r.applied).sort()).toEqual(known.map((m) => m.version).sort());
      const { rows } = await dbs[0]!.run("check", (c) =>
        c.query<{ n: string }>("SELECT count(*) AS n FROM schema_migrations"),
      );
      expect(Number(rows[0]!.n)).toBe(known.length);
      expect((await migrate(dbs[1]!)).applied).toEqual([]);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  });
});

const record = (id: string, turns: number, users = ["U1"]): ConversationRecord => ({
  version: 1,
  id,
  key: { kind: "dm", teamId: "T1", channelId: "D1", userId: users[0]! },
  userIds: users,
  pending: [],
  recent: Array.from({ length: turns }, (_, i) => ({
    user: `u${i}`,
    assistant: `a${i}`,
    userAt: i,
    assistantAt: i,
    eventId: `E${i}`,
    userId: users[0]!,
  })),
  totalTurns: turns,
  createdAt: 1,
  updatedAt: turns,
});

describe("PgHistoryStore", () => {
  it("loses no update when two replicas append to one conversation at once", async () => {
    const [a, b] = [new PgHistoryStore(replica()), new PgHistoryStore(replica())];
    const id = "dm:T1:U1:D1";
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? a : b).update(id, (current) => {
          const turns = current?.recent.length ?? 0;
          const next = record(id, turns + 1);
          return {
            ...next,
            recent: [...(current?.recent ?? []), { ...next.recent[turns]!, eventId: `X${i}` }],
          };
        }),
      ),
    );
    const stored = await b.get(id);
    expect(stored?.recent).toHaveLength(24);
    expect(new Set(stored?.recent.map((t) => t.eventId)).size).toBe(24);
  });

  it("lists by user, leaves a record alone when mutate returns undefined, and deletes", async () => {
    const store = new PgHistoryStore(replica());
    await store.update("c:1", () => record("c:1", 1, ["U7", "U8"]));
    await store.update("c:2", () => record("c:2", 2, ["U8"]));
    expect((await store.listByUser("U7")).map((r) => r.id)).toEqual(["c:1"]);
    expect((await store.listByUser("U8")).map((r) => r.id).sort()).toEqual(["c:1", "c:2"]);
    expect((await store.update("c:2", () => undefined))?.recent).toHaveLength(2);
    expect(await store.delete("c:2")).toBe(true);
    expect(await store.delete("c:2")).toBe(false);
    expect(await store.get("c:2")).toBeUndefined();
  });

  it("refuses an update that changes the id or breaks the record's shape, storing nothing", async () => {
    const store = new PgHistoryStore(replica());
    await expect(store.update("c:3", () => record("c:other", 1))).rejects.toMatchObject({ code: "internal" });
    await expect(
      store.update("c:3", () => ({ ...record("c:3", 1), userIds: "U1" }) as unknown as ConversationRecord),
    ).rejects.toMatchObject({ code: "internal" });
    expect(await store.get("c:3")).toBeUndefined();
  });
});

const node = (name: string): EntityNode => ({
  id: `${name}_${ENTITY_LABEL}`,
  label: ENTITY_LABEL,
  name,
  properties: {},
});
const relation = (source: string, label: string, target: string): Relation => ({
  id: `${source}_${ENTITY_LABEL}-[${label}]->${target}_${ENTITY_LABEL}`,
  label,
  source: `${source}_${ENTITY_LABEL}`,
  target: `${target}_${ENTITY_LABEL}`,
  properties: { createdAt: 1, current: true },
});

describe("PgGraphStore", () => {
  const key = { teamId: "T1", userId: "U1" };

  it("keeps every write of two replicas writing one user's graph at once, and each sees the other's", async () => {
    const a = new PgGraphStore(replica(), key);
    const b = new PgGraphStore(replica(), key);
    expect(await a.get()).toEqual([]); // cached empty on A
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).update((graph) => {
          graph.upsertNodes([node(`n${i}`), node("hub")]);
          graph.upsertRelations([relation("hub", `r${i}`, `n${i}`)]);
        }),
      ),
    );
    for (const store of [a, b]) {
      expect((await store.getTriplets()).map(([, r]) => r.label).sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => `r${i}`).sort(),
      );
    }
    // A write through B is seen by A's next read (its cache is checked against the row's version).
    await b.delete({ ids: [`n3_${ENTITY_LABEL}`] });
    expect((await a.get()).some((n) => n.name === "n3")).toBe(false);
  });

  it("a failed update changes nothing; drop deletes the user's graph for every replica", async () => {
    const other = { teamId: "T1", userId: "U2" };
    const a = new PgGraphStore(replica(), other);
    const b = new PgGraphStore(replica(), other);
    await a.upsertNodes([node("또리")]);
    await expect(
      a.update((graph) => {
        graph.upsertNodes([node("x")]);
        throw new Error("boom");
      }),
    ).rejects.toThrow();
    expect((await b.get()).map((n) => n.name)).toEqual(["또리"]);
    await b.drop();
    expect(await a.get()).toEqual([]);
    // Another user's graph is another row.
    expect(await new PgGraphStore(replica(), key).get()).not.toEqual([]);
  });
});

describe("PgEventDedupe", () => {
  it("an event and its retry on another replica are taken once; the owner may take it again after a restart", async () => {
    const a = new PgEventDedupe(replica(), "replica-a", logger);
    const b = new PgEventDedupe(replica(), "replica-b", logger);
    const results = await Promise.all([a.sight("Ev1"), b.sight("Ev1")]);
    expect([...results].sort()).toEqual(["first", "taken"]);
    const winner = results[0] === "first" ? "replica-a" : "replica-b";
    // The loser saw it once already: a repeat there now.
    expect(await (winner === "replica-a" ? b : a).sight("Ev1")).toBe("repeat");
    expect(await new PgEventDedupe(replica(), "replica-d", logger).sight("Ev1")).toBe("taken");
    // The same replica after a restart (a new process, same instance id) replays its own event.
    expect(await new PgEventDedupe(replica(), winner, logger).sight("Ev1")).toBe("first");
    // A repeat within one process is caught there.
    const c = new PgEventDedupe(replica(), "replica-c", logger);
    expect(await c.sight("Ev2")).toBe("first");
    expect(await c.sight("Ev2")).toBe("repeat");
  });

  it("a delivery another replica took closes its inbox entry; a repeat here leaves it to the first", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pg-dedupe-inbox-"));
    try {
      const [atA, atB] = [new TurnInbox(path.join(dir, "a")), new TurnInbox(path.join(dir, "b"))];
      await Promise.all([atA.load(), atB.load()]);
      const [mwA, mwB] = [
        dedupeMiddleware(new PgEventDedupe(replica(), "replica-a", logger), atA),
        dedupeMiddleware(new PgEventDedupe(replica(), "replica-b", logger), atB),
      ];
      const body = { type: "event_callback", event_id: "EvM", event: { type: "message", text: "hi" } };
      const deliver = async (mw: typeof mwA) => {
        let passed = false;
        await mw({
          body,
          context: {},
          logger: recordingLogger(),
          next: async () => void (passed = true),
        } as never);
        return passed;
      };
      for (const inbox of [atA, atB]) await inbox.accept("EvM", body);
      expect(await deliver(mwA)).toBe(true); // A takes it
      expect(await deliver(mwB)).toBe(false); // B's delivery: taken by A, its entry closed
      await atA.accept("EvM", body);
      expect(await deliver(mwA)).toBe(false); // a retry at A: a repeat, A's entry stays open
      await Promise.all([atA.close(), atB.close()]);
      const [restartedA, restartedB] = [
        new TurnInbox(path.join(dir, "a")),
        new TurnInbox(path.join(dir, "b")),
      ];
      expect((await restartedA.load()).events.map((e) => e.eventId)).toEqual(["EvM"]);
      expect((await restartedB.load()).events).toEqual([]);
      await Promise.all([restartedA.close(), restartedB.close()]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a signed request (command, interaction) is taken once by all replicas, its owner after a restart too", async () => {
    const a = new PgEventDedupe(replica(), "replica-a", logger);
    expect(await a.sight("request:r1", "request")).toBe("first");
    expect(await new PgEventDedupe(replica(), "replica-b", logger).sight("request:r1", "request")).toBe(
      "taken",
    );
    expect(await new PgEventDedupe(replica(), "replica-a", logger).sight("request:r1", "request")).toBe(
      "taken",
    );
  });

  it("an id expires after the TTL; PostgreSQL down means the event is answered", async () => {
    const a = new PgEventDedupe(replica(), "a", logger, 2000);
    const b = new PgEventDedupe(replica(), "b", logger, 2000);
    expect(await a.sight("Ev3")).toBe("first");
    expect(await b.sight("Ev3")).toBe("taken");
    await new Promise((r) => setTimeout(r, 2500));
    expect(await new PgEventDedupe(replica(), "b2", logger, 2000).sight("Ev3")).toBe("first");
    const down = PgDatabase.create("postgres://u:p@127.0.0.1:9/none", { timeoutMs: 500 });
    pools.push(down);
    expect(await new PgEventDedupe(down, "d", logger).sight("Ev4")).toBe("first");
  });
});

describe("PgChangeFeed", () => {
  it("tells the other replicas within a second, never the publisher, and says 'all' after a reconnect", async () => {
    const a = new PgChangeFeed(replica(), logger);
    const b = new PgChangeFeed(replica(), logger);
    const heardA: Array<Owner | "all"> = [];
    const heardB: Array<Owner | "all"> = [];
    a.subscribe((c) => heardA.push(c));
    b.subscribe((c) => heardB.push(c));
    await Promise.all([a.listen(), b.listen()]);
    try {
      expect(await b.ping()).toBe(true);
      const sent = Date.now();
      await a.publish({ teamId: "T1", userId: "U1" });
      await expect
        .poll(() => heardB, { timeout: 1000, interval: 10 })
        .toEqual([{ teamId: "T1", userId: "U1" }]);
      expect(Date.now() - sent).toBeLessThan(1000);
      expect(heardA).toEqual([]);

      // The server drops B's listening connection: B reconnects and says everything may have changed.
      const admin = replica();
      await admin.run("kill", (c) =>
        c.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
        ),
      );
      await expect.poll(() => heardB.includes("all"), { timeout: 5000 }).toBe(true);
      await expect.poll(() => b.ping(), { timeout: 5000 }).toBe(true);
      await expect.poll(() => a.ping(), { timeout: 5000 }).toBe(true);
      await a.publish({ teamId: "T1", userId: "U9" });
      await expect.poll(() => heardB.at(-1), { timeout: 1000 }).toEqual({ teamId: "T1", userId: "U9" });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
