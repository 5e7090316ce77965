import type { Logger } from "../../src/logging/logger.js";

/** One recorded log call. */
export interface LogEntry {
  level: "info" | "warn" | "error" | "debug";
  obj: Record<string, unknown>;
  msg: string | undefined;
}

/** A logger that records its calls (pino-style: object first, then message); a child is itself. */
export function recordingLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry["level"]) =>
    (obj: object | string, msg?: string): void => {
      entries.push(
        typeof obj === "string"
          ? { level, obj: {}, msg: obj }
          : { level, obj: obj as Record<string, unknown>, msg },
      );
    };
  const logger = {
    entries,
    level: "debug",
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    debug: at("debug"),
    child: () => logger,
  };
  return logger;
}
