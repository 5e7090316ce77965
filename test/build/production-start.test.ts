/**
 * The production start as the Dockerfile runs it: `npm run build`'s script (tools/scripts/build.mjs)
 * builds once into a temp folder laid out like the image's /app — package.json and only the
 * production node_modules (`npm ci --omit=dev`'s packages, see production-tree.ts) — then plain
 * `node dist/main.js` (no tsx, no loader, no NODE_PATH) starts the local chat and answers, and the
 * memory CLI runs the same way.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../../fixtures/postgres-db.js";
import { layOutProductionTree, type ProductionTree } from "../support/production-tree.js";

const REPO = path.resolve(import.meta.dirname, "../..");
const BUILD_SCRIPT = path.join(REPO, "tools/scripts/build.mjs");
const ADMIN_TOKEN = "prod-admin-token-0123456789";

const pkg = JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

let root: string; // the image's /app
let dist: string;
let tree: ProductionTree;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "prod-start-"));
  dist = path.join(root, "dist");
  // From another folder than the repository: the script finds src/ and tsconfig.build.json itself.
  const built = await runToEnd(process.execPath, [BUILD_SCRIPT, dist], { cwd: os.tmpdir() });
  expect(built.code, built.output).toBe(0);
  tree = layOutProductionTree(REPO, root);
}, 300_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe("npm run build", () => {
  it("is what the scripts and the Dockerfile run", () => {
    expect(pkg.scripts["build"]).toBe("node tools/scripts/build.mjs");
    expect(pkg.scripts["start:prod"]).toBe("node dist/main.js");
    expect(pkg.scripts["memory:prod"]).toBe("node dist/cli/memory-cli.js");
    const dockerfile = readFileSync(path.join(REPO, "Dockerfile"), "utf8");
    expect(dockerfile).toContain("RUN npm run build");
    expect(dockerfile).toContain("RUN npm ci --omit=dev");
    expect(dockerfile).toContain('CMD ["node", "dist/main.js"]');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/livez/m);
    // docker compose runs that image instead of installing and starting from the sources.
    const compose = readFileSync(path.join(REPO, "docker-compose.yml"), "utf8");
    expect(compose).toContain("\n  bot:\n    # The Dockerfile's image");
    expect(compose).toContain("\n    build: .\n");
    expect(compose).not.toMatch(/npm ci|tsx/);
    expect(tree.packages).toBeGreaterThan(0);
    expect(tree.omitted).toBeGreaterThan(0);
  });

  it("emits JavaScript importing only Node's modules, dependencies and files it emitted", () => {
    const builtins = new Set(builtinModules);
    const problems: string[] = [];
    const files = filesUnder(dist).filter((f) => f.endsWith(".js") || f.endsWith(".mjs"));
    expect(files).toContain(path.join(dist, "main.js"));
    expect(files).toContain(path.join(dist, "cli/memory-cli.js"));
    for (const file of files) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      for (const { fileName: spec } of importedFiles) {
        const where = `${path.relative(dist, file)} imports "${spec}"`;
        if (spec.startsWith(".")) {
          if (!existsSync(path.resolve(path.dirname(file), spec))) problems.push(`${where}: no such file`);
          continue;
        }
        if (spec.startsWith("node:") || builtins.has(spec)) continue;
        const name = packageName(spec);
        if (name in pkg.devDependencies) problems.push(`${where}: a devDependency`);
        else if (!(name in pkg.dependencies)) problems.push(`${where}: not a dependency`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("copies every file of src/ that is not TypeScript beside the code that reads it", () => {
    const src = path.join(REPO, "src");
    const assets = filesUnder(src).filter((f) => !f.endsWith(".ts"));
    expect(assets.map((f) => path.relative(src, f))).toEqual(
      expect.arrayContaining(["db/migrations/001_shared_state.sql", "admin/console/console.css"]),
    );
    for (const asset of assets) {
      const copy = path.join(dist, path.relative(src, asset));
      expect(readFileSync(copy, "utf8"), copy).toBe(readFileSync(asset, "utf8"));
    }
    expect(filesUnder(dist).filter((f) => f.endsWith(".ts"))).toEqual([]);
  });
});

describe("node dist/main.js with production dependencies only", () => {
  let data: string;
  beforeAll(() => {
    data = path.join(root, "data");
  });

  it("starts the local chat, answers /healthz and a chat line, serves the console's files", async () => {
    const app = spawnNode([path.join(dist, "main.js")], { DATA_DIR: data, ADMIN_TOKEN, PORT: "0" });
    try {
      await app.waitFor((out) => out.includes("> "), 60_000);
      expect(app.stdout()).toContain("local mode");
      const url = /health: (http:\/\/\S+)\/healthz/.exec(app.stdout())?.[1];
      expect(url, app.output()).toBeDefined();

      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      const css = await fetch(`${url}/admin/console/console.css`);
      expect(css.status).toBe(200);
      expect(await css.text()).toBe(readFileSync(path.join(REPO, "src/admin/console/console.css"), "utf8"));

      app.child.stdin!.write("기억해줘: 주차 B2 37번\n");
      await app.waitFor((out) => out.includes('기억했어요: "주차 B2 37번"'), 30_000);
      const before = app.stdout().length;
      app.child.stdin!.write("주차 어디야?\n");
      await app.waitFor((out) => out.slice(before).includes("B2 37번"), 30_000);
      app.child.stdin!.end("/quit\n");
      expect(await app.exited, app.output()).toBe(0);
    } finally {
      app.child.kill("SIGKILL");
    }
  }, 120_000);

  it("runs the memory CLI on what the chat saved", async () => {
    const cli = spawnNode(
      [path.join(dist, "cli/memory-cli.js"), "list", "--team", "local", "--user", "local-user"],
      {
        DATA_DIR: data,
      },
    );
    expect(await cli.exited, cli.output()).toBe(0);
    expect(cli.stdout()).toContain("  im  주차 B2 37번\n");
  }, 60_000);

  it("runs the memory CLI on shared state, migrating PostgreSQL from dist's SQL files", async () => {
    const env = {
      DATABASE_URL: await createTestDatabase(inject("postgresUrl")),
      CHROMA_URL: inject("chromaUrl"),
      VECTOR_NAMESPACE_PREFIX: `prod_${randomBytes(4).toString("hex")}`,
      EMBEDDER: "offline",
      DATA_DIR: path.join(root, "data-shared"),
    };
    const file = path.join(root, "import.jsonl");
    writeFileSync(file, `${JSON.stringify({ id: "m1", text: "my locker number is 112" })}\n`);
    const cli = (...args: string[]) => spawnNode([path.join(dist, "cli/memory-cli.js"), ...args], env);
    const imported = cli("import", "--file", file, "--user", "U_PROD", "--team", "T_PROD");
    expect(await imported.exited, imported.output()).toBe(0);
    const listed = cli("list", "--user", "U_PROD", "--team", "T_PROD");
    expect(await listed.exited, listed.output()).toBe(0);
    expect(listed.stdout()).toContain("my locker number is 112");

    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM schema_migrations");
      const migrations = readdirSync(path.join(REPO, "src/db/migrations")).filter((f) => f.endsWith(".sql"));
      expect(Number(rows[0]!.n)).toBe(migrations.length);
    } finally {
      await client.end();
    }
  }, 60_000);
});

/** `node args` in `root` with PATH, HOME and `env` only: no NODE_PATH, NODE_OPTIONS or loader. */
function spawnNode(args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: root, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let all = "";
  child.stdout!.on("data", (c: Buffer) => {
    stdout += c.toString("utf8");
    all += c.toString("utf8");
  });
  child.stderr!.on("data", (c: Buffer) => (all += c.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    child,
    exited,
    stdout: () => stdout,
    output: () => all.slice(-4000),
    async waitFor(condition: (stdout: string) => boolean, timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!condition(stdout)) {
        if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}):\n${all.slice(-4000)}`);
        if (Date.now() > deadline) throw new Error(`timed out; output:\n${all.slice(-4000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** Runs a command to its end; resolves with its exit code and output. */
function runToEnd(command: string, args: string[], options: { cwd: string }) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** "pkg" of "pkg/sub/path", "@scope/pkg" of "@scope/pkg/sub". */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}
