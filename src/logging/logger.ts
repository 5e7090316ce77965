import { chmodSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { pino, type LoggerOptions } from "pino";
import pinoPretty from "pino-pretty";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../util/private-files.js";
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
  const options = loggerOptions(settings.level);
  const pretty = settings.pretty ?? (process.stdout.isTTY === true && settings.destination === undefined);
  if (pretty) {
    return pino({
      ...options,
      transport: { target: "pino-pretty", options: { colorize: true, translateTime: PRETTY_TIME } },
    });
  }
  return settings.destination ? pino(options, settings.destination) : pino(options);
}

const PRETTY_TIME = "SYS:HH:MM:ss";

export interface FileLoggerSettings {
  level: string;
  /** The log file: JSON lines, appended; it and its folder are created the owner's alone. */
  file: string;
  /** The file descriptor warnings and errors also go to, pretty (a terminal's stderr: 2). */
  terminalFd: number;
  /** Colours on the terminal. */
  colorize: boolean;
}

/**
 * A logger for a process whose terminal is someone's screen (the local chat): every line at `level`
 * goes to `file` as JSON (redacted as {@link createLogger}'s), and only warnings and errors also reach
 * the terminal, pretty. Both writes are synchronous, so nothing is lost when the process exits.
 */
export function createFileLogger(settings: FileLoggerSettings): Logger {
  mkdirSync(dirname(settings.file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const file = pino.destination({ dest: settings.file, sync: true, append: true, mode: PRIVATE_FILE_MODE });
  // A file made before (or by another tool) keeps its mode at open: make it the owner's alone.
  chmodSync(settings.file, PRIVATE_FILE_MODE);
  const terminal = pinoPretty({
    destination: settings.terminalFd,
    sync: true,
    colorize: settings.colorize,
    translateTime: PRETTY_TIME,
  });
  return pino(
    loggerOptions(settings.level),
    pino.multistream([
      { level: settings.level as pino.Level, stream: file },
      { level: "warn", stream: terminal },
    ]),
  );
}

function loggerOptions(level: string): LoggerOptions {
  // Decided once, from the configured level: message text shows only in a debug or trace run.
  const keepText = level === "debug" || level === "trace";
  return {
    level,
    redact: { paths: keepText ? [...SECRET_KEYS] : [...SECRET_KEYS, ...TEXT_KEYS], censor: CENSOR },
    formatters: { log: (obj) => redactLogObject(obj, { keepText }) },
    // formatters.log has already turned every Error into a redacted plain object; this only passes it on.
    serializers: {
      err: (value: unknown) =>
        value instanceof Error ? redactLogObject({ value }, { keepText })["value"] : value,
    },
  };
}
