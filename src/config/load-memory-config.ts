import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse, TomlError } from "smol-toml";
import type { z } from "zod";
import { AppError } from "../core/errors.js";
import { memoryConfigSchema, type MemoryConfig } from "./memory-config.js";

/** The file read when MEMORY_CONFIG is not set, if it exists in the working directory. */
export const DEFAULT_MEMORY_CONFIG_FILE = "memory.toml";

export interface MemoryConfigLocation {
  /** MEMORY_CONFIG: the file to read (must exist), relative to `cwd`. */
  path?: string | undefined;
  /** Default: process.cwd(). */
  cwd?: string | undefined;
}

/**
 * The file `loadMemoryConfig` reads: `path` when given, else `./memory.toml` when it exists, else none
 * (undefined: every default). For the start-up log.
 */
export function memoryConfigFile(options: MemoryConfigLocation = {}): string | undefined {
  const cwd = options.cwd ?? process.cwd();
  if (options.path !== undefined) return path.resolve(cwd, options.path);
  const fallback = path.join(cwd, DEFAULT_MEMORY_CONFIG_FILE);
  return existsSync(fallback) ? fallback : undefined;
}

/**
 * Reads and validates `memory.toml` (see README "Memory pipeline configuration"). Without a file,
 * every default.
 *
 * Throws AppError `config_invalid` with a one-line message and `details`:
 * - a bad value: `memory.filter.autosave_threshold: accepts a number from 0 to 1 (got 3)`,
 *   `details: { key: "memory.filter.autosave_threshold", file }`;
 * - an unknown key: `memory.topicz: unknown key`, `details: { key: "memory.topicz", file }`;
 * - not TOML: `memory.toml: not valid TOML at line 3, column 5: invalid value`,
 *   `details: { key: null, file, line, column }`;
 * - MEMORY_CONFIG naming a missing file: `MEMORY_CONFIG: no such file: conf/memory.toml (…)`,
 *   `details: { key: "MEMORY_CONFIG", file }`.
 */
export async function loadMemoryConfig(options: MemoryConfigLocation = {}): Promise<MemoryConfig> {
  const file = memoryConfigFile(options);
  if (file === undefined) return memoryConfigSchema.parse({});
  // How the file is named in messages: as the user wrote it.
  const shown = options.path ?? DEFAULT_MEMORY_CONFIG_FILE;
  const text = await readConfigFile(file, shown, options.path !== undefined);
  return parseMemoryConfig(text, shown);
}

/**
 * Parses the text of a `memory.toml`; `file` names it in error messages. Same errors as
 * {@link loadMemoryConfig}, except the ones about reading the file.
 */
export function parseMemoryConfig(text: string, file = DEFAULT_MEMORY_CONFIG_FILE): MemoryConfig {
  let raw: Record<string, unknown>;
  try {
    raw = parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    if (!(err instanceof TomlError)) throw err;
    // smol-toml's message is "Invalid TOML document: <reason>" and then a code frame.
    const reason = (err.message.split("\n")[0] ?? "").replace(/^Invalid TOML document: /, "");
    throw new AppError(
      "config_invalid",
      `${file}: not valid TOML at line ${err.line}, column ${err.column}: ${reason}`,
      { cause: err, details: { key: null, file, line: err.line, column: err.column } },
    );
  }
  const result = memoryConfigSchema.safeParse(raw);
  if (!result.success) {
    const { key, message } = describeIssue(result.error.issues[0]!, raw);
    throw new AppError("config_invalid", message, { details: { key, file } });
  }
  return result.data;
}

async function readConfigFile(file: string, shown: string, fromVariable: boolean): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    const key = fromVariable ? "MEMORY_CONFIG" : null;
    const prefix = fromVariable ? "MEMORY_CONFIG" : shown;
    const message =
      code === "ENOENT"
        ? `${prefix}: no such file: ${shown}${shown === file ? "" : ` (${file})`}`
        : `${prefix}: cannot read ${shown}: ${code}`;
    throw new AppError("config_invalid", message, { cause: err, details: { key, file: shown } });
  }
}

/** One zod issue as `key: what it accepts (got value)`, the key dotted as in the TOML file. */
function describeIssue(issue: z.core.$ZodIssue, raw: unknown): { key: string; message: string } {
  if (issue.code === "unrecognized_keys") {
    const key = dotted([...issue.path, issue.keys[0]!]);
    return { key, message: `${key}: unknown key` };
  }
  const key = dotted(issue.path);
  const value = valueAt(raw, issue.path);
  const got = value === undefined ? "" : ` (got ${show(value)})`;
  return { key, message: `${key}: ${issue.message}${got}` };
}

/** ["memory", "filter", "exclude_patterns", 1] → `memory.filter.exclude_patterns[1]`. */
function dotted(pathParts: readonly PropertyKey[]): string {
  let out = "";
  for (const part of pathParts) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out === "" ? "(file)" : out;
}

function valueAt(raw: unknown, pathParts: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const part of pathParts) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/** A TOML value as the user would recognise it, kept short. */
function show(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return "a table";
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}
