import type { Embedder } from "../llm/embedder.js";
import type { Memory } from "../types.js";
import {
  embedInBatches,
  ownerKey,
  similarityFrom,
  type Owner,
  type OwnerCount,
  sortOwners,
  type SimilarityMetric,
  type VectorHit,
  type VectorIndex,
  type VectorIndexInfo,
  type VectorIndexOptions,
  type VectorQuery,
} from "./vector-index.js";
import { isAllowed, visibilityOf } from "./visibility.js";

/**
 * `index_type = "memory"`: memories and their vectors in this process, nothing persisted (tests,
 * throw-away sessions). The search is exact (no HNSW: `ef_search` does not apply).
 *
 * Exact search over 100k vectors of 512 floats is ~50 M multiply-adds, 100+ ms in JavaScript. Each
 * user's vectors are therefore kept as posting lists per dimension (only the non-zero components): a
 * query visits the lists of its own non-zero dimensions and gets every row's inner product, and the
 * metric's similarity follows from it and the norms (cos = dot/(|q||x|), L2² = |q|² + |x|² − 2dot).
 * The offline embedder's vectors have a few dozen non-zero components, so a query at 100k memories
 * touches a few hundred thousand entries; a dense model's vectors make it a plain exact scan, which
 * stays correct (this backend is not meant for a large workspace on a dense model: use Chroma,
 * sqlite-vec or pgvector there).
 */
export class InMemoryVectorIndex implements VectorIndex {
  readonly info: VectorIndexInfo;
  private readonly byOwner = new Map<string, OwnerRows>();

  private constructor(private readonly options: VectorIndexOptions) {
    this.info = {
      kind: "memory",
      namespace: options.namespace,
      metric: options.metric,
      location: "process memory",
      efSearch: null,
    };
  }

  static async open(options: VectorIndexOptions): Promise<InMemoryVectorIndex> {
    return new InMemoryVectorIndex(options);
  }

  async upsert(memories: Memory[]): Promise<void> {
    if (memories.length === 0) return;
    const vectors = await embedInBatches(
      (texts) => this.options.embedder.embed(texts),
      memories.map((m) => m.text),
      this.options.embedBatchSize,
    );
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
      accept: query.visibilities
        ? (memory) => isAllowed([visibilityOf(memory)], query.visibilities)
        : undefined,
    });
  }

  async embedQuery(text: string): Promise<number[]> {
    const [vector] = await this.options.embedder.embed([text]);
    return vector!;
  }

  async get(owner: Owner, id: string): Promise<Memory | undefined> {
    const memory = this.rowsOf(owner, false)?.get(id);
    return memory && structuredClone(memory);
  }

  async list(owner: Owner, options: { limit: number; offset: number }): Promise<Memory[]> {
    return (this.rowsOf(owner, false)?.page(options.offset, options.limit) ?? []).map((m) =>
      structuredClone(m),
    );
  }

  async delete(owner: Owner, ids: string[]): Promise<void> {
    const rows = this.rowsOf(owner, false);
    for (const id of ids) rows?.remove(id);
  }

  async deleteAll(owner: Owner): Promise<void> {
    this.byOwner.delete(ownerKey(owner));
  }

  async *scan(pageSize = 1000): AsyncGenerator<Memory[]> {
    for (const key of [...this.byOwner.keys()].sort()) {
      const rows = this.byOwner.get(key);
      for (let offset = 0; rows; offset += pageSize) {
        const page = rows.page(offset, pageSize);
        if (page.length > 0) yield page.map((m) => structuredClone(m));
        if (page.length < pageSize) break;
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
      rows = new OwnerRows(this.options.embedder.dimension);
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

/**
 * One owner's rows in slots (insertion order); a deleted or replaced row leaves a hole, and the
 * postings are rebuilt without the holes once they are as many as the live rows.
 */
class OwnerRows {
  private slots: Array<Row | undefined> = [];
  private readonly byId = new Map<string, number>();
  private postings: Postings[];
  private holes = 0;
  private scores = new Float64Array(0);

  constructor(private readonly dimension: number) {
    this.postings = Array.from({ length: dimension }, () => new Postings());
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
    this.slots[slot] = undefined;
    this.holes++;
    if (this.holes > 64 && this.holes >= this.byId.size) this.compact();
  }

  page(offset: number, limit: number): Memory[] {
    const out: Memory[] = [];
    let skipped = 0;
    for (const row of this.slots) {
      if (!row) continue;
      if (skipped++ < offset) continue;
      if (out.length === limit) break;
      out.push(row.memory);
    }
    return out;
  }

  nearest(options: {
    vector: number[];
    topK: number;
    metric: SimilarityMetric;
    minSimilarity: number;
    accept: ((memory: Memory) => boolean) | undefined;
  }): VectorHit[] {
    const { vector, metric, minSimilarity, accept } = options;
    if (this.scores.length < this.slots.length) this.scores = new Float64Array(this.slots.length * 2);
    const dots = this.scores;
    dots.fill(0, 0, this.slots.length);
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
    for (let slot = 0; slot < this.slots.length; slot++) {
      const row = this.slots[slot];
      if (!row) continue;
      const dot = dots[slot]!;
      let similarity: number;
      if (metric === "cosine") {
        similarity = queryNorm === 0 || row.norm === 0 ? 0 : dot / (queryNorm * row.norm);
      } else if (metric === "dot_product") {
        similarity = dot;
      } else {
        const squared = queryNorm * queryNorm + row.norm * row.norm - 2 * dot;
        similarity = similarityFrom("euclidean", Math.sqrt(Math.max(0, squared)));
      }
      if (similarity < minSimilarity || !best.wants(similarity)) continue;
      if (accept && !accept(row.memory)) continue;
      best.add(similarity, slot);
    }
    return best.sorted().map(({ score, slot }) => ({
      memory: structuredClone(this.slots[slot]!.memory),
      similarity: score,
    }));
  }

  private append(row: Row): void {
    const slot = this.slots.length;
    this.slots.push(row);
    this.byId.set(row.memory.id, slot);
    for (let k = 0; k < row.dims.length; k++) this.postings[row.dims[k]!]!.push(slot, row.values[k]!);
  }

  private compact(): void {
    const live = this.slots.filter((row): row is Row => row !== undefined);
    this.slots = [];
    this.byId.clear();
    this.postings = Array.from({ length: this.dimension }, () => new Postings());
    this.holes = 0;
    for (const row of live) this.append(row);
  }
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
