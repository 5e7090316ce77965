/**
 * Journal streams in PostgreSQL (shared mode): taking a stream over is safe with several replicas
 * starting at once, a replica that lost its stream cannot write to it, and the journals read back
 * what was written, in order, through a takeover.
 */
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { PgJournalLease } from "../../src/stores/pg-journal.js";
import { MemoryJournal } from "../../src/memory/lifecycle/memory-journal.js";
import { TurnInbox } from "../../src/slack/inbox.js";
import { isAppError } from "../../src/core/errors.js";
import { usePgReplicas } from "../support/pg-replicas.js";

const logger = pino({ level: "silent" });
const LEASE_MS = 1_000;
// A database of its own per test: streams left by one test are not another's to take over.
const replica = usePgReplicas({ perTest: true });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("PgJournalLease", () => {
  it("lets exactly one of several replicas starting together take over an expired stream", async () => {
    const dead = await PgJournalLease.acquire(replica(), { leaseMs: LEASE_MS, logger });
    const journal = new MemoryJournal(dead.storage("memory"));
    await journal.load();
    await journal.record({ op: "delete", scope: { teamId: "T", userId: "U" }, ids: ["m1"] });
    // Its lease runs out (as a killed replica's does once its renewals stop).
    await dead.release();
    await wait(50);

    const leases = await Promise.all(
      [0, 1, 2].map(() => PgJournalLease.acquire(replica(), { leaseMs: LEASE_MS, logger })),
    );
    const adopters = leases.filter((l) => l.adopted);
    expect(adopters.map((l) => l.stream)).toEqual([dead.stream]);
    expect(new Set(leases.map((l) => l.stream)).size).toBe(3);
    const replayed = new MemoryJournal(adopters[0]!.storage("memory"));
    const { pending } = await replayed.load();
    expect(pending.map((p) => p.operation.op)).toEqual(["delete"]);
    for (const l of leases) await l.release();
  });

  it("fences a replica that lost its stream: its writes fail, the new holder's go through", async () => {
    const slow = await PgJournalLease.acquire(replica(), { leaseMs: LEASE_MS, logger });
    const inbox = new TurnInbox(slow.storage("inbox"));
    await inbox.load();
    await inbox.accept("Ev1", { event_id: "Ev1" });
    // Paused past its lease (its renewals stopped, it does not know): another replica takes over.
    await slow.release();
    const next = await PgJournalLease.acquire(replica(), { leaseMs: LEASE_MS, logger });
    expect(next.stream).toBe(slow.stream);

    const failed = await inbox.accept("Ev2", { event_id: "Ev2" }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isAppError(failed, "journal_failed")).toBe(true);

    const taken = new TurnInbox(next.storage("inbox"));
    const { events } = await taken.load();
    expect(events.map((e) => e.eventId)).toEqual(["Ev1"]);
    await taken.accept("Ev3", { event_id: "Ev3" });
    await taken.answered("Ev1");
    const again = new TurnInbox(next.storage("inbox"));
    expect((await again.load()).events.map((e) => e.eventId)).toEqual(["Ev3"]);
    await next.release();
  });

  it("gives a restarted replica its own stream back at once, before the lease runs out", async () => {
    const before = await PgJournalLease.acquire(replica(), { leaseMs: 60_000, logger });
    // Killed and restarted on the same DATA_DIR (which names the stream and the owner token).
    const after = await PgJournalLease.acquire(replica(), {
      leaseMs: 60_000,
      logger,
      previous: { stream: before.stream, owner: before.owner },
    });
    expect(after.stream).toBe(before.stream);
    expect(after.adopted).toBe(false);
    // A stranger naming it while the lease is live does not get it.
    const stranger = await PgJournalLease.acquire(replica(), {
      leaseMs: 60_000,
      logger,
      previous: { stream: before.stream, owner: "someone-else" },
    });
    expect(stranger.stream).not.toBe(before.stream);
    await after.release();
    await stranger.release();
  });
});
