/**
 * The scale benchmark's data: `users` users × `perUser` synthetic memories in a DATA_DIR on the
 * `sqlite-vec` backend (`DATA_DIR/vectors.sqlite`) with the offline embedder, loaded once through the
 * app's own memory stack (createMemoryStack, MemoryLifecycle.saveMany) and reused by every round (and by
 * later runs given the same `--data-dir`).
 *
 * Layout of `root`: `memory.toml` (index_type sqlite-vec), `app/` (the DATA_DIR), `dataset.json` (what
 * was loaded; written last, so a load cut short is started again from scratch).
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pino } from "pino";
import { loadSettings } from "../../../src/config/settings.js";
import { createMemoryStack } from "../../../src/app/memory-stack.js";
import type { MemoryScope } from "../../../src/core/types.js";
import { createRng } from "./prng.js";
import { generateMemories } from "./synthetic-memories.js";
import { LOAD_BATCH } from "./recall-runner.js";

export const SCALE_TEAM = "T_SCALE";
const PROGRESS_EVERY_USERS = 50;

/** What a DATA_DIR holds. */
export interface ScaleDataset {
  users: number;
  perUser: number;
  seed: number;
  /** Wall time of the load that made it, ms. */
  loadMs: number;
  /** Size of `vectors.sqlite`, MiB. */
  fileMiB: number;
}

/** Where the dataset lives and the environment the app and the children open it with. */
export interface ScaleData {
  root: string;
  dataDir: string;
  memoryConfig: string;
  dataset: ScaleDataset;
  /** Loaded by this run (false: found in `root`). */
  loadedNow: boolean;
  /** DATA_DIR, MEMORY_CONFIG, EMBEDDER=offline. */
  env: Record<string, string>;
}

const MEMORY_TOML = `[memory.vector]\nindex_type = "sqlite-vec"\n`;

/** The `i`-th user of the dataset. */
export function scaleUser(i: number): MemoryScope {
  return { teamId: SCALE_TEAM, userId: `U_SCALE_${String(i).padStart(5, "0")}` };
}

/**
 * Opens the dataset in `root`, loading it first when `root` holds none or another size (then the old
 * one is deleted). Progress goes to the console.
 */
export async function ensureScaleData(options: {
  root: string;
  users: number;
  perUser: number;
  seed: number;
}): Promise<ScaleData> {
  const { root, users, perUser, seed } = options;
  const dataDir = path.join(root, "app");
  const memoryConfig = path.join(root, "memory.toml");
  const marker = path.join(root, "dataset.json");
  const env = { DATA_DIR: dataDir, MEMORY_CONFIG: memoryConfig, EMBEDDER: "offline" };
  const found = existsSync(marker) ? (JSON.parse(await readFile(marker, "utf8")) as ScaleDataset) : undefined;
  if (found && found.users === users && found.perUser === perUser && found.seed === seed) {
    console.log(
      `dataset in ${root}: ${users} users × ${perUser} memories (loaded earlier in ` +
        `${(found.loadMs / 1000).toFixed(0)} s; vectors.sqlite ${found.fileMiB.toFixed(0)} MiB)`,
    );
    return { root, dataDir, memoryConfig, dataset: found, loadedNow: false, env };
  }
  await rm(marker, { force: true });
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  await writeFile(memoryConfig, MEMORY_TOML);
  console.log(
    `loading ${users} users × ${perUser} memories into ${dataDir} (sqlite-vec, offline embedder)...`,
  );
  const started = performance.now();
  const settings = await loadSettings({ ...env, LOG_LEVEL: "silent" });
  const stack = await createMemoryStack(settings.config, {
    logger: pino({ level: "silent" }),
    probe: { reachable: false, models: [] },
    memoryConfig: settings.memory,
    indexOnly: true,
  });
  try {
    for (let u = 0; u < users; u++) {
      const scope = scaleUser(u);
      const texts = generateMemories(createRng(seed * 1_000_003 + u), perUser).map((m) => m.text);
      for (let i = 0; i < texts.length; i += LOAD_BATCH) {
        const batch = texts.slice(i, i + LOAD_BATCH).map((text, j) => ({
          // Distinct ids (a template can repeat a text) and times, as a real history would have.
          id: `scale_${u}_${i + j}`,
          text,
          timestamp: 1_700_000_000_000 + (i + j) * 60_000,
          source: "import" as const,
        }));
        await stack.lifecycle.saveMany(scope, batch);
      }
      if ((u + 1) % PROGRESS_EVERY_USERS === 0 || u === users - 1) {
        const s = (performance.now() - started) / 1000;
        console.log(`  ${u + 1}/${users} users, ${Math.round(((u + 1) * perUser) / s)} memories/s`);
      }
    }
  } finally {
    await stack.stop();
  }
  const loadMs = performance.now() - started;
  const { size } = await stat(path.join(dataDir, "vectors.sqlite"));
  const dataset: ScaleDataset = { users, perUser, seed, loadMs, fileMiB: size / 1024 / 1024 };
  await writeFile(marker, `${JSON.stringify(dataset)}\n`);
  console.log(`loaded in ${(loadMs / 1000).toFixed(0)} s; vectors.sqlite ${dataset.fileMiB.toFixed(0)} MiB`);
  return { root, dataDir, memoryConfig, dataset, loadedNow: true, env };
}
