import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { HealthPart } from "../../src/core/health.js";
import { AuthThrottle } from "../../src/http/auth-throttle.js";
import { HttpServer } from "../../src/http/server.js";

const ADMIN_TOKEN = "health-admin-token-0123456789";
const never = () => new Promise<boolean>(() => undefined);

/** A part whose probe answers `ok` (or hangs, or throws). */
function part(name: string, critical: boolean, probe: HealthPart["probe"]): HealthPart {
  return { name, critical, facts: { url: `http://${name}` }, probe };
}

describe("GET /healthz", () => {
  let server: HttpServer | undefined;
  let port = 0;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** `/healthz` of a server over `parts`, asked with the admin token (`token: null`: without it). */
  async function healthz(
    parts: HealthPart[],
    options: { token?: string | null; adminToken?: string } = {},
  ): Promise<{ status: number; body: Record<string, unknown>; ms: number; headers: Headers }> {
    server = new HttpServer({
      logger: pino({ level: "silent" }),
      health: { info: { slack: "local" }, parts },
      adminToken: options.adminToken ?? ADMIN_TOKEN,
      throttle: new AuthThrottle(),
    });
    port = await server.listen("127.0.0.1", 0);
    const started = Date.now();
    const token = options.token === undefined ? ADMIN_TOKEN : options.token;
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, {
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
      ms: Date.now() - started,
      headers: res.headers,
    };
  }

  it("answers 200 ok when every part is ok", async () => {
    const res = await healthz([
      part("chroma", true, async () => true),
      part("ollama", false, async () => true),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "ok",
      slack: "local",
      chroma: { url: "http://chroma", ok: true },
      ollama: { url: "http://ollama", ok: true },
    });
  });

  it("shows only the status without the admin token (no path, host or part), with the same HTTP status", async () => {
    const parts = [part("vectors", true, async () => true), part("ollama", false, async () => false)];
    expect(await healthz(parts, { token: null })).toMatchObject({ status: 200, body: { status: "ok" } });
    expect((await healthz(parts, { token: null })).body).toEqual({ status: "ok" });
    const down = await healthz([part("vectors", true, async () => false)], { token: null });
    expect(down).toMatchObject({ status: 503, body: { status: "degraded" } });
    expect(down.body).toEqual({ status: "degraded" });
    // No ADMIN_TOKEN: nobody sees the details.
    const off = await healthz(parts, { adminToken: "", token: "anything-at-all-0123" });
    expect(off.body).toEqual({ status: "ok" });
  });

  it("answers 401 to a wrong token, and 429 with Retry-After after ten wrong ones from the address", async () => {
    const parts = [part("vectors", true, async () => true)];
    const wrong = await healthz(parts, { token: "wrong-token-0123456789" });
    expect(wrong).toMatchObject({ status: 401, body: { error: "unauthorized" } });
    for (let i = 1; i < 10; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, {
        headers: { authorization: "Bearer wrong-token-0123456789" },
      });
      expect(res.status).toBe(401);
    }
    // Blocked: the right token too, without it being looked at; the status alone is still served.
    const blocked = await fetch(`http://127.0.0.1:${port}/healthz`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await blocked.json()).toMatchObject({ error: "too_many_requests" });
    expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toEqual({ status: "ok" });
  });

  it("answers 503 degraded naming the critical part that fails", async () => {
    const res = await healthz([
      part("chroma", true, async () => false),
      part("ollama", false, async () => true),
    ]);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: "degraded", failing: ["chroma"], chroma: { ok: false } });
  });

  it("reports a failing part that is not critical, and still answers 200", async () => {
    const ollama = { ...part("ollama", false, async () => false), okKey: "reachable" };
    const res = await healthz([part("chroma", true, async () => true), ollama]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", ollama: { url: "http://ollama", reachable: false } });
    expect(res.body).not.toHaveProperty("failing");
  });

  it("answers within a second when probes hang or throw", async () => {
    const res = await healthz([
      part("chroma", true, never),
      part("ollama", false, never),
      part("thrower", false, async () => {
        throw new Error("boom");
      }),
    ]);
    expect(res.ms).toBeLessThan(1_000);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: "degraded",
      failing: ["chroma"],
      chroma: { ok: false },
      ollama: { ok: false },
      thrower: { ok: false },
    });
  });

  it("passes every probe a signal that aborts at the timeout", async () => {
    let aborted = false;
    await healthz([
      part("chroma", true, (signal) => {
        signal.addEventListener("abort", () => (aborted = true));
        return never();
      }),
    ]);
    expect(aborted).toBe(true);
  });

  it("answers unknown paths with a JSON 404, and /admin/* with admin_api_off when the API is off", async () => {
    await healthz([]);
    const unknown = await fetch(`http://127.0.0.1:${port}/nowhere`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "not_found" });
    const admin = await fetch(`http://127.0.0.1:${port}/admin/memory/list/U1`);
    expect(admin.status).toBe(404);
    expect(await admin.json()).toMatchObject({ error: "admin_api_off" });
  });
});
