/**
 * The recall tally (which memories were recalled and used, by id) in both shared-state modes: counts
 * per person, most used first, forgotten ids dropped, and (PostgreSQL) two replicas counting at once.
 */
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RecallTally } from "../../src/core/audit.js";
import { JsonRecallTally, PgRecallTally, RECALLS_DIR } from "../../src/stores/recall-tally.js";
import { usePgReplicas } from "../support/pg-replicas.js";

const ALICE = { teamId: "T1", userId: "U_ALICE" };
const BOB = { teamId: "T1", userId: "U_BOB" };

async function behavesAsATally(tally: RecallTally): Promise<void> {
  await tally.record(ALICE, ["m1", "m2"], 1_000);
  await tally.record(ALICE, ["m2", "m2"], 2_000); // one use per turn, however often listed
  await tally.record(ALICE, ["m3"], 3_000);
  await tally.record(BOB, ["b1"], 1_000);
  expect(await tally.top(ALICE, 10)).toEqual([
    { id: "m2", count: 2, lastAt: 2_000 },
    { id: "m3", count: 1, lastAt: 3_000 },
    { id: "m1", count: 1, lastAt: 1_000 },
  ]);
  expect((await tally.top(ALICE, 1)).map((u) => u.id)).toEqual(["m2"]);
  expect(await tally.used(ALICE, ["m1", "b1", "zz"])).toEqual(new Set(["m1"]));
  await tally.drop(ALICE, ["m2"]);
  expect((await tally.top(ALICE, 10)).map((u) => u.id)).toEqual(["m3", "m1"]);
  expect((await tally.top(BOB, 10)).map((u) => u.id)).toEqual(["b1"]);
}

describe("JsonRecallTally", () => {
  it("counts per person, most used first, drops forgotten ids; its files hold ids only", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "tally-"));
    try {
      await behavesAsATally(new JsonRecallTally(dataDir));
      const files = await readdir(path.join(dataDir, RECALLS_DIR));
      expect(files).toHaveLength(2);
      const alice = JSON.parse(
        await readFile(
          path.join(
            dataDir,
            RECALLS_DIR,
            files.find((f) => f.startsWith("T1_U_ALICE"))!,
          ),
          "utf8",
        ),
      );
      expect(alice).toEqual({
        version: 1,
        uses: [
          { id: "m3", count: 1, lastAt: 3_000 },
          { id: "m1", count: 1, lastAt: 1_000 },
        ],
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("PgRecallTally", () => {
  const replica = usePgReplicas();

  it("behaves as the embedded one", async () => {
    await behavesAsATally(new PgRecallTally(replica()));
  });

  it("loses no count when two replicas count the same memory at once", async () => {
    const [a, b] = [new PgRecallTally(replica()), new PgRecallTally(replica())];
    const owner = { teamId: "T2", userId: "U_BOTH" };
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).record(owner, ["m"], i)));
    expect(await a.top(owner, 5)).toEqual([{ id: "m", count: 20, lastAt: 19 }]);
  });
});
