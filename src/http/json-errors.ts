import { HTTPException } from "hono/http-exception";
import type { Logger } from "../logging/logger.js";
import { type AppErrorCode, toAppError } from "../core/errors.js";

/** HTTP status of each error code a client can cause; every other code is a 500. */
const STATUS_OF: Partial<Record<AppErrorCode, 400 | 401 | 404 | 429>> = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  too_many_requests: 429,
};

/** Error code of a status Hono's own middleware answered with (e.g. 400 for malformed JSON). */
const CODE_OF: Record<number, AppErrorCode> = { 400: "bad_request", 401: "unauthorized", 404: "not_found" };

/**
 * The JSON answer for anything a route threw: `{error, message, details?}` with the status of the
 * error's code. A 500 says only "internal error" (the cause goes to the log, not to the client).
 */
export function errorResponse(err: unknown, log: Logger): Response {
  const appError =
    err instanceof HTTPException && CODE_OF[err.status]
      ? toAppError(err, CODE_OF[err.status])
      : toAppError(err);
  const status = STATUS_OF[appError.code] ?? 500;
  if (status === 500) log.error({ err: appError }, "request failed");
  const body =
    status === 500
      ? { error: appError.code, message: "internal error" }
      : {
          error: appError.code,
          message: appError.message,
          ...(appError.details ? { details: appError.details } : {}),
        };
  return Response.json(body, { status, headers: retryAfterHeader(appError.details) });
}

/** `Retry-After` for an error whose details say when to try again (a 429), else no header. */
export function retryAfterHeader(details: Record<string, unknown> | undefined): Record<string, string> {
  const seconds = details?.["retryAfterSeconds"];
  return typeof seconds === "number" ? { "retry-after": String(seconds) } : {};
}
