import { AppError } from "../../core/errors.js";

/**
 * The largest offset a cursor may carry: every backend's OFFSET takes it as an exact integer (Chroma's
 * is 32-bit). A cursor past it (1e300, 2^63) is a client's mistake, never a page any backend can read.
 */
export const MAX_CURSOR_OFFSET = 2 ** 31 - 1;

/** The opaque cursor of a listing page: the store offset to go on from. */
export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
}

/** The offset of a cursor {@link encodeCursor} made; anything else is a `bad_request`. */
export function decodeCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { o?: unknown };
    const o = parsed.o;
    if (typeof o === "number" && Number.isInteger(o) && o >= 0 && o <= MAX_CURSOR_OFFSET) return o;
  } catch (err) {
    throw new AppError("bad_request", "cursor is not valid", { cause: err });
  }
  throw new AppError("bad_request", "cursor is not valid");
}
