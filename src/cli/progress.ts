import cliProgress from "cli-progress";
import type { CliOutput } from "./context.js";

/** Without a terminal, a progress line is printed at least every this share of the total. */
export const PLAIN_PROGRESS_STEP = 0.1;

/** Progress of a long command, on stderr. */
export interface Progress {
  /** Marks `n` more items done. */
  increment(n: number): void;
  /** Ends the bar (or prints the last line). */
  stop(): void;
}

/**
 * A cli-progress bar on a terminal; otherwise (a pipe, a log file, `--json`) plain
 * `label: done/total` lines on stderr, one per {@link PLAIN_PROGRESS_STEP} of the total.
 */
export function createProgress(options: {
  label: string;
  total: number;
  output: CliOutput;
  plain: boolean;
}): Progress {
  const { label, total, output } = options;
  if (!options.plain && output.stderrIsTty) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {value}/{total} ({percentage}%) eta {eta}s`, stream: process.stderr },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { increment: (n) => bar.increment(n), stop: () => bar.stop() };
  }
  let done = 0;
  let printedAt = 0;
  const step = Math.max(1, Math.ceil(total * PLAIN_PROGRESS_STEP));
  return {
    increment(n) {
      done += n;
      if (done - printedAt >= step && done < total) {
        printedAt = done;
        output.err(`${label}: ${done}/${total}`);
      }
    },
    stop() {
      if (printedAt !== done || done === 0) output.err(`${label}: ${done}/${total}`);
      printedAt = done;
    },
  };
}
