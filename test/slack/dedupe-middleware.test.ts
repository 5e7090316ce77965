/**
 * The dedupe middleware and the durable inbox together, as Bolt runs them for one process: an event
 * is accepted into the inbox before its ack, its middleware and listener run later. A retry of the
 * same event can be dropped by the middleware while the first delivery's listener has not run yet.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EventDeduper } from "../../src/core/event-dedupe.js";
import type { Turn } from "../../src/core/types.js";
import { dedupeMiddleware } from "../../src/slack/middleware/dedupe.js";
import { TurnInbox } from "../../src/slack/inbox.js";
import { recordingLogger } from "../support/recording-logger.js";

const body = { type: "event_callback", event_id: "EvR", event: { type: "message", text: "hi" } };
const turn: Turn = {
  teamId: "T1",
  userId: "U1",
  channelId: "D1",
  channelType: "im",
  text: "hi",
  eventId: "EvR",
};

describe("dedupe middleware with the inbox", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "dedupe-mw-"));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  /** Runs the middleware for one delivery of `body`; true when it passed the event on. */
  async function deliver(middleware: ReturnType<typeof dedupeMiddleware>, retryNum?: number) {
    let passed = false;
    await middleware({
      body,
      context: retryNum === undefined ? {} : { retryNum },
      logger: recordingLogger(),
      next: async () => {
        passed = true;
      },
    } as never);
    return passed;
  }

  it("a retry dropped before the first delivery's listener ran leaves that delivery its turn", async () => {
    const inbox = new TurnInbox(dir);
    await inbox.load();
    const middleware = dedupeMiddleware(new EventDeduper(), inbox);
    // The first delivery: accepted before its ack, then its middleware passes it on.
    await inbox.accept("EvR", body);
    expect(await deliver(middleware)).toBe(true);
    // Slack's retry arrives (the first ack was slow) and is dropped as a repeat, before the first
    // delivery's listener has received its turn.
    await inbox.accept("EvR", body);
    expect(await deliver(middleware, 1)).toBe(false);
    // The first delivery's listener: its turn is still to be answered.
    expect(await inbox.receive(turn, "1.0")).toBe(true);
    inbox.begin("EvR");
    // A retry dropped while the turn is being answered leaves it open (crash-safe) until answered.
    expect(await deliver(middleware, 2)).toBe(false);
    expect(inbox.unattended()).toEqual([]);
    // Its answer did not reach Slack: the turn is still open, for the retry of open turns.
    inbox.settled("EvR");
    expect(inbox.unattended().map((t) => t.turn.eventId)).toEqual(["EvR"]);
    await inbox.answered("EvR");
    expect(inbox.unattended()).toEqual([]);
    await inbox.close();
  });
});
