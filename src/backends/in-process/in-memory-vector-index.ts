import type { Embedder } from "../../core/embedder.js";
import type { Memory, Owner } from "../../core/types.js";
import {
  ownerKey,
  similarityFrom,
  type OwnerCount,
  sortOwners,
  type SimilarityMetric,
  type MemoryWithVector,
  type UpsertOptions,
  type VectorHit,
  type VectorIndex,
  type VectorIndexInfo,
  type VectorIndexOptions,
  type VectorQuery,
} from "../../core/vector-index.js";
import { isAllowed, visibilityOf } from "../../core/visibility.js";
import { coarseLimit, Int8Rows, int8ScanIsFast, LARGE_OWNER_ROWS, OVERSAMPLE } from "../int8-scan.js";
import { embedQueryText, pageBounds, scanPageSize, vectorsToStore } from "../common/port-contract.js";

export interface InMemoryVectorIndexOptions extends VectorIndexOptions {
  /** Owners of dense vectors with at least this many rows get an int8 copy (default {@link LARGE_OWNER_ROWS}). */
  approxMinRows?: number;
  /** The int8 pass keeps max(topK × this, MIN_CANDIDATES) rows (default {@link OVERSAMPLE}). */
  oversample?: number;
}

/**
 * `index_type = "memory"`: memories and their vectors in this process, nothing persisted (tests,
 * throw-away sessions). The search is exact (no HNSW: `ef_search` does not apply).
 *
 * Exact search over 100k vectors of 512 floats is ~50 M multiply-adds per query, too slow in
 * JavaScript for a turn. Each user's vectors are therefore kept as posting lists per dimension (only the non-zero components): a
 * query visits the lists of its own non-zero dimensions and gets every row's inner product, and the
 * metric's similarity follows from it and the norms (cos = dot/(|q||x|), L2² = |q|² + |x|² − 2dot),
 * kept in typed arrays. The offline embedder's vectors have a few dozen non-zero components, so a
 * query at 100k memories touches a few hundred thousand entries. A dense model's vectors would make
 * it a plain exact scan in JavaScript again; a large owner of dense vectors
 * (`approxMinRows`, default {@link LARGE_OWNER_ROWS}) is therefore searched the way sqlite-vec
 * searches one: an int8 copy scanned by WebAssembly SIMD for max(topK × oversample, 100)
 * candidates, rescored exactly ({@link Int8Rows}). This backend is still not meant for a large
 * workspace: nothing is persisted.
 */
export class InMemoryVectorIndex implements VectorIndex {
  readonly info: VectorIndexInfo;
  private readonly byOwner = new Map<string, OwnerRows>();

  private constructor(private readonly options: InMemoryVectorIndexOptions) {
    this.info = {
      kind: "memory",
      namespace: options.namespace,
      metric: options.metric,
      location: "process memory",
      efSearch: null,
    };
  }

  static async open(options: InMemoryVectorIndexOptions): Promise<InMemoryVectorIndex> {
    return new InMemoryVectorIndex(options);
  }

  async upsert(memories: Memory[], options: UpsertOptions = {}): Promise<void> {
    if (memories.length === 0) return;
    const { embedder, embedBatchSize } = this.options;
    const vectors = await vectorsToStore(embedder, memories, embedBatchSize, options.vectors);
    checkDimensions(this.options.embedder, vectors);
    memories.forEach((memory, i) => this.rowsOf(memory, true)!.put(structuredClone(memory), vectors[i]!));
  }

  async query(query: VectorQuery): Promise<VectorHit[]> {
    const rows = this.rowsOf(query, false);
    if (!rows) return [];
    return rows.nearest({
      vector: query.vector,
      topK: query.topK,
      metric: this.options.metric,
      minSimilarity: query.minSimilarity ?? -Infinity,
      visibilities: query.visibilities,
    });
  }

  embedQuery(text: string): Promise<number[]> {
    return embedQueryText(this.options.embedder, text);
  }

  async get(owner: Owner, id: string): Promise<Memory | undefined> {
    const memory = this.rowsOf(owner, false)?.get(id);
    return memory && structuredClone(memory);
  }

  async list(owner: Owner, options: { limit: number; offset: number }): Promise<Memory[]> {
    const page = pageBounds(options);
    if (!page) return [];
    return (this.rowsOf(owner, false)?.page(page.offset, page.limit) ?? []).map((m) => structuredClone(m));
  }

  async listWithVectors(
    owner: Owner,
    options: { limit: number; offset: number },
  ): Promise<MemoryWithVector[]> {
    const page = pageBounds(options);
    if (!page) return [];
    const rows = this.rowsOf(owner, false)?.pageWithVectors(page.offset, page.limit) ?? [];
    return rows.map((r) => ({ memory: structuredClone(r.memory), vector: r.vector }));
  }

  async delete(owner: Owner, ids: string[]): Promise<void> {
    const rows = this.rowsOf(owner, false);
    for (const id of ids) rows?.remove(id);
  }

  async deleteAll(owner: Owner): Promise<void> {
    this.byOwner.delete(ownerKey(owner));
  }

  async *scan(pageSize = 1000): AsyncGenerator<Memory[]> {
    const size = scanPageSize(pageSize);
    for (const key of [...this.byOwner.keys()].sort()) {
      const rows = this.byOwner.get(key);
      for (let offset = 0; rows; offset += size) {
        const page = rows.page(offset, size);
        if (page.length > 0) yield page.map((m) => structuredClone(m));
        if (page.length < size) break;
      }
    }
  }

  async count(owner: Owner): Promise<number> {
    return this.rowsOf(owner, false)?.size ?? 0;
  }

  async owners(): Promise<OwnerCount[]> {
    const out: OwnerCount[] = [];
    for (const [key, rows] of this.byOwner) {
      if (rows.size === 0) continue;
      const at = key.indexOf("\u0000");
      out.push({ teamId: key.slice(0, at), userId: key.slice(at + 1), memories: rows.size });
    }
    return sortOwners(out);
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async dropAll(): Promise<number> {
    let count = 0;
    for (const rows of this.byOwner.values()) count += rows.size;
    this.byOwner.clear();
    return count;
  }

  async close(): Promise<void> {
    this.byOwner.clear();
  }

  private rowsOf(owner: Owner, create: boolean): OwnerRows | undefined {
    const key = ownerKey(owner);
    let rows = this.byOwner.get(key);
    if (!rows && create) {
      rows = new OwnerRows(this.options.embedder.dimension, {
        approxMinRows: this.options.approxMinRows ?? LARGE_OWNER_ROWS,
        oversample: this.options.oversample ?? OVERSAMPLE,
      });
      this.byOwner.set(key, rows);
    }
    return rows;
  }
}

function checkDimensions(embedder: Embedder, vectors: number[][]): void {
  for (const v of vectors) {
    if (v.length !== embedder.dimension) {
      throw new RangeError(
        `${embedder.id} returned a vector of ${v.length} dimensions, not ${embedder.dimension}`,
      );
    }
  }
}

/** A growable pair of typed arrays: (row slot, component value). */
class Postings {
  slots = new Int32Array(16);
  values = new Float32Array(16);
  length = 0;

  push(slot: number, value: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const values = new Float32Array(this.length * 2);
      values.set(this.values);
      this.values = values;
    }
    this.slots[this.length] = slot;
    this.values[this.length] = value;
    this.length++;
  }
}

interface Row {
  memory: Memory;
  /** The vector's non-zero components, to rebuild the postings when compacting. */
  dims: Int32Array;
  values: Float32Array;
  norm: number;
}

/** How an owner is searched; see {@link OwnerRows.nearest}. */
interface SearchSettings {
  /** Owners with at least this many rows of dense vectors get an int8 copy. */
  approxMinRows: number;
  oversample: number;
}

/**
 * One owner's rows in slots (insertion order); a deleted or replaced row leaves a hole, and the
 * postings are rebuilt without the holes once they are as many as the live rows. The norms and
 * which slots are live are kept in typed arrays beside the rows, for the scan over every slot.
 *
 * A large owner of dense vectors (at least `approxMinRows` rows, on average a quarter of the
 * components non-zero: a real embedding model) also has an int8 copy ({@link Int8Rows}, shared with
 * sqlite-vec): its posting lists are then every row, and a query is answered by the int8 pass and the
 * exact rescore of its candidates instead. The copy is made when the owner reaches the size and kept
 * up to date by every write.
 */
class OwnerRows {
  private slots: Array<Row | undefined> = [];
  private readonly byId = new Map<string, number>();
  private postings: Postings[];
  private holes = 0;
  private scores = new Float64Array(0);
  private norms = new Float64Array(0);
  private live = new Uint8Array(0);
  /** Non-zero components of the live rows, summed (how dense the owner's vectors are). */
  private nonZero = 0;
  private int8: Int8Rows | undefined;
  private readonly scratch: Float32Array;

  constructor(
    private readonly dimension: number,
    private readonly settings: SearchSettings,
  ) {
    this.postings = Array.from({ length: dimension }, () => new Postings());
    this.scratch = new Float32Array(dimension);
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Memory | undefined {
    const slot = this.byId.get(id);
    return slot === undefined ? undefined : this.slots[slot]!.memory;
  }

  put(memory: Memory, vector: number[]): void {
    this.remove(memory.id);
    const dims: number[] = [];
    const values: number[] = [];
    let norm = 0;
    vector.forEach((x, d) => {
      if (x === 0) return;
      dims.push(d);
      values.push(x);
      norm += x * x;
    });
    this.append({
      memory,
      dims: Int32Array.from(dims),
      values: Float32Array.from(values),
      norm: Math.sqrt(norm),
    });
  }

  remove(id: string): void {
    const slot = this.byId.get(id);
    if (slot === undefined) return;
    this.byId.delete(id);
    this.nonZero -= this.slots[slot]!.dims.length;
    this.slots[slot] = undefined;
    this.live[slot] = 0;
    this.int8?.remove(slot);
    this.holes++;
    if (this.holes > 64 && this.holes >= this.byId.size) this.compact();
  }

  page(offset: number, limit: number): Memory[] {
    return this.pageWithVectors(offset, limit, false).map((r) => r.memory);
  }

  /** A page of rows with their vectors rebuilt from the non-zero components (when `vectors`). */
  pageWithVectors(offset: number, limit: number, vectors = true): MemoryWithVector[] {
    const out: MemoryWithVector[] = [];
    let skipped = 0;
    for (const row of this.slots) {
      if (!row) continue;
      if (skipped++ < offset) continue;
      if (out.length === limit) break;
      const vector = vectors ? new Array<number>(this.dimension).fill(0) : [];
      if (vectors) row.dims.forEach((d, i) => (vector[d] = row.values[i]!));
      out.push({ memory: row.memory, vector });
    }
    return out;
  }

  nearest(options: {
    vector: number[];
    topK: number;
    metric: SimilarityMetric;
    minSimilarity: number;
    visibilities: readonly string[] | undefined;
  }): VectorHit[] {
    const limit = this.int8 && coarseLimit(options.topK, this.int8.count, this.settings.oversample);
    const found =
      limit !== undefined && this.int8
        ? this.nearestByInt8(this.int8, limit, options)
        : this.nearestByPostings(options);
    return found.map(({ score, slot }) => ({
      memory: structuredClone(this.slots[slot]!.memory),
      similarity: score,
    }));
  }

  /** Exact: every row's inner product from the posting lists of the query's non-zero components. */
  private nearestByPostings(options: {
    vector: number[];
    topK: number;
    metric: SimilarityMetric;
    minSimilarity: number;
    visibilities: readonly string[] | undefined;
  }): Array<{ score: number; slot: number }> {
    const { vector, metric, minSimilarity, visibilities } = options;
    const n = this.slots.length;
    if (this.scores.length < n) this.scores = new Float64Array(n * 2);
    const dots = this.scores;
    dots.fill(0, 0, n);
    let queryNorm = 0;
    for (let d = 0; d < vector.length && d < this.dimension; d++) {
      const q = vector[d]!;
      if (q === 0) continue;
      queryNorm += q * q;
      const list = this.postings[d]!;
      const { slots, values } = list;
      for (let k = 0; k < list.length; k++) dots[slots[k]!]! += q * values[k]!;
    }
    queryNorm = Math.sqrt(queryNorm);
    const best = new TopK(options.topK);
    const { norms, live } = this;
    for (let slot = 0; slot < n; slot++) {
      if (live[slot] === 0) continue;
      const similarity = similarityOfDot(metric, dots[slot]!, queryNorm, norms[slot]!);
      if (similarity < minSimilarity || !best.wants(similarity)) continue;
      if (visibilities && !isAllowed([visibilityOf(this.slots[slot]!.memory)], visibilities)) continue;
      best.add(similarity, slot);
    }
    return best.sorted();
  }

  /**
   * The int8 pass's `limit` best rows of the allowed visibilities, rescored exactly (the same
   * arithmetic as {@link nearestByPostings}: the inner product summed in component order).
   */
  private nearestByInt8(
    int8: Int8Rows,
    limit: number,
    options: {
      vector: number[];
      topK: number;
      metric: SimilarityMetric;
      minSimilarity: number;
      visibilities: readonly string[] | undefined;
    },
  ): Array<{ score: number; slot: number }> {
    const { vector, metric, minSimilarity, visibilities } = options;
    const q = this.scratch;
    let queryNorm = 0;
    for (let d = 0; d < this.dimension; d++) {
      const x = d < vector.length ? vector[d]! : 0;
      q[d] = x;
      queryNorm += x * x;
    }
    queryNorm = Math.sqrt(queryNorm);
    const best = new TopK(options.topK);
    for (const { seq: slot } of int8.top(metric, q, visibilities, limit)) {
      const row = this.slots[slot]!;
      let dot = 0;
      for (let k = 0; k < row.dims.length; k++) {
        const x = vector[row.dims[k]!]!;
        if (x !== 0) dot += x * row.values[k]!;
      }
      const similarity = similarityOfDot(metric, dot, queryNorm, row.norm);
      if (similarity < minSimilarity || !best.wants(similarity)) continue;
      best.add(similarity, slot);
    }
    return best.sorted();
  }

  private append(row: Row): void {
    const slot = this.slots.length;
    this.slots.push(row);
    this.byId.set(row.memory.id, slot);
    if (this.norms.length <= slot) {
      const capacity = Math.max(1024, slot * 2);
      const norms = new Float64Array(capacity);
      norms.set(this.norms);
      this.norms = norms;
      const live = new Uint8Array(capacity);
      live.set(this.live);
      this.live = live;
    }
    this.norms[slot] = row.norm;
    this.live[slot] = 1;
    this.nonZero += row.dims.length;
    for (let k = 0; k < row.dims.length; k++) this.postings[row.dims[k]!]!.push(slot, row.values[k]!);
    if (this.int8) this.putInt8(this.int8, slot, row);
    else if (this.wantsInt8()) this.buildInt8();
  }

  /** Dense vectors (a quarter of the components non-zero on average) and enough of them. */
  private wantsInt8(): boolean {
    const n = this.byId.size;
    return n >= this.settings.approxMinRows && this.nonZero * 4 >= n * this.dimension && int8ScanIsFast();
  }

  private buildInt8(): void {
    const int8 = new Int8Rows(this.dimension, { capacity: this.byId.size * 2 });
    this.slots.forEach((row, slot) => {
      if (row) this.putInt8(int8, slot, row);
    });
    this.int8 = int8;
  }

  private putInt8(int8: Int8Rows, slot: number, row: Row): void {
    const x = this.scratch;
    x.fill(0);
    for (let k = 0; k < row.dims.length; k++) x[row.dims[k]!] = row.values[k]!;
    int8.put(slot, visibilityOf(row.memory), x);
  }

  private compact(): void {
    const live = this.slots.filter((row): row is Row => row !== undefined);
    this.slots = [];
    this.byId.clear();
    this.postings = Array.from({ length: this.dimension }, () => new Postings());
    this.norms = new Float64Array(0);
    this.live = new Uint8Array(0);
    this.nonZero = 0;
    this.int8 = undefined;
    this.holes = 0;
    for (const row of live) this.append(row);
  }
}

/** The metric's similarity from the inner product and the two norms (as {@link similarityOf}). */
function similarityOfDot(metric: SimilarityMetric, dot: number, queryNorm: number, norm: number): number {
  if (metric === "cosine") return queryNorm === 0 || norm === 0 ? 0 : dot / (queryNorm * norm);
  if (metric === "dot_product") return dot;
  const squared = queryNorm * queryNorm + norm * norm - 2 * dot;
  return similarityFrom("euclidean", Math.sqrt(Math.max(0, squared)));
}

/** The k best (score, slot) pairs seen, kept in a small sorted array (k is at most a few dozen). */
class TopK {
  private readonly items: Array<{ score: number; slot: number }> = [];

  constructor(private readonly k: number) {}

  wants(score: number): boolean {
    return this.k > 0 && (this.items.length < this.k || score > this.items[this.items.length - 1]!.score);
  }

  add(score: number, slot: number): void {
    let at = this.items.length;
    while (at > 0 && this.items[at - 1]!.score < score) at--;
    this.items.splice(at, 0, { score, slot });
    if (this.items.length > this.k) this.items.pop();
  }

  sorted(): Array<{ score: number; slot: number }> {
    return this.items;
  }
}
