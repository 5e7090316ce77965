import type { Memory } from "../../core/types.js";
import { PRIVATE, visibilityOf } from "../../core/visibility.js";
import { ALL } from "./collections.js";

/**
 * Rows a Chroma write call carries at most: under the largest batch the server takes (5,461 for the
 * bundled server; the index asks it and keeps the smaller).
 */
export const WRITE_CALL_ROWS = 5000;

/**
 * Bytes a write call carries at most, about (vectors base64-encoded, the metadata as JSON): Chroma
 * answers 413 to a request over 40 MiB (its `max_payload_size_bytes`), and 5,000 memories of 4,000
 * Korean characters are 60 MB.
 */
export const WRITE_CALL_BYTES = 16 * 1024 * 1024;

/** A write call's time bound is the configured one per this many bytes it carries. */
export const TIMEOUT_BYTES = 4 * 1024 * 1024;

/**
 * Rows in write calls, in order: at most `limits.rows` rows and `limits.bytes` bytes a call (a row
 * larger than that alone goes alone).
 */
export function splitWriteCalls<T>(
  rows: readonly T[],
  bytesOf: (row: T) => number,
  limits: { rows: number; bytes: number },
): T[][] {
  const calls: T[][] = [];
  let call: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = bytesOf(row);
    if (call.length > 0 && (call.length >= limits.rows || bytes + size > limits.bytes)) {
      calls.push(call);
      call = [];
      bytes = 0;
    }
    call.push(row);
    bytes += size;
  }
  if (call.length > 0) calls.push(call);
  return calls;
}

/** A row's size in a write request: a vector of n float32 is 4·⌈4n/3⌉ base64 characters, plus its metadata's JSON. */
export function rowBytes(vector: readonly number[], metadata: Record<string, string>): number {
  return 4 * Math.ceil((vector.length * 4) / 3) + Buffer.byteLength(JSON.stringify(metadata));
}

/**
 * Which collection each memory is written to, by index into `memories`: every one to `all`, and a
 * non-private one also to its visibility's collection (a DM's memory exists only in `all`).
 */
export function rowsByCollection(memories: readonly Memory[]): Map<string, number[]> {
  const all = memories.map((_, i) => i);
  const byVisibility = new Map<string, number[]>([[ALL, all]]);
  for (const i of all) {
    const visibility = visibilityOf(memories[i]!);
    if (visibility === PRIVATE) continue;
    const list = byVisibility.get(visibility);
    if (list) list.push(i);
    else byVisibility.set(visibility, [i]);
  }
  return byVisibility;
}
