import type { z } from "zod";
import { AppError } from "./errors.js";

/** Characters of a bad reply kept in the error's details (redacted above debug by the logger). */
const REPLY_EXCERPT_CHARS = 200;

/**
 * Parses a structured-output reply (the JSON text a `format` request returns) with the zod schema the
 * format was made from. AppError `llm_bad_output` when it is not JSON or does not fit, with `what`
 * naming the reply ("triplet", "topic").
 */
export function parseStructuredReply<T>(content: string, schema: z.ZodType<T>, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    // No cause: a JSON SyntaxError's message quotes the reply, and the reply may echo what the user
    // said. The reply itself goes in `details`, which the logger redacts above debug.
    throw new AppError("llm_bad_output", `The model's ${what} reply is not JSON`, {
      details: { reply: content.slice(0, REPLY_EXCERPT_CHARS) },
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new AppError("llm_bad_output", `The model's ${what} reply does not fit the schema`, {
      cause: parsed.error,
      details: { issues: parsed.error.issues.slice(0, 5) },
    });
  }
  return parsed.data;
}
