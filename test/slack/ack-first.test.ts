import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { AckFirstScheduler } from "../../src/slack/ack-first.js";

/** A response as the scheduler sees it: something that emits `finish` once answered. */
const response = () => new EventEmitter() as unknown as ServerResponse & EventEmitter;
const turnOfLoop = () => new Promise((r) => setImmediate(r));

describe("AckFirstScheduler", () => {
  it("starts work only once every request being read is answered", async () => {
    const scheduler = new AckFirstScheduler(10_000);
    const a = response();
    const b = response();
    scheduler.request(a);
    scheduler.request(b);
    const started: string[] = [];
    const work = scheduler.defer(async () => {
      started.push("turn");
      return 1;
    });
    a.emit("finish");
    await turnOfLoop();
    await turnOfLoop();
    expect(started).toEqual([]);
    b.emit("close");
    b.emit("finish"); // counted once
    expect(await work).toBe(1);
    expect(scheduler.inFlight).toBe(0);
  });

  it("starts work after the longest hold even while requests keep coming", async () => {
    const scheduler = new AckFirstScheduler(30);
    scheduler.request(response()); // never answered
    const startedAt = performance.now();
    await scheduler.defer(async () => undefined);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(25);
  });

  it("runs work in order, and passes a failure on", async () => {
    const scheduler = new AckFirstScheduler();
    const order: number[] = [];
    const one = scheduler.defer(async () => void order.push(1));
    const two = scheduler.defer(async () => {
      order.push(2);
      throw new Error("listener failed");
    });
    await one;
    await expect(two).rejects.toThrow("listener failed");
    expect(order).toEqual([1, 2]);
  });
});
