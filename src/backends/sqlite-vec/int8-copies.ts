import type Database from "better-sqlite3";
import type { Memory } from "../../core/types.js";
import { similarityOf, type VectorHit } from "../../core/vector-index.js";
import { coarseLimit, Int8Rows, int8ScanIsFast, LARGE_OWNER_ROWS } from "../int8-scan.js";
import type { NamespaceRow, Statements } from "./schema.js";
import { toFloats } from "./stored-vectors.js";

/** Below this many rows an owner is searched exactly by vec0 (see {@link LARGE_OWNER_ROWS}). */
export const APPROX_MIN_ROWS = LARGE_OWNER_ROWS;
/** At most this many owners' int8 copies are kept (the least recently built is dropped). */
const MAX_CACHED_OWNERS = 8;
/** CPU per slice of an int8 copy's background build, ms (the event loop runs between slices). */
export const BUILD_SLICE_MS = 10;
/** Rows read per statement of a build (a slice reads pages until its time is up). */
const BUILD_PAGE_ROWS = 256;

/** A large owner's int8 copy: being built in the background, or ready to search. */
interface Int8Copy {
  rows: Int8Rows;
  /** Every row is in: queries use it (until then the exact KNN answers). */
  ready: boolean;
  /** The build: true once ready, false if abandoned. */
  built: Promise<boolean>;
}

export interface Int8CopySettings {
  /** Owners with fewer rows are searched exactly by vec0 (default {@link APPROX_MIN_ROWS}). */
  approxMinRows?: number;
  /** Each slice of a build takes about this many ms of CPU (default {@link BUILD_SLICE_MS}). */
  buildSliceMs?: number;
  /** The coarse pass keeps max(topK × this, MIN_CANDIDATES) rows (default OVERSAMPLE). */
  oversample?: number;
}

/**
 * Large owners' int8 copies of their vectors (see {@link Int8Rows}), kept in this process by owner
 * key, and the two-pass search over them.
 *
 * A copy is derived, never stored. The owner's first large query starts building it in the background
 * from the stored rows; until it is complete the exact KNN answers. The index's own writes update it
 * once they commit ({@link put}, {@link remove}), during the build too; every copy is dropped when
 * `PRAGMA data_version` shows another connection's commit (another process: the next query starts
 * building it again). At most {@link MAX_CACHED_OWNERS} copies are kept.
 */
export class Int8Copies {
  private readonly copies = new Map<bigint, Int8Copy>();
  private dataVersion: number | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly settings: Int8CopySettings,
    /** Whether the index was closed: a build in progress stops. */
    private readonly closed: () => boolean,
  ) {}

  /**
   * A large owner's search: the `topK × oversample` best rows of the int8 pass, rescored exactly from
   * their stored vectors. Undefined where the exact KNN is used instead: a small owner (below
   * `approxMinRows`), a copy not ready yet, a `topK` asking for a large share of the rows, or no
   * WebAssembly SIMD.
   */
  search(
    s: Statements,
    row: NamespaceRow,
    owner: bigint,
    q: Float32Array,
    visibilities: readonly string[] | undefined,
    topK: number,
    minSimilarity: number,
  ): VectorHit[] | undefined {
    const rows = this.readyRows(s, row, owner);
    if (!rows) return undefined;
    const limit = coarseLimit(topK, rows.count, this.settings.oversample);
    if (limit === undefined) return undefined;
    const scored: Array<{ seq: number; similarity: number }> = [];
    for (const { seq } of rows.top(row.metric, q, visibilities, limit)) {
      const found = s.vectorOf.get(BigInt(seq));
      if (!found) continue;
      // Of the first q.length components: a dot_product row carries the extra one.
      const similarity = similarityOf(row.metric, q, toFloats(found.embedding));
      if (similarity >= minSimilarity) scored.push({ seq, similarity });
    }
    scored.sort((a, b) => b.similarity - a.similarity);
    const hits: VectorHit[] = [];
    for (const { seq, similarity } of scored) {
      if (hits.length === topK) break;
      const found = s.memoryOf.get(BigInt(seq), owner);
      if (found) hits.push({ memory: JSON.parse(found.memory) as Memory, similarity });
    }
    return hits;
  }

  /**
   * Builds the owner's copy in the background if it is a large owner without one (as its first query
   * would), and resolves when the copy is ready: true, or false when there is none to wait for (a
   * small owner, no WebAssembly SIMD, an abandoned build).
   */
  async whenReady(s: Statements, row: NamespaceRow, owner: bigint): Promise<boolean> {
    if (!int8ScanIsFast()) return false;
    this.checkDataVersion();
    let copy = this.copies.get(owner);
    if (!copy) {
      const count = s.count.get(owner)!.n;
      if (count < (this.settings.approxMinRows ?? APPROX_MIN_ROWS)) return false;
      copy = this.startBuild(s, row, owner, count);
    }
    return copy.ready || copy.built;
  }

  /** A committed write's row, into the owner's copy if there is one (built or being built). */
  put(owner: bigint, seq: number, visibility: string, vector: Float32Array): void {
    this.copies.get(owner)?.rows.put(seq, visibility, vector);
  }

  /** Committed deletes' rows, out of the owner's copy if there is one. */
  remove(owner: bigint, seqs: readonly number[]): void {
    const rows = this.copies.get(owner)?.rows;
    for (const seq of seqs) rows?.remove(seq);
  }

  /** Drops the owner's copy (its build, if one runs, is abandoned). */
  drop(owner: bigint): void {
    this.copies.delete(owner);
  }

  /** Drops every copy. */
  clear(): void {
    this.copies.clear();
  }

  /**
   * The owner's int8 copy when it is ready; otherwise undefined, and the exact KNN answers. A large
   * owner (at least `approxMinRows` rows) without a copy gets one built in the background
   * ({@link startBuild}). Every copy is dropped when this connection's `data_version` moves (another
   * connection's commit: another process); the next query starts a new build.
   */
  private readyRows(s: Statements, row: NamespaceRow, owner: bigint): Int8Rows | undefined {
    if (!int8ScanIsFast()) return undefined;
    this.checkDataVersion();
    const copy = this.copies.get(owner);
    if (copy) return copy.ready ? copy.rows : undefined;
    const count = s.count.get(owner)!.n;
    if (count < (this.settings.approxMinRows ?? APPROX_MIN_ROWS)) return undefined;
    this.startBuild(s, row, owner, count);
    return undefined;
  }

  /** Drops every int8 copy (built or being built) if another connection has committed since. */
  private checkDataVersion(): void {
    const version = this.db.pragma("data_version", { simple: true }) as number;
    if (version !== this.dataVersion) {
      this.copies.clear();
      this.dataVersion = version;
    }
  }

  /**
   * Starts building the owner's int8 copy in the background: pages of its rows in `seq` order, read
   * in slices of about `buildSliceMs` of CPU, each in its own turn of the event loop, so queries
   * (answered by the exact KNN meanwhile) and everything else keep running. Each page is read from
   * the latest commit, and the index's own writes update the copy as soon as they commit, also while
   * it is being built (a row not read yet is read later as it is then), so the copy equals the
   * stored rows when the last page is read; it is then marked ready. The build is abandoned when its
   * copy is dropped (another connection's commit, a rolled-back write, `dropAll`, `close`, or more
   * than {@link MAX_CACHED_OWNERS} copies).
   */
  private startBuild(s: Statements, row: NamespaceRow, owner: bigint, count: number): Int8Copy {
    const copy: Int8Copy = {
      rows: new Int8Rows(row.dimension, { capacity: count }),
      ready: false,
      built: Promise.resolve(false),
    };
    if (this.copies.size >= MAX_CACHED_OWNERS) this.copies.delete(this.copies.keys().next().value!);
    this.copies.set(owner, copy);
    copy.built = this.build(s, row, owner, copy);
    return copy;
  }

  /** The build's slices; resolves true when the copy is ready, false when it was abandoned. */
  private async build(s: Statements, row: NamespaceRow, owner: bigint, copy: Int8Copy): Promise<boolean> {
    const sliceMs = this.settings.buildSliceMs ?? BUILD_SLICE_MS;
    const scratch = new Float32Array(row.metric === "dot_product" ? row.dimension + 1 : row.dimension);
    const bytes = new Uint8Array(scratch.buffer);
    let after = 0;
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.closed()) return false;
      this.checkDataVersion();
      if (this.copies.get(owner) !== copy) return false;
      const deadline = performance.now() + sliceMs;
      try {
        do {
          const page = s.ownerVectorPage.all(owner, after, BUILD_PAGE_ROWS);
          for (const r of page) {
            if (r.embedding.byteLength !== bytes.byteLength) continue;
            bytes.set(r.embedding);
            copy.rows.put(r.seq, r.visibility, scratch);
          }
          if (page.length < BUILD_PAGE_ROWS) {
            copy.ready = true;
            return true;
          }
          after = page[page.length - 1]!.seq;
        } while (performance.now() < deadline);
      } catch {
        // The tables went away under the build (dropAll): the exact KNN answers, as for a small owner.
        if (this.copies.get(owner) === copy) this.copies.delete(owner);
        return false;
      }
    }
  }
}
