/**
 * `memory backup` / `memory restore` as processes: a backup taken while an assistant's stack takes
 * writes, restored into an empty sqlite-vec target with the same checksums; a non-empty target refused.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { readOwner } from "../../src/app/state/state-io.js";
import { ownerLabel, summarise } from "../../src/app/state/state-records.js";
import { lastJson, REPO_ROOT, runCli } from "../cli/cli-harness.js";
import { ALICE, BOB, CAROL, makeSide, open, populate, TEAM } from "./state-fixture.js";

const TIMEOUT = 240_000;
const baseEnv = () => ({ PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp" });

describe("memory backup and restore", () => {
  it(
    "backs up while writes go on, restores into an empty sqlite-vec target with equal checksums, refuses a non-empty one",
    async () => {
      const prefix = `bk_${randomBytes(4).toString("hex")}`;
      const source = await makeSide({
        indexType: "chroma",
        prefix,
        env: { CHROMA_URL: inject("chromaUrl") },
      });
      const target = await makeSide({ indexType: "sqlite-vec", prefix });
      const app = await open(source);
      const file = path.join(path.dirname(source.tomlPath), "state.jsonl.gz");
      try {
        await populate(app, 40);
        // An assistant keeps saving for Carol while the backup runs.
        let writing = true;
        let written = 0;
        const writes = (async () => {
          while (writing) {
            await app.stack.lifecycle.save(
              { ...CAROL, channelId: "D_U_CAROL", channelType: "im" },
              { text: `live note ${written}`, channelId: "D_U_CAROL", channelType: "im", source: "slack" },
            );
            written++;
            // An assistant's turns: a save now and then, not a tight loop.
            await new Promise((r) => setTimeout(r, 100));
          }
        })();
        const backup = await runCli(["backup", "--out", file, "--json"], {
          cwd: REPO_ROOT,
          env: { ...baseEnv(), ...source.env },
        });
        writing = false;
        await writes;
        expect(backup.code, backup.stderr).toBe(0);
        expect(written).toBeGreaterThan(0);
        const trailer = lastJson<{
          counts: { owners: number; memories: number };
          owners: Record<string, { checksum: string; memories: number }>;
        }>(backup);
        expect(trailer.counts.owners).toBe(3);
        // Alice and Bob did not change during the backup: their checksums are the source's now.
        for (const owner of [ALICE, BOB]) {
          expect(trailer.owners[ownerLabel(owner)]!.checksum).toBe(
            summarise(await readOwner(app, owner)).checksum,
          );
        }
        expect(trailer.owners[ownerLabel(CAROL)]!.memories).toBeGreaterThanOrEqual(40);

        // Readable without the app: zcat + a JSON parser.
        const lines = execFileSync("zcat", [file], { encoding: "utf8" })
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as { type: string });
        expect(lines[0]).toMatchObject({ type: "header", format: "slack-assistant-state", version: 1 });
        expect(lines.at(-1)).toMatchObject({ type: "trailer" });
        expect(new Set(lines.map((l) => l.type))).toEqual(
          new Set(["header", "memory", "graph", "conversation", "settings", "pins", "audit", "trailer"]),
        );

        const restore = await runCli(["restore", "--file", file, "--json"], {
          cwd: REPO_ROOT,
          env: { ...baseEnv(), ...target.env },
        });
        expect(restore.code, restore.stderr).toBe(0);
        expect(lastJson<{ problems: string[] }>(restore).problems).toEqual([]);
        const restored = await open(target);
        try {
          for (const owner of [ALICE, BOB, CAROL]) {
            expect(summarise(await readOwner(restored, owner)).checksum).toBe(
              trailer.owners[ownerLabel(owner)]!.checksum,
            );
          }
          const graph = await restored.shared.graphs.forUser(ALICE).getTriplets({ includeHistory: true });
          expect(
            graph.filter(([, r]) => r.id.startsWith("r-")).map(([, r]) => [r.id, r.properties.current]),
          ).toEqual([
            ["r-old", false],
            ["r-new", true],
          ]);
          // The DM memory stays out of a channel's recall on the target.
          const inChannel = await restored.stack.lifecycle.search(
            { ...ALICE, channelId: "C_TEAM", channelType: "channel" },
            "dentist appointment",
          );
          expect(inChannel.map((r) => r.id)).not.toContain("alice-dentist");
          const inDm = await restored.stack.lifecycle.search(
            { ...ALICE, channelId: "D_U_ALICE", channelType: "im" },
            "dentist appointment",
          );
          expect(inDm[0]?.id).toBe("alice-dentist");
          expect((await restored.shared.settings.get(BOB, Date.now())).autosave).toBe("ask");
          expect(await restored.shared.pins.pinned(BOB, ["bob-dog"])).toEqual(new Set(["bob-dog"]));
          expect(
            (await restored.shared.history.listByUser("U_ALICE")).filter((c) => c.key.teamId === TEAM)[0]
              ?.summary?.text,
          ).toBe("Alice talked about her dentist.");
        } finally {
          await restored.close();
        }

        const again = await runCli(["restore", "--file", file], {
          cwd: REPO_ROOT,
          env: { ...baseEnv(), ...target.env },
        });
        expect(again.code).toBe(2);
        expect(again.stderr).toContain("the target is not empty");
        const merged = await runCli(["restore", "--file", file, "--merge"], {
          cwd: REPO_ROOT,
          env: { ...baseEnv(), ...target.env },
        });
        expect(merged.code, merged.stderr).toBe(0);
      } finally {
        await app.stack.store.dropAll().catch(() => undefined);
        await app.close();
      }
    },
    TIMEOUT,
  );
});
