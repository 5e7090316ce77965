/** Resident memory and heap readings, taken after a full garbage collection when one can be forced. */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const MIB = 1024 * 1024;

/** Memory readings in MiB. */
export interface MemoryReading {
  rssMiB: number;
  heapUsedMiB: number;
  /** ArrayBuffer backing stores (typed arrays), which live outside the V8 heap and heapUsed. */
  arrayBuffersMiB: number;
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
  return {
    rssMiB: usage.rss / MIB,
    heapUsedMiB: usage.heapUsed / MIB,
    arrayBuffersMiB: usage.arrayBuffers / MIB,
  };
}
