/**
 * An in-process int8 copy of one owner's vectors and a WebAssembly SIMD scan over it: the coarse pass
 * of {@link SqliteVecIndex}'s search for large owners (the exact rescore is the caller's).
 *
 * Each vector x is kept as codes c = round(127 · x / max|xᵢ|) with its factor f = max|xᵢ| / 127 (per
 * vector, so any norm keeps 8 bits of resolution), its squared norm and its visibility. The scan
 * computes Σ c_q · c_x for every row at once (i8x16 → i16x8 → `i32x4.dot_i16x8_s`, 16 components per
 * step: about 10× the scalar loop of the bundled vec0.so, which has no AVX), from which
 * {@link Int8Rows.top} ranks the rows by the metric's approximate score.
 */
import type { SimilarityMetric } from "./vector-index.js";

/**
 * The scan kernel, assembled by hand (no toolchain): `dot(q, base, n, dp, out)` writes to the i32 at
 * `out + 4r` the dot product of the `dp` int8 at `q` with the `dp` int8 at `base + r·dp`, for r < n;
 * `dp` is a multiple of 16. Memory is imported (`env.mem`), one per owner.
 */
function kernelBytes(): Uint8Array {
  const get = (i: number) => [0x20, i];
  const set = (i: number) => [0x21, i];
  const simd = (...op: number[]) => [0xfd, ...op];
  const [q, base, n, dp, out, r, i, acc, qa, xa] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const extLow = simd(0x87, 0x01);
  const extHigh = simd(0x88, 0x01);
  const dot = simd(0xba, 0x01);
  const add4 = simd(0xae, 0x01);
  const lane = (l: number) => [...get(acc), ...simd(0x1b, l)];
  const body = [
    ...[0x02, 0x02, 0x7f, 0x03, 0x7b], // locals: r, i (i32); acc, qa, xa (v128)
    ...[0x02, 0x40, 0x03, 0x40], // block, loop over rows
    ...get(r),
    ...get(n),
    0x4f, // i32.ge_u
    ...[0x0d, 0x01], // br_if out of the block
    ...simd(0x0c, ...new Array<number>(16).fill(0)),
    ...set(acc),
    ...[0x41, 0x00],
    ...set(i),
    ...[0x02, 0x40, 0x03, 0x40], // block, loop over components
    ...get(i),
    ...get(dp),
    0x4f,
    ...[0x0d, 0x01],
    ...get(q),
    ...get(i),
    0x6a,
    ...simd(0x00, 0x00, 0x00), // v128.load
    ...set(qa),
    ...get(base),
    ...get(i),
    0x6a,
    ...simd(0x00, 0x00, 0x00),
    ...set(xa),
    ...get(acc),
    ...get(qa),
    ...extLow,
    ...get(xa),
    ...extLow,
    ...dot,
    ...add4,
    ...get(qa),
    ...extHigh,
    ...get(xa),
    ...extHigh,
    ...dot,
    ...add4,
    ...set(acc),
    ...get(i),
    ...[0x41, 0x10, 0x6a],
    ...set(i),
    ...[0x0c, 0x00, 0x0b, 0x0b], // br loop; end loop; end block
    ...get(out),
    ...get(r),
    ...[0x41, 0x02, 0x74, 0x6a], // out + 4r
    ...lane(0),
    ...lane(1),
    0x6a,
    ...lane(2),
    0x6a,
    ...lane(3),
    0x6a,
    ...[0x36, 0x02, 0x00], // i32.store
    ...get(base),
    ...get(dp),
    0x6a,
    ...set(base),
    ...get(r),
    ...[0x41, 0x01, 0x6a],
    ...set(r),
    ...[0x0c, 0x00, 0x0b, 0x0b], // br loop; end loop; end block
    0x0b, // end function
  ];
  const section = (id: number, content: number[]) => [id, ...leb(content.length), ...content];
  const name = (s: string) => [s.length, ...Buffer.from(s, "ascii")];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [0x01, 0x60, 0x05, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x00]),
    ...section(2, [0x01, ...name("env"), ...name("mem"), 0x02, 0x00, 0x00]),
    ...section(3, [0x01, 0x00]),
    ...section(7, [0x01, ...name("dot"), 0x00, 0x00]),
    ...section(10, [0x01, ...leb(body.length), ...body]),
  ]);
}

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** The part of the WebAssembly API used here (this project's TypeScript libs do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
type WasmModule = object;
interface WasmApi {
  Module: new (bytes: Uint8Array) => WasmModule;
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Instance: new (module: WasmModule, imports: object) => { exports: Record<string, unknown> };
}
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

let kernel: WasmModule | null | undefined;

/** The compiled kernel, or null where WebAssembly SIMD is unavailable (the caller searches exactly). */
export function int8Kernel(): WasmModule | null {
  if (kernel === undefined) {
    try {
      kernel = wasm ? new wasm.Module(kernelBytes()) : null;
    } catch {
      kernel = null;
    }
  }
  return kernel;
}

const PAGE = 65536;

/** A candidate of the coarse pass: the row's key and its approximate score (higher is nearer). */
export interface Candidate {
  seq: number;
  score: number;
}

/** One owner's rows as int8 codes, in a WebAssembly memory of its own. */
export class Int8Rows {
  /** Components per code: the dimension rounded up to 16. */
  private readonly dp: number;
  private capacity = 0;
  private size = 0;
  private memory: WasmMemory | undefined;
  private dot: ((q: number, base: number, n: number, dp: number, out: number) => void) | undefined;
  private seqs = new Float64Array(0);
  private factors = new Float32Array(0);
  private squaredNorms = new Float32Array(0);
  private visibilityIds = new Uint16Array(0);
  private readonly slots = new Map<number, number>();
  private readonly visibilityNames: string[] = [];
  private readonly visibilityIndex = new Map<string, number>();

  constructor(
    private readonly module: WasmModule,
    private readonly dimension: number,
  ) {
    this.dp = Math.ceil(dimension / 16) * 16;
  }

  get count(): number {
    return this.size;
  }

  /** Adds or replaces the row `seq` (its first `dimension` components). */
  put(seq: number, visibility: string, vector: Float32Array): void {
    let slot = this.slots.get(seq);
    if (slot === undefined) {
      if (this.size === this.capacity) this.grow(Math.max(1024, this.capacity * 2));
      slot = this.size++;
      this.slots.set(seq, slot);
      this.seqs[slot] = seq;
    }
    let visibilityId = this.visibilityIndex.get(visibility);
    if (visibilityId === undefined) {
      visibilityId = this.visibilityNames.push(visibility) - 1;
      this.visibilityIndex.set(visibility, visibilityId);
    }
    this.visibilityIds[slot] = visibilityId;
    const codes = new Int8Array(this.memory!.buffer, this.codesAt(slot), this.dp);
    const { factor, squaredNorm } = quantize(vector, this.dimension, codes);
    this.factors[slot] = factor;
    this.squaredNorms[slot] = squaredNorm;
  }

  /** Removes the row `seq` (the last row takes its slot). */
  remove(seq: number): void {
    const slot = this.slots.get(seq);
    if (slot === undefined) return;
    this.slots.delete(seq);
    const last = --this.size;
    if (slot === last) return;
    const lastSeq = this.seqs[last]!;
    this.seqs[slot] = lastSeq;
    this.factors[slot] = this.factors[last]!;
    this.squaredNorms[slot] = this.squaredNorms[last]!;
    this.visibilityIds[slot] = this.visibilityIds[last]!;
    const bytes = new Uint8Array(this.memory!.buffer);
    bytes.copyWithin(this.codesAt(slot), this.codesAt(last), this.codesAt(last) + this.dp);
    this.slots.set(lastSeq, slot);
  }

  /**
   * The `limit` rows of the given visibilities (all when undefined) with the best approximate score
   * for the query under the metric, best first.
   */
  top(
    metric: SimilarityMetric,
    query: Float32Array,
    visibilities: readonly string[] | undefined,
    limit: number,
  ): Candidate[] {
    const n = this.size;
    if (n === 0 || limit <= 0) return [];
    const memory = this.memory!;
    const qCodes = new Int8Array(memory.buffer, 0, this.dp);
    const { factor: qf, squaredNorm: qq } = quantize(query, this.dimension, qCodes);
    this.dot!(0, this.codesAt(0), n, this.dp, this.scoresAt());
    const dots = new Int32Array(memory.buffer, this.scoresAt(), n);
    let allowed: Uint8Array | undefined;
    if (visibilities) {
      allowed = new Uint8Array(this.visibilityNames.length);
      for (const v of visibilities) {
        const id = this.visibilityIndex.get(v);
        if (id !== undefined) allowed[id] = 1;
      }
    }
    // A bounded min-heap of (score, slot).
    const heapScores = new Float64Array(limit);
    const heapSlots = new Int32Array(limit);
    let heapSize = 0;
    const { factors, squaredNorms, visibilityIds } = this;
    for (let slot = 0; slot < n; slot++) {
      if (allowed && allowed[visibilityIds[slot]!] !== 1) continue;
      const ip = dots[slot]! * factors[slot]! * qf;
      const xx = squaredNorms[slot]!;
      let score: number;
      if (metric === "cosine") score = xx > 0 && qq > 0 ? ip / Math.sqrt(xx * qq) : 0;
      else if (metric === "dot_product") score = ip;
      else score = 2 * ip - xx; // −L2² + |q|²
      if (heapSize < limit) {
        let i = heapSize++;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (heapScores[parent]! <= score) break;
          heapScores[i] = heapScores[parent]!;
          heapSlots[i] = heapSlots[parent]!;
          i = parent;
        }
        heapScores[i] = score;
        heapSlots[i] = slot;
      } else if (score > heapScores[0]!) {
        let i = 0;
        for (;;) {
          const left = 2 * i + 1;
          if (left >= limit) break;
          const right = left + 1;
          const child = right < limit && heapScores[right]! < heapScores[left]! ? right : left;
          if (heapScores[child]! >= score) break;
          heapScores[i] = heapScores[child]!;
          heapSlots[i] = heapSlots[child]!;
          i = child;
        }
        heapScores[i] = score;
        heapSlots[i] = slot;
      }
    }
    const out: Candidate[] = [];
    for (let i = 0; i < heapSize; i++) out.push({ seq: this.seqs[heapSlots[i]!]!, score: heapScores[i]! });
    return out.sort((a, b) => b.score - a.score);
  }

  /** Bytes held (codes and per-row arrays). */
  get bytes(): number {
    return this.capacity * (this.dp + 4 + 8 + 4 + 4 + 2);
  }

  /** Layout: the query's codes, the scores (capacity × i32), then the rows' codes. */
  private scoresAt(): number {
    return this.dp;
  }

  private codesAt(slot: number): number {
    return this.dp + this.capacity * 4 + slot * this.dp;
  }

  private grow(capacity: number): void {
    const old = this.memory && new Uint8Array(this.memory.buffer, this.codesAt(0), this.size * this.dp);
    const bytes = this.dp + capacity * 4 + capacity * this.dp;
    const memory = new wasm!.Memory({ initial: Math.ceil(bytes / PAGE) });
    const instance = new wasm!.Instance(this.module, { env: { mem: memory } });
    this.capacity = capacity;
    if (old) new Uint8Array(memory.buffer).set(old, this.codesAt(0));
    this.memory = memory;
    this.dot = instance.exports.dot as (q: number, base: number, n: number, dp: number, out: number) => void;
    this.seqs = resize(this.seqs, capacity, Float64Array);
    this.factors = resize(this.factors, capacity, Float32Array);
    this.squaredNorms = resize(this.squaredNorms, capacity, Float32Array);
    this.visibilityIds = resize(this.visibilityIds, capacity, Uint16Array);
  }
}

function resize<T extends Float64Array | Float32Array | Uint16Array>(
  array: T,
  capacity: number,
  Ctor: new (n: number) => T,
): T {
  const out = new Ctor(capacity);
  out.set(array as never);
  return out;
}

/** Writes the codes of the first `dimension` components of `vector`; returns its factor and |x|². */
function quantize(
  vector: Float32Array,
  dimension: number,
  codes: Int8Array,
): { factor: number; squaredNorm: number } {
  let max = 0;
  let squaredNorm = 0;
  for (let i = 0; i < dimension; i++) {
    const x = vector[i]!;
    squaredNorm += x * x;
    if (Math.abs(x) > max) max = Math.abs(x);
  }
  codes.fill(0);
  if (max === 0) return { factor: 0, squaredNorm };
  const scale = 127 / max;
  for (let i = 0; i < dimension; i++) codes[i] = Math.round(vector[i]! * scale);
  return { factor: max / 127, squaredNorm };
}
