/**
 * `memory migrate` as a process: an embedded DATA_DIR (JSON state, Chroma vectors) moved to PostgreSQL
 * + pgvector (PGlite with `vector`), killed midway and run again (equal checksums, no duplicates), a
 * third run changing nothing; recall on the target finds the same memories and keeps DMs out of channels,
 * and an assistant started on the target answers a DM question with the migrated memory.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, inject, it } from "vitest";
import { readOwner } from "../../src/app/state/state-io.js";
import { summarise } from "../../src/app/state/state-records.js";
import { lastJson, REPO_ROOT, runCli } from "../cli/cli-harness.js";
import { ALICE, BOB, makeSide, open, populate, TEAM } from "./state-fixture.js";
import {
  makeDmEvent,
  makeEventCallback,
  makeMentionEvent,
  postSignedEvent,
  TEST_IDS,
} from "../support/slack-events.js";
import { SIGNING_SECRET, startTestAssistant } from "../support/test-assistant.js";

const TIMEOUT = 300_000;
const baseEnv = () => ({ PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp" });

interface Report {
  owners: number;
  copied: number;
  memories: number;
  verification: Array<{
    owner: string;
    equal: boolean;
    source: { memories: number };
    target: { memories: number; checksum: string };
  }>;
}

/** Starts the CLI and SIGKILLs it once the checkpoint names `owners` finished owners. */
async function killAfter(args: string[], env: Record<string, string>, checkpoint: string, owners: number) {
  const loader = pathToFileURL(path.join(REPO_ROOT, "node_modules/tsx/dist/loader.mjs")).href;
  const child = spawn(
    process.execPath,
    ["--import", loader, path.join(REPO_ROOT, "src/cli/memory-cli.ts"), ...args],
    {
      cwd: REPO_ROOT,
      env,
      stdio: "ignore",
    },
  );
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  let killed = false;
  for (let i = 0; i < 1200 && child.exitCode === null; i++) {
    const done = await readFile(checkpoint, "utf8").then(
      (t) => (JSON.parse(t) as { done: string[] }).done.length,
      () => 0,
    );
    if (done >= owners) {
      child.kill("SIGKILL");
      killed = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await exited;
  return killed;
}

describe("memory migrate", () => {
  it(
    "moves an embedded DATA_DIR to PostgreSQL + pgvector, resumes after a kill, and a rerun changes nothing",
    async () => {
      const prefix = `mg_${randomBytes(4).toString("hex")}`;
      const source = await makeSide({
        indexType: "chroma",
        prefix,
        env: { CHROMA_URL: inject("chromaUrl") },
      });
      const target = await makeSide({
        indexType: "pgvector",
        prefix,
        env: { DATABASE_URL: inject("databaseUrl") },
      });
      const checkpoint = path.join(path.dirname(source.tomlPath), "checkpoint.json");
      const app = await open(source);
      const expected = new Map<string, string>();
      const extraOwners = Array.from({ length: 12 }, (_, i) => ({ teamId: TEAM, userId: `U_EXTRA${i}` }));
      try {
        await populate(app, 30);
        for (const owner of extraOwners) {
          await app.stack.lifecycle.saveMany(
            { ...owner, channelId: "C_TEAM", channelType: "channel" },
            Array.from({ length: 25 }, (_, i) => ({
              id: `${owner.userId}-${i}`,
              text: `team note ${i} from ${owner.userId}`,
              channelId: "C_TEAM",
              channelType: "channel" as const,
              source: "import" as const,
            })),
          );
        }
        for (const owner of [ALICE, BOB, ...extraOwners]) {
          expected.set(owner.userId, summarise(await readOwner(app, owner)).checksum);
        }
      } finally {
        await app.close();
      }
      const args = [
        "migrate",
        "--to",
        target.tomlPath,
        "--to-database-url",
        inject("databaseUrl"),
        "--to-data-dir",
        target.env.DATA_DIR!,
        "--checkpoint",
        checkpoint,
        "--json",
      ];
      const env = { ...baseEnv(), ...source.env };
      expect(await killAfter(args, env, checkpoint, 2)).toBe(true);

      const rerun = await runCli(args, { cwd: REPO_ROOT, env });
      expect(rerun.code, rerun.stderr).toBe(0);
      const report = lastJson<Report>(rerun);
      expect(report.owners).toBe(15);
      expect(report.copied).toBeLessThan(15);
      expect(report.verification.every((v) => v.equal && v.source.memories === v.target.memories)).toBe(true);
      // The checksums taken on the source before the migration are the target's now.
      for (const [userId, checksum] of expected) {
        expect(report.verification.find((v) => v.owner === `${TEAM}/${userId}`)?.target.checksum).toBe(
          checksum,
        );
      }

      const third = await runCli(args, { cwd: REPO_ROOT, env });
      expect(third.code, third.stderr).toBe(0);
      expect(lastJson<Report>(third)).toMatchObject({ copied: 0, memories: 0 });

      const moved = await open(target);
      try {
        for (const owner of [ALICE, BOB]) {
          const state = await readOwner(moved, owner);
          expect(new Set(state.memories.map((m) => m.memory.id)).size).toBe(state.memories.length);
        }
        const inDm = await moved.stack.lifecycle.search(
          { ...ALICE, channelId: "D_U_ALICE", channelType: "im" },
          "dentist appointment",
        );
        expect(inDm[0]?.id).toBe("alice-dentist");
        const inChannel = await moved.stack.lifecycle.search(
          { ...ALICE, channelId: "C_TEAM", channelType: "channel" },
          "dentist appointment",
        );
        expect(inChannel.map((r) => r.id)).not.toContain("alice-dentist");
        const graph = await moved.shared.graphs.forUser(ALICE).getTriplets({ includeHistory: true });
        expect(graph.find(([, r]) => r.id === "r-old")?.[1].properties.current).toBe(false);
      } finally {
        await moved.close();
      }

      // The assistant started on the target (real Bolt app, fake Slack, no model: answers list what
      // memory recalls) answers Alice's DM question with her memory, and a channel mention without it.
      const assistant = await startTestAssistant({
        mode: "http",
        ollama: false,
        env: { ...target.env, DATABASE_URL: inject("databaseUrl"), MEMORY_CONFIG: target.tomlPath },
      });
      try {
        const ask = async (event: Record<string, unknown>) => {
          const before = assistant.slack!.callsTo("chat.postMessage").length;
          const auth = [{ enterprise_id: null, team_id: TEAM, user_id: TEST_IDS.botUserId, is_bot: true }];
          const body = makeEventCallback(event, { team_id: TEAM, authorizations: auth });
          await postSignedEvent(`${assistant.assistant.url}/slack/events`, body, SIGNING_SECRET);
          const posts = await assistant.slack!.waitForCall("chat.postMessage", { count: before + 1 });
          return String(posts.at(-1)!.args.text);
        };
        const question = "when is my dentist appointment?";
        expect(
          await ask(makeDmEvent({ text: question, user: ALICE.userId, channel: "D_U_ALICE" })),
        ).toContain("My dentist appointment is on March 5 at 2pm");
        expect(
          await ask(makeMentionEvent({ text: question, user: ALICE.userId, channel: "C_TEAM" })),
        ).not.toContain("dentist appointment is on March 5");
      } finally {
        await assistant.stop();
      }
      const cleanup = await open(target);
      await cleanup.stack.store.dropAll().finally(() => cleanup.close());
    },
    TIMEOUT,
  );

  it("refuses a source DATA_DIR an assistant holds, unless --online with a server source", async () => {
    const prefix = `ml_${randomBytes(4).toString("hex")}`;
    const source = await makeSide({ indexType: "sqlite-vec", prefix });
    const { DataDirLock } = await import("../../src/util/data-dir-lock.js");
    const lock = await DataDirLock.acquire(source.env.DATA_DIR!);
    try {
      const run = await runCli(["migrate", "--to-data-dir", path.join(source.env.DATA_DIR!, "..", "other")], {
        cwd: REPO_ROOT,
        env: { ...baseEnv(), ...source.env },
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("an assistant runs on the source DATA_DIR");
      const online = await runCli(
        ["migrate", "--online", "--to-data-dir", path.join(source.env.DATA_DIR!, "..", "o2")],
        {
          cwd: REPO_ROOT,
          env: { ...baseEnv(), ...source.env },
        },
      );
      expect(online.code).toBe(1);
    } finally {
      await lock.release();
    }
  }, 120_000);
});
