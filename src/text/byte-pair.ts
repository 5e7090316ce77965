/**
 * Byte-pair encoding (BPE) of one pre-token, as tiktoken does it, in O(n log n) instead of the O(n²) of
 * js-tiktoken's `bytePairMerge` (which rescans every pair after each merge, so a long run without a
 * space is out of its reach; figures in docs/benchmarks.md, "Long messages and logging").
 *
 * Bytes are held as "byte strings": one UTF-16 unit per byte (latin1), so a byte range is a substring
 * and a rank lookup is a Map lookup without building a key per byte.
 */

/** The ranks of a BPE vocabulary (rank = token id). */
export interface BpeRanks {
  /** Every token, keyed by its bytes as a byte string. */
  readonly byBytes: ReadonlyMap<string, number>;
  /** Two-byte tokens by `256 · first byte + second byte`, -1 where there is none: most lookups are these. */
  readonly pairs: Int32Array;
}

/**
 * Parses tiktoken's rank file as js-tiktoken ships it (`ranks/<encoding>.bpe_ranks`): lines of
 * `<tag> <first rank> <base64 token> <base64 token> …`, consecutive ranks from the first one.
 */
export function parseBpeRanks(bpeRanks: string): BpeRanks {
  const byBytes = new Map<string, number>();
  const pairs = new Int32Array(256 * 256).fill(-1);
  for (const line of bpeRanks.split("\n")) {
    if (line === "") continue;
    const [, first, ...tokens] = line.split(" ");
    const offset = Number.parseInt(first ?? "", 10);
    tokens.forEach((token, i) => {
      const bytes = Buffer.from(token, "base64").toString("latin1");
      byBytes.set(bytes, offset + i);
      if (bytes.length === 2) pairs[bytes.charCodeAt(0) * 256 + bytes.charCodeAt(1)] = offset + i;
    });
  }
  return { byBytes, pairs };
}

/** A UTF-8 string as a byte string (one UTF-16 unit per byte). ASCII text is returned as it is. */
export function toByteString(text: string): string {
  return ASCII.test(text) ? text : Buffer.from(text, "utf8").toString("latin1");
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Where each token of `bytes` ends (exclusive byte offsets, ascending; the last is `bytes.length`).
 *
 * Same result as tiktoken's merge: start from single bytes, and repeatedly merge the adjacent pair
 * whose joined bytes have the lowest rank, the leftmost one on a tie, until no joined pair has a rank.
 * A whole piece that is itself a token is one token (tiktoken checks that first, too).
 *
 * Parts are a linked list over byte offsets; candidate pairs wait in a min-heap keyed by
 * (rank, start offset), and a popped pair that no longer exists (one side merged since) is skipped.
 * Each merge pushes at most two pairs, so the whole piece costs O(n log n) Map lookups and heap steps.
 */
export function bytePairTokenEnds(bytes: string, ranks: BpeRanks): number[] {
  const n = bytes.length;
  if (n === 0) return [];
  if (n === 1 || ranks.byBytes.has(bytes)) return [n];
  // next[i]: start of the part after the part starting at i (n at the end); prev likewise.
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  // Rank of the pair (part at i, the part after it), or -1 when it has none or i is merged away.
  const pairRank = new Float64Array(n).fill(-1);
  // The first pairs are all two bytes long: looked up in the pair table and heaped in one go.
  const initial: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    const rank = ranks.pairs[bytes.charCodeAt(i) * 256 + bytes.charCodeAt(i + 1)]!;
    pairRank[i] = rank;
    if (rank >= 0) initial.push(rank * OFFSET_RANGE + i);
  }
  const heap = new MinHeap(initial);
  const rankPair = (i: number): void => {
    const j = next[i]!;
    const rank = j < n ? ranks.byBytes.get(bytes.slice(i, next[j])) : undefined;
    pairRank[i] = rank ?? -1;
    if (rank !== undefined) heap.push(rank * OFFSET_RANGE + i);
  };
  while (heap.size > 0) {
    const key = heap.pop();
    const i = key % OFFSET_RANGE;
    const rank = (key - i) / OFFSET_RANGE;
    // Stale when a side was merged since: a different pair from i has a different rank (ranks are unique).
    if (pairRank[i] !== rank) continue;
    const j = next[i]!;
    pairRank[j] = -1;
    next[i] = next[j]!;
    if (next[i]! < n) prev[next[i]!] = i;
    rankPair(i);
    if (i > 0) rankPair(prev[i]!);
  }
  const ends: number[] = [];
  for (let i = 0; i < n; i = next[i]!) ends.push(next[i]!);
  return ends;
}

/** Heap keys are rank · OFFSET_RANGE + offset: exact in a double while rank < 2^21 (cl100k: 100,256). */
const OFFSET_RANGE = 2 ** 32;

/** A binary min-heap of numbers. */
class MinHeap {
  private readonly items: number[];

  /** Takes `items` over and orders them in O(n) (Floyd's heap construction). */
  constructor(items: number[]) {
    this.items = items;
    for (let i = (items.length >> 1) - 1; i >= 0; i--) this.siftDown(i, items[i]!);
  }

  get size(): number {
    return this.items.length;
  }

  push(value: number): void {
    const items = this.items;
    let i = items.length;
    items.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]! <= value) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = value;
  }

  /** Removes and returns the smallest value; the heap must not be empty. */
  pop(): number {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) this.siftDown(0, last);
    return top;
  }

  /** Puts `value` at `start` and moves it down until both children are larger. */
  private siftDown(start: number, value: number): void {
    const items = this.items;
    const size = items.length;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && items[child + 1]! < items[child]!) child += 1;
      if (value <= items[child]!) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = value;
  }
}
