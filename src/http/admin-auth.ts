import { createHash, timingSafeEqual } from "node:crypto";
import { bearerAuth } from "hono/bearer-auth";
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../core/errors.js";
import { type AuthThrottle, clientAddress } from "./auth-throttle.js";

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
 * `unauthorized`, in the API's JSON error shape. A wrong token counts against the sender's address in
 * `throttle`; an address that sent too many is answered 429 before its token is looked at.
 */
export function adminAuth(token: string, throttle: AuthThrottle): MiddlewareHandler {
  return tokenAuth([token], throttle);
}

/**
 * As {@link adminAuth}, for a route that more than one token opens (`/metrics`: `METRICS_TOKEN` or
 * `ADMIN_TOKEN`): a request bearing any of `tokens` passes. Every token is compared, so the time does
 * not tell which one matched.
 */
export function tokenAuth(tokens: readonly string[], throttle: AuthThrottle): MiddlewareHandler {
  const deny = (): never => {
    throw new AppError("unauthorized", "missing or wrong bearer token");
  };
  const bearer = bearerAuth({
    verifyToken: (given, c) => {
      const ok = tokens.map((token) => tokensMatch(given, token)).some(Boolean);
      if (!ok) throttle.failed(clientAddress(c));
      return ok;
    },
    noAuthenticationHeader: { message: deny },
    invalidAuthenticationHeader: { message: deny },
    invalidToken: { message: deny },
  });
  return (c, next) => {
    throttle.check(clientAddress(c));
    return bearer(c, next);
  };
}

/**
 * Whether a request carries the admin token as a bearer token, for a route that shows more to the
 * admin (`/healthz`): false without an Authorization header; a wrong or malformed one is a 401 and
 * counts in `throttle`, as on the API.
 */
export function hasAdminToken(c: Context, token: string | undefined, throttle: AuthThrottle): boolean {
  const header = c.req.header("authorization");
  if (header === undefined || !token) return false;
  const address = clientAddress(c);
  throttle.check(address);
  const given = /^Bearer +(\S+) *$/i.exec(header)?.[1];
  if (given !== undefined && tokensMatch(given, token)) return true;
  if (given !== undefined) throttle.failed(address);
  throw new AppError("unauthorized", "missing or wrong bearer token");
}
