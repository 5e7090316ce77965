import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ChromaClient } from "chromadb";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { isAppError } from "../../src/core/errors.js";
import { startChromaServer } from "../../src/backends/chroma/chroma-server.js";

/** Status of the heartbeat, or 0 when nothing answers. */
async function heartbeatOrZero(url: string): Promise<number> {
  try {
    return await heartbeatStatus(url);
  } catch (err) {
    if (err instanceof TypeError) return 0; // fetch failed: connection refused
    throw err;
  }
}

async function heartbeatStatus(url: string): Promise<number> {
  return (await fetch(`${url}/api/v2/heartbeat`)).status;
}

describe("startChromaServer", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "chroma-harness-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("starts on a free port, answers heartbeat and stores data, then stops", async () => {
    const server = await startChromaServer({ path: dataDir });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await heartbeatStatus(server.url)).toBe(200);
      const { hostname, port } = new URL(server.url);
      const client = new ChromaClient({ host: hostname, port: Number(port) });
      const collection = await client.createCollection({ name: "harness", embeddingFunction: null });
      await collection.add({ ids: ["a"], embeddings: [[1, 0, 0]], documents: ["hello"] });
      expect(await collection.count()).toBe(1);
    } finally {
      await server.stop();
    }
    await expect(fetch(`${server.url}/api/v2/heartbeat`)).rejects.toThrow();
    await server.stop(); // idempotent
  });

  it("refuses a port that is already taken with AppError store_failed", async () => {
    const first = await startChromaServer({ path: dataDir });
    try {
      const port = Number(new URL(first.url).port);
      const err: unknown = await startChromaServer({ path: dataDir, port }).catch((e: unknown) => e);
      expect(isAppError(err, "store_failed")).toBe(true);
    } finally {
      await first.stop();
    }
  });

  it("fails with AppError store_failed carrying chroma's stderr when it cannot start", async () => {
    const notADirectory = path.join(dataDir, "a-file");
    await writeFile(notADirectory, "x");
    const err: unknown = await startChromaServer({ path: notADirectory }).catch((e: unknown) => e);
    expect(isAppError(err, "store_failed")).toBe(true);
    expect((err as Error).message).toMatch(/stderr: .*\S/s);
  });

  it("dies with its parent process, even when the parent is SIGKILLed", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/support/chroma-child.ts", dataDir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const [line] = (await once(child.stdout, "data")) as [Buffer];
      const { url } = JSON.parse(line.toString()) as { url: string };
      expect(await heartbeatStatus(url)).toBe(200);
      child.kill("SIGKILL");
      await once(child, "exit");
      const deadline = Date.now() + 5_000;
      while ((await heartbeatOrZero(url)) === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await heartbeatOrZero(url)).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });
});

describe("global setup", () => {
  it("provides a running Chroma at inject('chromaUrl')", async () => {
    const url = inject("chromaUrl");
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await heartbeatStatus(url)).toBe(200);
  });
});
