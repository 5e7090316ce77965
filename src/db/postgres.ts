import pg from "pg";
import { AppError } from "../core/errors.js";

/**
 * The one way this project talks to PostgreSQL (`DATABASE_URL`): a pool whose every call is bounded
 * by a timeout, server side (`statement_timeout`) and client side (the connection is dropped and the
 * call fails with AppError `store_failed`), so a hung database cannot hold a reply. Used by the
 * shared state of several replicas (src/shared-state/) and by the pgvector index.
 */
export class PgDatabase {
  /** `DATABASE_URL` without its password, for logs and `/healthz`. */
  readonly location: string;

  private constructor(
    readonly pool: pg.Pool,
    readonly url: URL,
    readonly timeoutMs: number,
  ) {
    this.location = redactUrl(url.toString());
  }

  /** A pool on `databaseUrl` (no connection is made until the first call). */
  static create(databaseUrl: string, options: { timeoutMs: number; poolSize?: number }): PgDatabase {
    const url = parseDatabaseUrl(databaseUrl);
    const pool = new pg.Pool({
      connectionString: url.toString(),
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.timeoutMs,
      statement_timeout: options.timeoutMs,
      idleTimeoutMillis: 30_000,
      allowExitOnIdle: true,
    });
    // An idle connection the server drops emits 'error' on the pool; the next call reconnects.
    pool.on("error", () => undefined);
    return new PgDatabase(pool, url, options.timeoutMs);
  }

  /**
   * Runs `fn` on a pooled connection within `timeoutMs`. A call that fails or times out gives up its
   * connection (it may be mid-transaction or stuck) and throws AppError `store_failed` (an AppError
   * thrown by `fn` is rethrown as it is). `onError` sees the raw error first.
   */
  async run<T>(
    what: string,
    fn: (client: pg.PoolClient) => Promise<T>,
    options: { timeoutMs?: number; onError?: (err: unknown) => void } = {},
  ): Promise<T> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    let client: pg.PoolClient | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new AppError("store_failed", `PostgreSQL ${what} timed out after ${timeoutMs} ms`, {
              details: { timeoutMs },
            }),
          ),
        timeoutMs,
      );
    });
    let failed = false;
    try {
      const work = (async () => {
        const connected = await this.pool.connect();
        if (failed) {
          connected.release(true);
          throw new Error("timed out before connecting");
        }
        client = connected;
        return fn(connected);
      })();
      work.catch(() => undefined); // its failure after a timeout is already reported
      return await Promise.race([work, timeout]);
    } catch (err) {
      failed = true;
      options.onError?.(err);
      if (err instanceof AppError) throw err;
      throw new AppError("store_failed", `PostgreSQL ${what} failed: ${(err as Error).message}`, {
        cause: err,
      });
    } finally {
      clearTimeout(timer);
      client?.release(failed || undefined);
    }
  }

  /** {@link run} inside BEGIN … COMMIT (ROLLBACK when `fn` throws). */
  transaction<T>(what: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.run(what, async (client) => {
      await client.query("BEGIN");
      try {
        const result = await fn(client);
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      }
    });
  }

  /** Whether the server answers `SELECT 1` within the timeout. Never throws. */
  async ping(timeoutMs = this.timeoutMs): Promise<boolean> {
    try {
      await this.run("ping", (client) => client.query("SELECT 1"), { timeoutMs });
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}

/** `postgres://user:secret@host/db` → `postgres://user@host/db` (also drops a `password` parameter). */
export function redactUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = "";
    url.searchParams.delete("password");
    return url.toString();
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

/** A `postgres://` URL, or AppError `config_invalid` naming DATABASE_URL. */
export function parseDatabaseUrl(databaseUrl: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(databaseUrl);
  } catch {
    url = undefined;
  }
  if (!url || !/^postgres(ql)?:$/.test(url.protocol)) {
    throw new AppError(
      "config_invalid",
      "DATABASE_URL: accepts a postgres:// URL, e.g. postgres://user:password@127.0.0.1:5432/memories",
    );
  }
  return url;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
