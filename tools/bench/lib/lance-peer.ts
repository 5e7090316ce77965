/**
 * LanceDB (`@lancedb/lancedb`, a devDependency of the benchmarks only) as the embedded peer of the
 * bulk ingest benchmark: the same rows and the same vectors as the project's backend, written the
 * way LanceDB is fed in bulk — one `add` per page of rows — then its full-text index (what a hybrid
 * search needs), and optionally an IVF-PQ vector index.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as lancedb from "@lancedb/lancedb";
import type { Embedder } from "../../../src/core/embedder.js";
import type { SaveInput } from "../../../src/memory/lifecycle/save-input.js";
import type { MemoryScope } from "../../../src/core/types.js";
import { visibilityOf } from "../../../src/core/visibility.js";
import { elapsedMs } from "./stats.js";

/** What one LanceDB ingest measured, ms. */
export interface LanceIngest {
  rows: number;
  /** Embedding, writing every page and building the full-text index. */
  ms: number;
  embedMs: number;
  addMs: number;
  ftsIndexMs: number;
  /** IVF-PQ index build, when asked for. */
  vectorIndexMs: number | null;
  storedRows: number;
}

/** Ingests `inputs` of `scope` into a fresh LanceDB table in a temporary directory, then removes it. */
export async function lanceIngest(options: {
  embedder: Embedder;
  scope: MemoryScope;
  inputs: readonly SaveInput[];
  pageSize: number;
  embedBatchSize: number;
  vectorIndex: boolean;
}): Promise<LanceIngest> {
  const { embedder, scope, inputs } = options;
  const dir = await mkdtemp(path.join(tmpdir(), "bench-lancedb-"));
  try {
    const db = await lancedb.connect(dir);
    let table: lancedb.Table | undefined;
    let embedMs = 0;
    let addMs = 0;
    const start = performance.now();
    for (let at = 0; at < inputs.length; at += options.pageSize) {
      const page = inputs.slice(at, at + options.pageSize);
      const texts = page.map((input) => input.text.normalize("NFC").trim());
      const embedStart = performance.now();
      const vectors: number[][] = [];
      for (let b = 0; b < texts.length; b += options.embedBatchSize) {
        vectors.push(...(await embedder.embed(texts.slice(b, b + options.embedBatchSize))));
      }
      embedMs += elapsedMs(embedStart);
      const rows = page.map((input, i) => ({
        id: input.id ?? "",
        team_id: scope.teamId,
        user_id: scope.userId,
        text: texts[i]!,
        timestamp: input.timestamp ?? 0,
        channel_id: input.channelId ?? "",
        visibility: visibilityOf({
          channelId: input.channelId ?? "",
          channelType: input.channelType ?? "im",
        }),
        vector: vectors[i]!,
      }));
      const addStart = performance.now();
      if (table) await table.add(rows);
      else table = await db.createTable("memories", rows);
      addMs += elapsedMs(addStart);
    }
    if (!table) throw new Error("nothing to ingest");
    const ftsStart = performance.now();
    await table.createIndex("text", { config: lancedb.Index.fts() });
    const ftsIndexMs = elapsedMs(ftsStart);
    const ms = elapsedMs(start);
    let vectorIndexMs: number | null = null;
    if (options.vectorIndex) {
      const ivfStart = performance.now();
      await table.createIndex("vector", { config: lancedb.Index.ivfPq({ distanceType: "cosine" }) });
      vectorIndexMs = elapsedMs(ivfStart);
    }
    const storedRows = await table.countRows();
    table.close();
    db.close();
    return { rows: inputs.length, ms, embedMs, addMs, ftsIndexMs, vectorIndexMs, storedRows };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
