import { readFile, rename, writeFile } from "node:fs/promises";
import type { Owner } from "../../core/types.js";
import type { StateEndpoint } from "./state-endpoint.js";
import { listOwners, readAudit, readOwner, sameEmbedder, writeAudit, writeOwner } from "./state-io.js";
import { ownerLabel, summarise, type OwnerSummary } from "./state-records.js";

/**
 * Copies the whole state of one endpoint to another, owner by owner, with a checkpoint file so a run
 * that was stopped goes on where it was: an owner is recorded there once all of it is written, and a
 * rerun skips recorded owners (an owner cut short is written again: every write replaces by id). The
 * audit record is copied once, at the end, and only into a target whose audit record is empty, so a
 * second run adds no event twice. Ends with a verification of every owner on both sides.
 */

/** What the checkpoint file holds. */
interface Checkpoint {
  /** The two sides it belongs to: a checkpoint of another pair is not used. */
  pair: string;
  done: string[];
  audit: boolean;
}

export interface MigrationReport {
  owners: number;
  /** Owners copied by this run (the rest were done by an earlier run). */
  copied: number;
  memories: number;
  reembedded: boolean;
  audit: number;
  /** Per owner: the counts and checksums on both sides. */
  verification: Array<{ owner: string; source: OwnerSummary; target: OwnerSummary; equal: boolean }>;
}

export async function migrateState(options: {
  source: StateEndpoint;
  target: StateEndpoint;
  checkpointFile: string;
  /** Read every owner on both sides at the end (default true; the benchmark times the copy alone). */
  verify?: boolean;
  /** Called with memories written (the progress bar), and when an owner is done. */
  onMemories?: (n: number) => void;
  onOwner?: (owner: Owner, memories: number) => void;
}): Promise<MigrationReport> {
  const { source, target, checkpointFile } = options;
  const pair = JSON.stringify([describe(source), describe(target)]);
  const checkpoint = await loadCheckpoint(checkpointFile, pair);
  const done = new Set(checkpoint.done);
  const reuseVectors = sameEmbedder(source.description.embedder, target.description.embedder);
  const owners = await listOwners(source);
  const report: MigrationReport = {
    owners: owners.length,
    copied: 0,
    memories: 0,
    reembedded: !reuseVectors,
    audit: 0,
    verification: [],
  };
  for (const owner of owners) {
    const label = ownerLabel(owner);
    if (done.has(label)) continue;
    const state = await readOwner(source, owner);
    await writeOwner(target, state, { reuseVectors, onMemories: options.onMemories });
    report.copied++;
    report.memories += state.memories.length;
    checkpoint.done.push(label);
    await saveCheckpoint(checkpointFile, checkpoint);
    options.onOwner?.(owner, state.memories.length);
  }
  if (!checkpoint.audit) {
    const targetAuditEmpty = (await target.shared.audit.page({ limit: 1 })).items.length === 0;
    if (targetAuditEmpty) {
      const events = await readAudit(source);
      await writeAudit(target, events);
      report.audit = events.length;
    }
    checkpoint.audit = true;
    await saveCheckpoint(checkpointFile, checkpoint);
  }
  for (const owner of options.verify === false ? [] : owners) {
    const from = summarise(await readOwner(source, owner));
    const to = summarise(await readOwner(target, owner));
    report.verification.push({
      owner: ownerLabel(owner),
      source: from,
      target: to,
      equal: from.checksum === to.checksum,
    });
  }
  return report;
}

function describe(endpoint: StateEndpoint): unknown {
  const d = endpoint.description;
  return { state: d.state, dataDir: d.dataDir, index: d.index };
}

async function loadCheckpoint(file: string, pair: string): Promise<Checkpoint> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { pair, done: [], audit: false };
    throw err;
  }
  const parsed = JSON.parse(text) as Partial<Checkpoint>;
  if (parsed.pair !== pair || !Array.isArray(parsed.done)) return { pair, done: [], audit: false };
  return {
    pair,
    done: parsed.done.filter((d): d is string => typeof d === "string"),
    audit: parsed.audit === true,
  };
}

/** Written to a temp file and renamed: a kill leaves the old checkpoint or the new one. */
async function saveCheckpoint(file: string, checkpoint: Checkpoint): Promise<void> {
  const temp = `${file}.tmp`;
  await writeFile(temp, `${JSON.stringify(checkpoint)}\n`, { mode: 0o600 });
  await rename(temp, file);
}
