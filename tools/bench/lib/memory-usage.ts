/** Resident memory and heap readings, taken after a full garbage collection when one can be forced. */
import { readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const MIB = 1024 * 1024;

/** Memory readings in MiB. */
export interface MemoryReading {
  rssMiB: number;
  heapUsedMiB: number;
  /** The V8 heap's committed size: freed pages V8 has not returned to the OS count in the RSS. */
  heapTotalMiB: number;
  /** ArrayBuffer backing stores (typed arrays), which live outside the V8 heap and heapUsed. */
  arrayBuffersMiB: number;
  /**
   * The resident set split as Linux counts it (`/proc/self/status`): anonymous pages (heaps, native
   * allocations such as SQLite's page cache) and file-backed ones (code, memory-mapped files). Null
   * where there is no such file.
   */
  rssAnonMiB: number | null;
  rssFileMiB: number | null;
}

/** A `VmXxx:`/`RssXxx:` line of /proc/self/status, in MiB; null if absent. */
function statusMiB(status: string | undefined, field: string): number | null {
  const match = status?.match(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m"));
  return match ? Number(match[1]) / 1024 : null;
}

let gcFn: (() => void) | undefined;

/**
 * A `gc()` function even when node was started without `--expose-gc` (the npm scripts run plain
 * `tsx`): the flag is set at run time and `gc` taken from a fresh context, where V8 installs it.
 */
function getGc(): () => void {
  if (gcFn) return gcFn;
  setFlagsFromString("--expose-gc");
  gcFn = runInNewContext("gc") as () => void;
  return gcFn;
}

/** Collects garbage (twice, so weak references and finalizers settle), then reads memory usage. */
export function readMemory(): MemoryReading {
  const gc = getGc();
  gc();
  gc();
  const usage = process.memoryUsage();
  let status: string | undefined;
  try {
    status = readFileSync("/proc/self/status", "utf8");
  } catch {
    status = undefined;
  }
  return {
    rssAnonMiB: statusMiB(status, "RssAnon"),
    rssFileMiB: statusMiB(status, "RssFile"),
    rssMiB: usage.rss / MIB,
    heapUsedMiB: usage.heapUsed / MIB,
    heapTotalMiB: usage.heapTotal / MIB,
    arrayBuffersMiB: usage.arrayBuffers / MIB,
  };
}

/** The RSS in MiB with its anonymous / file-backed split where known: `530 (472 / 58)`. */
export function describeRss(m: MemoryReading): string {
  const split =
    m.rssAnonMiB === null || m.rssFileMiB === null
      ? ""
      : ` (${m.rssAnonMiB.toFixed(0)} / ${m.rssFileMiB.toFixed(0)})`;
  return `${m.rssMiB.toFixed(0)}${split}`;
}
