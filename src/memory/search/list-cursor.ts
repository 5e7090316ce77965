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

/**
 * The cursor of a page that ended among the memories saved but not in the store yet (they are listed
 * first): go on after the memory at `ord` in the save with journal seq `seq`, then from the store's start.
 */
export function encodeWaitingCursor(place: { seq: number; ord: number }): string {
  return Buffer.from(JSON.stringify({ w: place.seq, n: place.ord })).toString("base64url");
}

/** Where a listing goes on: in the store at an offset, or among memories not stored yet after a place. */
export type ListPosition = { offset: number } | { after: { seq: number; ord: number } };

/** The position of a cursor either encoder made; anything else is a `bad_request`. */
export function decodeListCursor(cursor: string): ListPosition {
  let parsed: { o?: unknown; w?: unknown; n?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as typeof parsed;
  } catch (err) {
    throw new AppError("bad_request", "cursor is not valid", { cause: err });
  }
  const { o, w, n } = parsed ?? {};
  if (isStoreOffset(o) && w === undefined && n === undefined) return { offset: o };
  if (isCount(w) && isCount(n) && o === undefined) return { after: { seq: w, ord: n } };
  throw new AppError("bad_request", "cursor is not valid");
}

/** The store offset of a cursor {@link encodeCursor} made; anything else is a `bad_request`. */
export function decodeCursor(cursor: string): number {
  const position = decodeListCursor(cursor);
  if ("offset" in position) return position.offset;
  throw new AppError("bad_request", "cursor is not valid");
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isStoreOffset(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_CURSOR_OFFSET;
}
