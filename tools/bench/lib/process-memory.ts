/**
 * Resident memory of another process, from `/proc` (Linux): VmRSS and VmHWM of a pid, and the pid of
 * the node process that actually runs `src/main.ts` under the tsx launcher (the launcher is a node
 * process of its own that only relays signals).
 */
import { readdirSync, readFileSync } from "node:fs";

/** Resident set now and its peak so far, MiB. */
export interface ProcessMemory {
  rssMiB: number;
  hwmMiB: number;
}

/** VmRSS and VmHWM of `pid` from /proc/<pid>/status. */
export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string): number => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
    if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]) / 1024;
  };
  return { rssMiB: kib("VmRSS"), hwmMiB: kib("VmHWM") };
}

/** Ids of the processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (field 2) is in parentheses and may hold spaces: the ppid follows its ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * The process under `launcherPid` (itself included) whose command line runs `script` and is not the
 * tsx CLI: the app itself. Throws when there is none.
 */
export function scriptPid(launcherPid: number, script: string): number {
  const queue = [launcherPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    let cmdline = "";
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
    } catch {
      continue;
    }
    if (cmdline.includes(script) && !cmdline.includes("tsx/dist/cli.mjs")) return pid;
    queue.push(...childrenOf(pid));
  }
  throw new Error(`no process runs ${script} under pid ${launcherPid}`);
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/** CPU time (user + system) `pid` has used so far, seconds. */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name: state is field 3; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
}
