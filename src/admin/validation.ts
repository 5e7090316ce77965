import type { Context } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { AppError } from "../core/errors.js";
import type { MemoryScope } from "../core/types.js";

import { idSchema } from "../core/ids.js";

export { idSchema, memoryIdSchema } from "../core/ids.js";

/** Parses with zod; a failure is a `bad_request` naming the field. */
export function parseOr400<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.length ? `${what}.${issue.path.join(".")}` : what;
  throw new AppError("bad_request", `${path}: ${issue.message}`, { details: { field: path } });
}

/** An optional integer query parameter within [min, max]. */
export function intParam(
  c: Context,
  name: string,
  options: { min: number; max: number; default: number },
): number {
  const raw = c.req.query(name);
  if (raw === undefined || raw === "") return options.default;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < options.min || value > options.max) {
    throw new AppError("bad_request", `${name} must be an integer from ${options.min} to ${options.max}`, {
      details: { field: name },
    });
  }
  return value;
}

/**
 * The (team, user) a request is about: `:userId` from the path, `?team=` or else `defaultTeam` (the
 * bot's workspace, or `local`).
 */
export function scopeOf(c: Context, defaultTeam: string): MemoryScope {
  return {
    teamId: parseOr400(idSchema, c.req.query("team") ?? defaultTeam, "team"),
    userId: parseOr400(idSchema, c.req.param("userId"), "userId"),
  };
}

/**
 * Validates the JSON body with a zod schema; read it in the handler with `c.req.valid("json")`.
 * The body is read as JSON whatever its Content-Type says (so `curl -d '{…}'` works), unlike Hono's
 * `json` target and `@hono/zod-validator`, which see an empty object without `application/json`.
 * Empty or malformed JSON, and a body the schema refuses, are a 400 naming the field.
 */
export function jsonBody<T>(schema: z.ZodType<T>) {
  return validator("json", async (_ignored, c): Promise<T> => {
    const text = await c.req.text();
    if (text.trim() === "") throw new AppError("bad_request", "body must be JSON");
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new AppError("bad_request", "body is not valid JSON", { cause: err });
    }
    return parseOr400(schema, value, "body");
  });
}
