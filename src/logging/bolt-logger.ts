import { LogLevel, type Logger as BoltLogger } from "@slack/bolt";
import type { Logger } from "./logger.js";

const toBolt: Record<string, LogLevel> = {
  trace: LogLevel.DEBUG,
  debug: LogLevel.DEBUG,
  info: LogLevel.INFO,
  warn: LogLevel.WARN,
  error: LogLevel.ERROR,
  fatal: LogLevel.ERROR,
  silent: LogLevel.ERROR,
};

/** Bolt's logger interface (`getLevel/setLevel/setName` + four levels) over a pino child logger. */
export function boltLogger(base: Logger): BoltLogger {
  let logger = base.child({ component: "bolt" });
  const format = (msgs: unknown[]) =>
    msgs.map((m) => (typeof m === "string" ? m : JSON.stringify(m))).join(" ");
  return {
    debug: (...msgs) => logger.debug(format(msgs)),
    info: (...msgs) => logger.info(format(msgs)),
    warn: (...msgs) => logger.warn(format(msgs)),
    error: (...msgs) => logger.error(format(msgs)),
    // LOG_LEVEL governs: Bolt sets INFO on its logger at start, which must not unmute a silent run.
    setLevel: () => undefined,
    getLevel: () => toBolt[logger.level] ?? LogLevel.INFO,
    setName: (name: string) => {
      logger = base.child({ component: "bolt", name });
    },
  };
}
