/**
 * A real PostgreSQL engine with pgvector for tests and benches, without a server install: PGlite
 * (Postgres compiled to WebAssembly) with its `vector` extension, served over the Postgres wire
 * protocol by `@electric-sql/pglite-socket` on a free loopback port. Clients reach it with `pg` and a
 * `postgres://` URL, so the production path (pg + SQL) is what runs.
 *
 * PGlite is one session: the socket server multiplexes its connections onto it, one query at a time,
 * and keeps a connection's transaction to itself until it ends. Session settings are therefore shared
 * by every connection (PgvectorVectorIndex sets its own with `SET LOCAL` inside a transaction).
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface PgliteServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  stop(): Promise<void>;
}

/** Connections the socket server accepts at once (its default is 1). */
export const PGLITE_MAX_CONNECTIONS = 64;

/**
 * Starts PGlite with pgvector in this process and serves it on 127.0.0.1 (a free port). `dataDir`:
 * where the database lives; in memory when absent.
 */
export async function startPgliteServer(options: { dataDir?: string } = {}): Promise<PgliteServer> {
  const db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    extensions: { vector },
  });
  const server = new PGLiteSocketServer({
    db,
    host: "127.0.0.1",
    port: 0,
    maxConnections: PGLITE_MAX_CONNECTIONS,
  });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}

/**
 * Starts the same server in a child process (its own thread: a bench measures the client and the
 * database apart, as with a real server). Stopping kills the child.
 */
export async function spawnPgliteServer(options: { dataDir?: string } = {}): Promise<PgliteServer> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", new URL("./pglite-child.ts", import.meta.url).pathname, options.dataDir ?? ""],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once("exit", (code) => reject(new Error(`PGlite child exited (${code}) before it listened`)));
    child.once("error", reject);
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
