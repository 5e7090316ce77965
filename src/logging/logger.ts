import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger } from "pino";

/** Fields that hold secrets: always redacted. */
const SECRET_PATHS = [
  "token",
  "*.token",
  "botToken",
  "appToken",
  "signingSecret",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "req.headers.authorization",
];

/** Fields that hold what users said: redacted unless the level is debug or trace. */
const TEXT_PATHS = ["text", "*.text", "reply", "*.reply", "query", "*.query", "prompt", "*.prompt"];

export interface LoggerSettings {
  level: string;
  /** Pretty output for humans; defaults to whether stdout is a terminal. */
  pretty?: boolean;
  /** Where to write; defaults to stdout (fd 1). */
  destination?: NodeJS.WritableStream;
}

/** Builds the root logger. Children per component: `logger.child({ component: "memory" })`. */
export function createLogger(settings: LoggerSettings): Logger {
  const verbose = settings.level === "debug" || settings.level === "trace";
  const options: LoggerOptions = {
    level: settings.level,
    redact: { paths: verbose ? SECRET_PATHS : [...SECRET_PATHS, ...TEXT_PATHS], censor: "[redacted]" },
  };
  const pretty = settings.pretty ?? (process.stdout.isTTY === true && settings.destination === undefined);
  if (pretty) {
    return pino({
      ...options,
      transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss" } },
    });
  }
  return settings.destination ? pino(options, settings.destination) : pino(options);
}
