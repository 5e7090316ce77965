import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INBOX_SEEN_TTL_MS, TurnInbox } from "../../src/slack/inbox.js";
import type { Turn } from "../../src/core/types.js";

const turn = (eventId: string): Turn => ({
  teamId: "T1",
  userId: "U1",
  channelId: "D1",
  channelType: "im",
  text: `hello ${eventId}`,
  eventId,
});

describe("TurnInbox", () => {
  let dir: string;
  let now = 1_000_000;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "inbox-"));
    now = 1_000_000;
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it("gives back the turns left open by a restart, and refuses an event id it has seen", async () => {
    const inbox = new TurnInbox(dir, () => now);
    expect(await inbox.load()).toEqual({ turns: [], events: [] });
    expect(await inbox.receive(turn("Ev1"), "1.0")).toBe(true);
    expect(await inbox.receive(turn("Ev2"), "2.0")).toBe(true);
    expect(await inbox.receive(turn("Ev1"), "1.0")).toBe(false);
    await inbox.answered("Ev1");
    await inbox.close();

    const restarted = new TurnInbox(dir, () => now);
    const { turns } = await restarted.load();
    expect(turns.map((o) => [o.turn.eventId, o.messageTs])).toEqual([["Ev2", "2.0"]]);
    expect(await restarted.receive(turn("Ev1"), "1.0")).toBe(false); // answered before the restart
    expect(await restarted.receive(turn("Ev2"), "2.0")).toBe(false); // open: the replay answers it
  });

  it("keeps an event accepted before the ack until its turn is received, across a restart", async () => {
    const inbox = new TurnInbox(dir, () => now);
    await inbox.load();
    const body = { type: "event_callback", event_id: "Ev9", event: { type: "message", text: "hi" } };
    await inbox.accept("Ev9", body);
    await inbox.accept("Ev9", body); // a Slack retry: written once
    await inbox.close();

    const restarted = new TurnInbox(dir, () => now);
    const { turns, events } = await restarted.load();
    expect(turns).toEqual([]);
    expect(events).toEqual([{ eventId: "Ev9", body, at: now }]);
    // Its listener runs (the replay): the first receive is not a repeat; the second is.
    expect(await restarted.receive(turn("Ev9"), "9.0")).toBe(true);
    expect(await restarted.receive(turn("Ev9"), "9.0")).toBe(false);
  });

  it("forgets answered event ids after the TTL", async () => {
    const inbox = new TurnInbox(dir, () => now);
    await inbox.load();
    await inbox.receive(turn("Ev1"), "1.0");
    await inbox.answered("Ev1");
    now += INBOX_SEEN_TTL_MS + 1;
    expect(await inbox.receive(turn("Ev1"), "1.0")).toBe(true);
  });

  it("keeps no text of an answered event on disk, and the open ones in full", async () => {
    const inbox = new TurnInbox(dir, () => now);
    await inbox.load();
    await inbox.accept("Ev1", { event_id: "Ev1", event: { text: "hello Ev1" } });
    await inbox.receive(turn("Ev1"), "1.0");
    await inbox.receive(turn("Ev2"), "2.0");
    await inbox.accept("Ev3", { event_id: "Ev3", event: { text: "hello Ev3" } });
    await inbox.answered("Ev1");
    const file = path.join(dir, "journal", "inbox.jsonl");
    const text = await readFile(file, "utf8");
    expect(text).not.toContain("hello Ev1");
    expect(text).toContain("hello Ev2");
    expect(text).toContain("hello Ev3");
    await inbox.answered("Ev3");
    await inbox.answered("Ev2");
    expect(await readFile(file, "utf8")).not.toContain("hello");
    await inbox.close();

    const restarted = new TurnInbox(dir, () => now);
    expect(await restarted.load()).toEqual({ turns: [], events: [] });
    expect(await restarted.receive(turn("Ev1"), "1.0")).toBe(false); // still known as answered
  });

  it("keeps a turn's begun forget (ids only) across a restart and a rewrite, and drops it when answered", async () => {
    const inbox = new TurnInbox(dir, () => now);
    await inbox.load();
    await inbox.receive(turn("Ev1"), "1.0");
    await inbox.receive(turn("Ev2"), "2.0");
    await inbox.receive(turn("Ev3"), "3.0");
    await inbox.deleting("Ev1", { ids: ["m1", "m2"] });
    await inbox.deleting("Ev2", { all: true });
    await inbox.deleting("EvGone", { ids: ["m9"] }); // not an open turn: nothing to record
    await inbox.answered("Ev3"); // a rewrite of the file
    await inbox.close();

    const restarted = new TurnInbox(dir, () => now);
    const { turns } = await restarted.load();
    expect(turns.map((o) => [o.turn.eventId, o.deleting])).toEqual([
      ["Ev1", { ids: ["m1", "m2"] }],
      ["Ev2", { all: true }],
    ]);
    await restarted.answered("Ev1");
    await restarted.answered("Ev2");
    const text = await readFile(path.join(dir, "journal", "inbox.jsonl"), "utf8");
    expect(text).not.toContain("deleting");
    expect(text).not.toContain("m9");
    await restarted.close();
  });
});
