import { parseArgs, type ParseArgsConfig } from "node:util";
import { idSchema } from "../core/ids.js";
import { AppError } from "../core/errors.js";
import type { Owner } from "../core/types.js";
import { DEFAULT_TEAM } from "./context.js";

/** Exit status of a run that succeeded. */
export const EXIT_OK = 0;
/** Exit status of a failed run (an error, or an import with bad lines). */
export const EXIT_FAILED = 1;
/** Exit status for bad arguments or configuration: fix the command line, not the data. */
export const EXIT_USAGE = 2;

/**
 * A usage error: AppError `bad_request` marked so the CLI prints the usage text and exits
 * {@link EXIT_USAGE}.
 */
export function usageError(message: string): AppError {
  return new AppError("bad_request", message, { details: { usage: true } });
}

/** True for errors made by {@link usageError}. */
export function isUsageError(err: unknown): err is AppError {
  return err instanceof AppError && err.details?.["usage"] === true;
}

/**
 * Parses one command's arguments strictly (unknown options and stray positionals are usage errors).
 *
 * @example parseCommandArgs(["--user", "U1"], { user: { type: "string" } }) // { user: "U1" }
 */
export function parseCommandArgs<const T extends NonNullable<ParseArgsConfig["options"]>>(
  args: string[],
  options: T,
) {
  try {
    return parseArgs({ args, options, strict: true as const, allowPositionals: false as const }).values;
  } catch (err) {
    // node:util throws TypeError with an ERR_PARSE_ARGS_* code and a readable message.
    throw usageError(err instanceof Error ? err.message : String(err));
  }
}

/** A required string option; a usage error names it when it is missing or empty. */
export function required(value: string | undefined, name: string): string {
  if (value === undefined || value.trim() === "") throw usageError(`--${name} is required`);
  return value;
}

/** A user or team id (Slack id or local name); a usage error when it has other characters. */
export function idOption(value: string, name: string): string {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw usageError(`--${name} ${parsed.error.issues[0]?.message ?? "is not valid"}`);
  return value;
}

/** The team of `--team T`, DEFAULT_TEAM when it is absent. */
export function teamOption(team: string | undefined): string {
  return idOption(team ?? DEFAULT_TEAM, "team");
}

/** The scope of a per-user command: `--user U` (required) in `--team T`. */
export function userScopeOption(values: { user?: string; team?: string }): Owner {
  return { teamId: teamOption(values.team), userId: idOption(required(values.user, "user"), "user") };
}

/** An integer option within [min, max], or `fallback` when it is absent. */
export function intOption(
  value: string | undefined,
  name: string,
  range: { min: number; max: number; fallback: number },
): number {
  if (value === undefined) return range.fallback;
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n) || n < range.min || n > range.max) {
    throw usageError(
      `--${name} must be an integer from ${range.min} to ${range.max} (got ${JSON.stringify(value)})`,
    );
  }
  return n;
}
