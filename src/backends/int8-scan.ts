/**
 * An in-process int8 copy of one owner's vectors and a WebAssembly SIMD scan over it: the coarse pass
 * of the search for large owners of `SqliteVecVectorIndex` and of `InMemoryVectorIndex` (dense vectors);
 * the exact rescore of the candidates is the caller's, from its own stored vectors, and
 * {@link coarseLimit} says how many candidates to rescore.
 *
 * Each vector x is kept as codes c = round(127 · x / max|xᵢ|) with its factor f = max|xᵢ| / 127 (per
 * vector, so any norm keeps 8 bits of resolution), its squared norm and its visibility. The scan
 * computes Σ c_q · c_x for every row at once (i8x16 → i16x8 → `i32x4.dot_i16x8_s`, 16 components per
 * step: about 10× the scalar loop of the bundled vec0.so, which has no AVX), from which
 * {@link Int8Rows.top} ranks the rows by the metric's approximate score.
 */
import type { SimilarityMetric } from "../core/vector-index.js";

/**
 * A large owner: from this many rows on, an exact scan in vec0 costs enough CPU per query for the
 * int8 pass to be worth its memory (about 0.5 KiB per 512-d row; docs/benchmarks.md, "Per backend").
 */
export const LARGE_OWNER_ROWS = 20_000;
/** Candidates of the coarse pass per hit asked for, rescored exactly. */
export const OVERSAMPLE = 8;
/** At least this many candidates are rescored. */
export const MIN_CANDIDATES = 100;

/**
 * How many candidates the coarse pass should give for `topK` hits out of `rows` rows:
 * max(topK × oversample, {@link MIN_CANDIDATES}); or undefined when that is half the rows or more,
 * where an exact search costs about as much (the caller searches exactly).
 */
export function coarseLimit(topK: number, rows: number, oversample = OVERSAMPLE): number | undefined {
  const limit = Math.max(topK * oversample, MIN_CANDIDATES);
  return limit * 2 > rows ? undefined : limit;
}

/**
 * The scan, in plain JavaScript: what the WebAssembly kernel computes, one component at a time.
 * `bytes` is the whole memory; see {@link kernelBytes} for the arguments. The reference the kernel is
 * tested against, and the scan where WebAssembly SIMD is unavailable.
 */
export function dotScanJs(
  bytes: Int8Array,
  q: number,
  base: number,
  n: number,
  dp: number,
  out: number,
): void {
  const out32 = new Int32Array(bytes.buffer, bytes.byteOffset + out, n);
  for (let r = 0; r < n; r++, base += dp) {
    let acc = 0;
    for (let i = 0; i < dp; i++) acc += bytes[q + i]! * bytes[base + i]!;
    out32[r] = acc;
  }
}

/**
 * The scan kernel, assembled by hand (no toolchain): `dot(q, base, n, dp, out)` writes to the i32 at
 * `out + 4r` the dot product of the `dp` int8 at `q` with the `dp` int8 at `base + r·dp`, for r < n;
 * `dp` is a multiple of 16 and `out` a multiple of 4. Memory is imported (`env.mem`), one per owner.
 *
 * In the text format, the function is:
 *
 *     (func (export "dot") (param $q i32) (param $base i32) (param $n i32) (param $dp i32) (param $out i32)
 *       (local $r i32) (local $i i32) (local $acc v128) (local $qa v128) (local $xa v128)
 *       (block (loop                                    ;; for r = 0; r < n; r++
 *         (br_if 1 (i32.ge_u (local.get $r) (local.get $n)))
 *         (local.set $acc (v128.const i32x4 0 0 0 0))
 *         (local.set $i (i32.const 0))
 *         (block (loop                                  ;; for i = 0; i < dp; i += 16
 *           (br_if 1 (i32.ge_u (local.get $i) (local.get $dp)))
 *           (local.set $qa (v128.load (i32.add (local.get $q) (local.get $i))))       ;; 16 × i8 of q
 *           (local.set $xa (v128.load (i32.add (local.get $base) (local.get $i))))    ;; 16 × i8 of row r
 *           ;; low 8 lanes widened to i16, multiplied pairwise and summed into 4 × i32, then the high 8
 *           (local.set $acc (i32x4.add
 *             (i32x4.add (local.get $acc)
 *               (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $qa))
 *                                  (i16x8.extend_low_i8x16_s (local.get $xa))))
 *             (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $qa))
 *                                (i16x8.extend_high_i8x16_s (local.get $xa)))))
 *           (local.set $i (i32.add (local.get $i) (i32.const 16)))
 *           (br 0)))
 *         ;; out[r] = the sum of acc's 4 lanes
 *         (i32.store (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
 *           (i32.add (i32.add (i32.add (i32x4.extract_lane 0 (local.get $acc))
 *                                      (i32x4.extract_lane 1 (local.get $acc)))
 *                             (i32x4.extract_lane 2 (local.get $acc)))
 *                    (i32x4.extract_lane 3 (local.get $acc))))
 *         (local.set $base (i32.add (local.get $base) (local.get $dp)))
 *         (local.set $r (i32.add (local.get $r) (i32.const 1)))
 *         (br 0))))
 *
 * No overflow: a product of two codes is at most 127² and a sum of 8 of them fits an i32 lane many
 * times over (dp would have to exceed 100,000 for a lane to overflow).
 *
 * Opcodes (WebAssembly core 2.0 and its fixed-width SIMD proposal, all of them prefixed 0xfd and
 * LEB128-encoded): v128.load 0x00, v128.const 0x0c, i32x4.extract_lane 0x1b,
 * i16x8.extend_low_i8x16_s 0x87, i16x8.extend_high_i8x16_s 0x88, i32x4.add 0xae,
 * i32x4.dot_i16x8_s 0xba; plain ones: local.get 0x20, local.set 0x21, i32.add 0x6a, i32.shl 0x74,
 * i32.ge_u 0x4f, i32.const 0x41, i32.store 0x36, block 0x02, loop 0x03, br 0x0c, br_if 0x0d, end 0x0b.
 */
function kernelBytes(): Uint8Array {
  const get = (i: number) => [0x20, i]; // local.get i
  const set = (i: number) => [0x21, i]; // local.set i
  const simd = (...op: number[]) => [0xfd, ...op]; // the SIMD prefix, then the opcode (LEB128) and immediates
  // Local indexes: the five parameters, then the declared locals.
  const [q, base, n, dp, out, r, i, acc, qa, xa] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const extLow = simd(0x87, 0x01); // i16x8.extend_low_i8x16_s
  const extHigh = simd(0x88, 0x01); // i16x8.extend_high_i8x16_s
  const dot = simd(0xba, 0x01); // i32x4.dot_i16x8_s
  const add4 = simd(0xae, 0x01); // i32x4.add
  const lane = (l: number) => [...get(acc), ...simd(0x1b, l)]; // i32x4.extract_lane l of acc
  const body = [
    ...[0x02, 0x02, 0x7f, 0x03, 0x7b], // locals: r, i (i32); acc, qa, xa (v128)
    ...[0x02, 0x40, 0x03, 0x40], // block, loop over rows
    ...get(r),
    ...get(n),
    0x4f, // i32.ge_u
    ...[0x0d, 0x01], // br_if out of the block
    ...simd(0x0c, ...new Array<number>(16).fill(0)), // v128.const 0
    ...set(acc),
    ...[0x41, 0x00],
    ...set(i),
    ...[0x02, 0x40, 0x03, 0x40], // block, loop over components
    ...get(i),
    ...get(dp),
    0x4f, // i32.ge_u
    ...[0x0d, 0x01], // br_if out of the inner block
    ...get(q),
    ...get(i),
    0x6a, // i32.add
    ...simd(0x00, 0x00, 0x00), // v128.load, align 2^0, offset 0
    ...set(qa),
    ...get(base),
    ...get(i),
    0x6a,
    ...simd(0x00, 0x00, 0x00),
    ...set(xa),
    // acc += dot(low halves) + dot(high halves), as in the text above
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
    ...[0x41, 0x10, 0x6a], // i32.const 16; i32.add
    ...set(i),
    ...[0x0c, 0x00, 0x0b, 0x0b], // br loop; end loop; end block
    ...get(out),
    ...get(r),
    ...[0x41, 0x02, 0x74, 0x6a], // out + 4r
    ...lane(0),
    ...lane(1),
    0x6a, // the lanes summed with i32.add
    ...lane(2),
    0x6a,
    ...lane(3),
    0x6a,
    ...[0x36, 0x02, 0x00], // i32.store
    ...get(base),
    ...get(dp),
    0x6a,
    ...set(base), // base += dp
    ...get(r),
    ...[0x41, 0x01, 0x6a],
    ...set(r), // r += 1
    ...[0x0c, 0x00, 0x0b, 0x0b], // br loop; end loop; end block
    0x0b, // end function
  ];
  const section = (id: number, content: number[]) => [id, ...leb(content.length), ...content];
  const name = (s: string) => [s.length, ...Buffer.from(s, "ascii")];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
    // type section: one type, func (i32 × 5) → ()
    ...section(1, [0x01, 0x60, 0x05, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x00]),
    // import section: env.mem, a memory (0x02) with a minimum (flags 0x00) of 0 pages
    ...section(2, [0x01, ...name("env"), ...name("mem"), 0x02, 0x00, 0x00]),
    // function section: one function, of type 0
    ...section(3, [0x01, 0x00]),
    // export section: "dot", a function (0x00), index 0
    ...section(7, [0x01, ...name("dot"), 0x00, 0x00]),
    // code section: one body, its size then its bytes
    ...section(10, [0x01, ...leb(body.length), ...body]),
  ]);
}

/** Unsigned LEB128, as WebAssembly encodes sizes and counts. */
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

/**
 * The compiled kernel, or null where WebAssembly SIMD is unavailable: {@link Int8Rows} then scans with
 * {@link dotScanJs}, which is no faster than an exact search (callers check
 * {@link int8ScanIsFast} and search exactly instead).
 */
function int8Kernel(): WasmModule | null {
  if (kernel === undefined) {
    try {
      kernel = wasm ? new wasm.Module(kernelBytes()) : null;
    } catch {
      kernel = null;
    }
  }
  return kernel;
}

/** Whether the WebAssembly SIMD kernel is available (a coarse pass is worth it). */
export function int8ScanIsFast(): boolean {
  return int8Kernel() !== null;
}

const PAGE = 65536;

type DotScan = (q: number, base: number, n: number, dp: number, out: number) => void;

/** A candidate of the coarse pass: the row's key and its approximate score (higher is nearer). */
export interface Candidate {
  seq: number;
  score: number;
}

/**
 * One owner's rows as int8 codes, in a WebAssembly memory of its own (or an ArrayBuffer scanned by
 * {@link dotScanJs} with `scan: "js"`, or where WebAssembly SIMD is unavailable). Rows are keyed by
 * the caller's integer `seq`.
 */
export class Int8Rows {
  /** Components per code: the dimension rounded up to 16. */
  private readonly dp: number;
  private readonly module: WasmModule | null;
  private capacity = 0;
  private size = 0;
  private buffer: ArrayBuffer = new ArrayBuffer(0);
  private dot: DotScan | undefined;
  private seqs = new Float64Array(0);
  private factors = new Float32Array(0);
  private squaredNorms = new Float32Array(0);
  private visibilityIds = new Uint16Array(0);
  private readonly slots = new Map<number, number>();
  private readonly visibilityNames: string[] = [];
  private readonly visibilityIndex = new Map<string, number>();

  /**
   * `capacity`: rows to make room for at once (the copy grows by doubling past it); `scan`: the
   * WebAssembly kernel (the default, where available) or the JavaScript one.
   */
  constructor(
    private readonly dimension: number,
    options: { capacity?: number; scan?: "wasm" | "js" } = {},
  ) {
    this.dp = Math.ceil(dimension / 16) * 16;
    this.module = options.scan === "js" ? null : int8Kernel();
    if ((options.capacity ?? 0) > 0) this.grow(options.capacity!);
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
    const codes = new Int8Array(this.buffer, this.codesAt(slot), this.dp);
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
    const bytes = new Uint8Array(this.buffer);
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
    const qCodes = new Int8Array(this.buffer, 0, this.dp);
    const { factor: qf, squaredNorm: qq } = quantize(query, this.dimension, qCodes);
    this.dot!(0, this.codesAt(0), n, this.dp, this.scoresAt());
    const dots = new Int32Array(this.buffer, this.scoresAt(), n);
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

  /**
   * Layout of the memory: the query's codes (dp bytes), the scan's output (capacity × i32, at dp: a
   * multiple of 16, so aligned), then the rows' codes (dp bytes each, in slot order).
   */
  private scoresAt(): number {
    return this.dp;
  }

  private codesAt(slot: number): number {
    return this.dp + this.capacity * 4 + slot * this.dp;
  }

  private grow(capacity: number): void {
    const old = new Uint8Array(this.buffer, this.capacity > 0 ? this.codesAt(0) : 0, this.size * this.dp);
    const bytes = this.dp + capacity * 4 + capacity * this.dp;
    let buffer: ArrayBuffer;
    if (this.module) {
      const memory = new wasm!.Memory({ initial: Math.ceil(bytes / PAGE) });
      const instance = new wasm!.Instance(this.module, { env: { mem: memory } });
      buffer = memory.buffer;
      this.dot = instance.exports.dot as DotScan;
    } else {
      buffer = new ArrayBuffer(bytes);
      const all = new Int8Array(buffer);
      this.dot = (q, base, n, dp, out) => dotScanJs(all, q, base, n, dp, out);
    }
    this.capacity = capacity;
    new Uint8Array(buffer).set(old, this.codesAt(0));
    this.buffer = buffer;
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
