/**
 * The shared state of several replicas on a real PostgreSQL server: every "replica" here is its own
 * pool (its own connections), as two processes would be.
 */
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
    const results = await Promise.all([a.firstSighting("Ev1"), b.firstSighting("Ev1")]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? "replica-a" : "replica-b";
    expect(await (winner === "replica-a" ? b : a).firstSighting("Ev1")).toBe(false);
    // The same replica after a restart (a new process, same instance id) replays its own event.
    expect(await new PgEventDedupe(replica(), winner, logger).firstSighting("Ev1")).toBe(true);
    // A repeat within one process is caught there.
    const c = new PgEventDedupe(replica(), "replica-c", logger);
    expect(await c.firstSighting("Ev2")).toBe(true);
    expect(await c.firstSighting("Ev2")).toBe(false);
  });

  it("a signed request (command, interaction) is taken once by all replicas, its owner after a restart too", async () => {
    const a = new PgEventDedupe(replica(), "replica-a", logger);
    expect(await a.firstSighting("request:r1", "request")).toBe(true);
    expect(
      await new PgEventDedupe(replica(), "replica-b", logger).firstSighting("request:r1", "request"),
    ).toBe(false);
    expect(
      await new PgEventDedupe(replica(), "replica-a", logger).firstSighting("request:r1", "request"),
    ).toBe(false);
  });

  it("an id expires after the TTL; PostgreSQL down means the event is answered", async () => {
    const a = new PgEventDedupe(replica(), "a", logger, 2000);
    const b = new PgEventDedupe(replica(), "b", logger, 2000);
    expect(await a.firstSighting("Ev3")).toBe(true);
    expect(await b.firstSighting("Ev3")).toBe(false);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await new PgEventDedupe(replica(), "b2", logger, 2000).firstSighting("Ev3")).toBe(true);
    const down = PgDatabase.create("postgres://u:p@127.0.0.1:9/none", { timeoutMs: 500 });
    pools.push(down);
    expect(await new PgEventDedupe(down, "d", logger).firstSighting("Ev4")).toBe(true);
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
