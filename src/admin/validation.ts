import { z } from "zod";
import { AppError } from "../errors.js";

/** Slack ids (U…, W…, T…), or a local user name: letters, digits, `.`, `_`, `-`; 1–64 characters. */
export const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, "must be 1–64 letters, digits, '.', '_' or '-'");

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
  query: URLSearchParams,
  name: string,
  options: { min: number; max: number; default: number },
): number {
  const raw = query.get(name);
  if (raw === null || raw === "") return options.default;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < options.min || value > options.max) {
    throw new AppError("bad_request", `${name} must be an integer from ${options.min} to ${options.max}`, {
      details: { field: name },
    });
  }
  return value;
}
