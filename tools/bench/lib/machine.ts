/** A description of the machine a benchmark ran on, printed with its results. */
import os from "node:os";

const GIB = 1024 ** 3;

/** CPU, memory and runtime of this machine. */
export interface MachineInfo {
  cpuModel: string;
  cpus: number;
  totalMemGiB: number;
  node: string;
  platform: string;
  date: string;
  /** 1, 5 and 15 minute load averages when the benchmark started: other work on a shared machine shows here. */
  loadAverage: number[];
}

/** The current 1, 5 and 15 minute load averages, rounded. */
export function loadAverage(): number[] {
  return os.loadavg().map((l) => Math.round(l * 100) / 100);
}

/** Reads the machine description (the date is now, in ISO 8601). */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cpus: cpus.length,
    totalMemGiB: Math.round((os.totalmem() / GIB) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    date: new Date().toISOString(),
    loadAverage: loadAverage(),
  };
}

/**
 * Prints the report's closing line (wall time, load average now) and returns the load average, for
 * the report's JSON: a rise during the run means other work competed with it.
 */
export function printRunEnd(totalMs: number): number[] {
  const load = loadAverage();
  console.log(`Total run time ${(totalMs / 1000).toFixed(1)} s; load average at the end ${load.join(" ")}\n`);
  return load;
}

/** One line for the report header. */
export function describeMachine(info: MachineInfo): string {
  return (
    `${info.cpuModel}, ${info.cpus} cores, ${info.totalMemGiB} GiB, node ${info.node}, ${info.platform}, ` +
    `${info.date}, load average ${info.loadAverage.join(" ")}`
  );
}
