import type { z } from "zod";
import { AppError } from "../core/errors.js";

/**
 * The project's one JSON Lines reader: the memory import, the evals and the scripts all read their
 * files through it, so a bad line is reported the same way everywhere — by line number and field.
 */

/** A line that cannot be used, with why (`field: message; …`). */
export interface LineProblem {
  /** 1-based line number in the file. */
  line: number;
  message: string;
}

/** A valid line. */
export interface JsonLine<T> {
  line: number;
  value: T;
  /** The parsed JSON before the schema (e.g. to spot unknown fields). */
  raw: unknown;
}

/**
 * Reads every non-blank line on its own, so one bad line never hides the others: not JSON, or not
 * the schema, each is a {@link LineProblem}.
 */
export function readJsonLines<T>(
  text: string,
  schema: z.ZodType<T>,
): { rows: JsonLine<T>[]; errors: LineProblem[] } {
  const rows: JsonLine<T>[] = [];
  const errors: LineProblem[] = [];
  // A byte order mark (a file saved by some Windows editors) is no part of the first line.
  const body = text.startsWith("\ufeff") ? text.slice(1) : text;
  body.split("\n").forEach((source, index) => {
    const line = index + 1;
    if (source.trim() === "") return;
    let raw: unknown;
    try {
      raw = JSON.parse(source);
    } catch (err) {
      errors.push({ line, message: `not valid JSON (${err instanceof Error ? err.message : String(err)})` });
      return;
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) rows.push({ line, value: parsed.data, raw });
    else errors.push({ line, message: describeIssues(parsed.error) });
  });
  return { rows, errors };
}

/**
 * The rows of a file that must be valid as a whole (an eval set): AppError `bad_request` naming the
 * file, the line and the field of the first problem, e.g. `queries.jsonl:3: query: expected string`.
 */
export function parseJsonLines<T>(text: string, schema: z.ZodType<T>, source: string): T[] {
  const { rows, errors } = readJsonLines(text, schema);
  const first = errors[0];
  if (first !== undefined) {
    throw new AppError("bad_request", `${source}:${first.line}: ${first.message}`, {
      details: { source, line: first.line, problems: errors.length },
    });
  }
  return rows.map((row) => row.value);
}

/** `field: message` for each zod issue, joined with `; ` (`line` when the whole value is wrong). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "line"}: ${issue.message}`)
    .join("; ");
}
