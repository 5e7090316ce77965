import { createHash, timingSafeEqual } from "node:crypto";
import { bearerAuth } from "hono/bearer-auth";
import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.js";

/**
 * True when `given` is `expected`, in constant time: both are hashed to the same length first, so
 * neither the content nor the length of the secret leaks through timing. (Hono's own compare hashes
 * too, but then also walks both strings to the longer one's length, which leaks the secret's length.)
 */
export function tokensMatch(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `Authorization: Bearer <token>` on every request it guards, through Hono's `bearerAuth` with our
 * constant-time compare. Every failure (no header, a malformed one, a wrong token) is a 401
 * `unauthorized`, in the API's JSON error shape.
 */
export function adminAuth(token: string): MiddlewareHandler {
  const deny = (): never => {
    throw new AppError("unauthorized", "missing or wrong bearer token");
  };
  return bearerAuth({
    verifyToken: (given) => tokensMatch(given, token),
    noAuthenticationHeader: { message: deny },
    invalidAuthenticationHeader: { message: deny },
    invalidToken: { message: deny },
  });
}
