/**
 * A populated state for the backup, restore and migrate tests: several users with DM and channel
 * memories, a graph with a superseded fact, a conversation with a summary, settings and a pin —
 * written through the real stores and the lifecycle of an endpoint (the CLI's stack).
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { parseConfig, type Config } from "../../src/config/config.js";
import { parseMemoryConfig } from "../../src/config/load-memory-config.js";
import type { MemoryConfig } from "../../src/config/memory-config.js";
import { openStateEndpoint, type StateEndpoint } from "../../src/app/state/state-endpoint.js";
import type { Owner } from "../../src/core/types.js";

export const TEAM = "T_STATE";
export const ALICE: Owner = { teamId: TEAM, userId: "U_ALICE" };
export const BOB: Owner = { teamId: TEAM, userId: "U_BOB" };
export const CAROL: Owner = { teamId: TEAM, userId: "U_CAROL" };

export const logger = pino({ level: "silent" });

/** The environment of one side: DATA_DIR, an index type (through its own memory.toml), extra variables. */
export interface Side {
  env: Record<string, string>;
  config: Config;
  memoryConfig: MemoryConfig;
  tomlPath: string;
}

export async function makeSide(options: {
  indexType: "chroma" | "sqlite-vec" | "pgvector";
  prefix: string;
  env?: Record<string, string>;
}): Promise<Side> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "state-side-"));
  const tomlPath = path.join(dir, "memory.toml");
  const toml = `[memory.vector]\nindex_type = "${options.indexType}"\n`;
  await writeFile(tomlPath, toml);
  const env: Record<string, string> = {
    EMBEDDER: "offline",
    OLLAMA_HOST: "http://127.0.0.1:9",
    LOG_LEVEL: "silent",
    DATA_DIR: path.join(dir, "data"),
    VECTOR_NAMESPACE_PREFIX: options.prefix,
    MEMORY_CONFIG: tomlPath,
    ...options.env,
  };
  return { env, config: parseConfig(env), memoryConfig: parseMemoryConfig(toml, tomlPath), tomlPath };
}

export function open(side: Side): Promise<StateEndpoint> {
  return openStateEndpoint({ config: side.config, memoryConfig: side.memoryConfig, logger });
}

const day = 86_400_000;
const t0 = Date.UTC(2026, 5, 1);

/** Fills an endpoint; `memoriesPerUser` extra filler memories each for paging. */
export async function populate(endpoint: StateEndpoint, memoriesPerUser = 3): Promise<void> {
  const { lifecycle } = endpoint.stack;
  const dm = (o: Owner) => ({ ...o, channelId: `D_${o.userId}`, channelType: "im" as const });
  const channel = (o: Owner) => ({ ...o, channelId: "C_TEAM", channelType: "channel" as const });
  await lifecycle.save(dm(ALICE), {
    id: "alice-dentist",
    text: "My dentist appointment is on March 5 at 2pm",
    timestamp: t0,
    channelId: "D_U_ALICE",
    channelType: "im",
    source: "slack",
  });
  await lifecycle.save(channel(ALICE), {
    id: "alice-launch",
    text: "The launch review moved to Thursday",
    timestamp: t0 + day,
    channelId: "C_TEAM",
    channelType: "channel",
    source: "slack",
    topics: ["work"],
  });
  await lifecycle.save(dm(BOB), {
    id: "bob-dog",
    text: "My dog Bori gets her vaccine on May 2",
    timestamp: t0 + 2 * day,
    channelId: "D_U_BOB",
    channelType: "im",
    source: "admin",
    extra: { note: "from admin", n: 2, ok: true },
  });
  for (const owner of [ALICE, BOB, CAROL]) {
    await lifecycle.saveMany(
      dm(owner),
      Array.from({ length: memoriesPerUser }, (_, i) => ({
        id: `${owner.userId}-filler-${i}`,
        text: `filler note ${i} of ${owner.userId} about topic ${i % 7}`,
        timestamp: t0 + i * 1000,
        channelId: `D_${owner.userId}`,
        channelType: "im" as const,
        source: "import" as const,
      })),
    );
  }
  // A graph whose fact was superseded: the old value stays as history.
  await endpoint.shared.graphs.forUser(ALICE).update((g) => {
    g.upsertNodes([
      { id: "me", name: "me", label: "Entity", properties: { dentist: "Hanbit" } },
      { id: "v-old", name: "Smile Dental", label: "Value", properties: {} },
      { id: "v-new", name: "Hanbit Dental", label: "Value", properties: {} },
    ]);
    g.upsertRelations([
      {
        id: "r-old",
        source: "me",
        target: "v-old",
        label: "dentist",
        properties: {
          createdAt: t0,
          current: false,
          supersededAt: t0 + day,
          sourceMemoryId: "alice-dentist",
        },
      },
      {
        id: "r-new",
        source: "me",
        target: "v-new",
        label: "dentist",
        properties: { createdAt: t0 + day, current: true, sourceMemoryId: "alice-dentist" },
      },
    ]);
  });
  // A DM conversation with a summary.
  await endpoint.shared.history.update(`dm:${TEAM}:U_ALICE:D_U_ALICE`, () => ({
    version: 1,
    id: `dm:${TEAM}:U_ALICE:D_U_ALICE`,
    key: { kind: "dm", teamId: TEAM, userId: "U_ALICE", channelId: "D_U_ALICE" },
    userIds: ["U_ALICE"],
    summary: { text: "Alice talked about her dentist.", coversTurns: 1, updatedAt: t0 },
    pending: [],
    recent: [{ user: "when is my dentist?", assistant: "March 5 at 2pm.", userAt: t0, assistantAt: t0 + 1 }],
    totalTurns: 2,
    createdAt: t0,
    updatedAt: t0 + 1,
  }));
  await endpoint.shared.settings.setAutosave(BOB, "ask");
  await lifecycle.pin(dm(BOB), "bob-dog");
}
