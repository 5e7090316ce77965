import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { AppError } from "../errors.js";

/**
 * Checks `Authorization: Bearer <token>` in constant time (both sides hashed to equal length first,
 * so neither the content nor the length of the secret leaks through timing). Throws `unauthorized`.
 */
export function requireBearer(req: IncomingMessage, token: string): void {
  const header = req.headers.authorization ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header);
  const given = createHash("sha256")
    .update(match?.[1]?.trim() ?? "")
    .digest();
  const expected = createHash("sha256").update(token).digest();
  if (!match || !timingSafeEqual(given, expected)) {
    throw new AppError("unauthorized", "missing or wrong bearer token");
  }
}
