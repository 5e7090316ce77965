/** The one error type of the project. Tests assert `code`, never the message text. */
export type AppErrorCode =
  | "config_invalid"
  | "data_dir_in_use"
  | "bad_request"
  | "not_found"
  | "unauthorized"
  | "too_many_requests"
  | "slack_unavailable"
  | "llm_unavailable"
  | "llm_timeout"
  | "llm_busy"
  | "llm_bad_output"
  | "embed_failed"
  | "store_failed"
  | "journal_failed"
  | "internal";

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.details = options.details;
  }
}

/** Wrap anything thrown into an AppError at a boundary, keeping an AppError as it is. */
export function toAppError(err: unknown, code: AppErrorCode = "internal"): AppError {
  if (err instanceof AppError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new AppError(code, message, { cause: err });
}

export function isAppError(err: unknown, code?: AppErrorCode): err is AppError {
  return err instanceof AppError && (code === undefined || err.code === code);
}
