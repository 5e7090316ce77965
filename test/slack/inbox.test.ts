import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INBOX_SEEN_TTL_MS, TurnInbox } from "../../src/slack/inbox.js";
import type { Turn } from "../../src/types.js";

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
    expect(await inbox.load()).toEqual([]);
    expect(await inbox.receive(turn("Ev1"), "1.0")).toBe(true);
    expect(await inbox.receive(turn("Ev2"), "2.0")).toBe(true);
    expect(await inbox.receive(turn("Ev1"), "1.0")).toBe(false);
    await inbox.answered("Ev1");
    await inbox.close();

    const restarted = new TurnInbox(dir, () => now);
    const open = await restarted.load();
    expect(open.map((o) => [o.turn.eventId, o.messageTs])).toEqual([["Ev2", "2.0"]]);
    expect(await restarted.receive(turn("Ev1"), "1.0")).toBe(false); // answered before the restart
    expect(await restarted.receive(turn("Ev2"), "2.0")).toBe(false); // open: the replay answers it
  });

  it("forgets answered event ids after the TTL", async () => {
    const inbox = new TurnInbox(dir, () => now);
    await inbox.load();
    await inbox.receive(turn("Ev1"), "1.0");
    await inbox.answered("Ev1");
    now += INBOX_SEEN_TTL_MS + 1;
    expect(await inbox.receive(turn("Ev1"), "1.0")).toBe(true);
  });
});
