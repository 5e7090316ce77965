import { pino, type LoggerOptions } from "pino";
import { CENSOR, redactLogObject, SECRET_KEYS, TEXT_KEYS } from "./redact.js";

/** One log call: an object of fields then a message, or a message alone (pino's argument order). */
export interface LogFn {
  (obj: object, msg?: string): void;
  (msg: string): void;
}

/**
 * The one logger type of the project: what every part logs through. A pino logger (what
 * {@link createLogger} builds) fits as it is; a test may pass a recording object of this shape.
 */
export interface Logger {
  /** The configured level name (`info`, `debug`, `silent`, …). */
  readonly level: string;
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  /** A logger that adds these fields to every line (bind ids, never objects: see {@link createLogger}). */
  child(bindings: Record<string, unknown>): Logger;
}

export interface LoggerSettings {
  level: string;
  /** Pretty output for humans; defaults to whether stdout is a terminal. */
  pretty?: boolean;
  /** Where to write; defaults to stdout (fd 1). */
  destination?: NodeJS.WritableStream;
}

/**
 * Builds the root logger. Children per component: `logger.child({ component: "memory" })`.
 *
 * Redaction of what is logged (see redact.ts): secrets at any depth at every level, message text at any
 * depth above debug, in the object of each log call (`formatters.log`, before pino serializes it).
 * Child bindings (`logger.child({...})`) are not walked; pino's own `redact` covers their top-level keys,
 * so bind ids (component, teamId, eventId), never objects.
 */
export function createLogger(settings: LoggerSettings): Logger {
  // Decided once, from the configured level: message text shows only in a debug or trace run.
  const keepText = settings.level === "debug" || settings.level === "trace";
  const options: LoggerOptions = {
    level: settings.level,
    redact: { paths: keepText ? [...SECRET_KEYS] : [...SECRET_KEYS, ...TEXT_KEYS], censor: CENSOR },
    formatters: { log: (obj) => redactLogObject(obj, { keepText }) },
    // formatters.log has already turned every Error into a redacted plain object; this only passes it on.
    serializers: {
      err: (value: unknown) =>
        value instanceof Error ? redactLogObject({ value }, { keepText })["value"] : value,
    },
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
