import { readFileSync } from "node:fs";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { PromMetrics } from "../../src/app/prom-metrics.js";
import type { HealthPart } from "../../src/core/health.js";
import { AuthThrottle } from "../../src/http/auth-throttle.js";
import { HttpServer } from "../../src/http/server.js";
import { countOf, scrape, valueOf } from "../support/prometheus.js";

const ADMIN_TOKEN = "metrics-admin-token-0123456789";
const METRICS_TOKEN = "metrics-scrape-token-0123456789";

describe("GET /metrics, /livez and /readyz on the HTTP server", () => {
  let server: HttpServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(options: {
    metrics?: PromMetrics;
    metricsToken?: string;
    adminToken?: string;
    parts?: HealthPart[];
  }): Promise<string> {
    const metrics = options.metrics;
    server = new HttpServer({
      logger: pino({ level: "silent" }),
      health: { info: {}, parts: options.parts ?? [] },
      adminToken: options.adminToken,
      throttle: new AuthThrottle(),
      metrics: metrics ? { scrape: () => metrics.scrape(), token: options.metricsToken } : undefined,
    });
    return `http://127.0.0.1:${await server.listen("127.0.0.1", 0)}`;
  }

  it("is off (404 metrics_off) when neither METRICS_TOKEN nor ADMIN_TOKEN is set", async () => {
    const url = await start({ metrics: new PromMetrics() });
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "metrics_off" });
  });

  it("takes METRICS_TOKEN alone when ADMIN_TOKEN is unset, and refuses anything else with 401", async () => {
    const url = await start({ metrics: new PromMetrics(), metricsToken: METRICS_TOKEN });
    expect((await scrape(url, METRICS_TOKEN)).families.length).toBeGreaterThan(10);
    const wrong = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: "unauthorized" });
  });

  it("keeps each app's numbers in its own registry", async () => {
    const one = new PromMetrics();
    const two = new PromMetrics();
    one.turn("dm", "llm", 0.5);
    one.ack("http", 0.01);
    one.memoriesSaved("autosave", 3);
    const url = await start({ metrics: two, adminToken: ADMIN_TOKEN });
    const scraped = await scrape(url, ADMIN_TOKEN);
    expect(valueOf(scraped, "assistant_turns_total")).toBe(0);
    expect(countOf(scraped, "assistant_slack_ack_seconds")).toBe(0);
    expect(valueOf(scraped, "assistant_memories_saved_total")).toBe(0);
    two.turn("mention", "failed", 1);
    expect(valueOf(await scrape(url, ADMIN_TOKEN), "assistant_turns_total", { outcome: "failed" })).toBe(1);
  });

  it("reads the model queue, the journal and the BM25 cache at scrape time", async () => {
    const metrics = new PromMetrics();
    let queued = 2;
    metrics.watch({
      llmQueue: () => ({ running: 4, queued, backgroundQueued: 1, rejectedFull: 5, rejectedTimeout: 1 }),
      journalPending: () => 7,
      bm25Cache: () => ({ users: 3, bytes: 4096, evictions: 9 }),
    });
    const url = await start({ metrics, adminToken: ADMIN_TOKEN });
    let scraped = await scrape(url, ADMIN_TOKEN);
    expect(valueOf(scraped, "assistant_llm_queue_depth", { lane: "interactive" })).toBe(2);
    expect(valueOf(scraped, "assistant_llm_queue_depth", { lane: "background" })).toBe(1);
    expect(valueOf(scraped, "assistant_llm_running")).toBe(4);
    expect(valueOf(scraped, "assistant_llm_refusals_total", { reason: "queue_full" })).toBe(5);
    expect(valueOf(scraped, "assistant_journal_pending")).toBe(7);
    expect(valueOf(scraped, "assistant_bm25_cache_users")).toBe(3);
    expect(valueOf(scraped, "assistant_bm25_cache_evictions_total")).toBe(9);
    queued = 0;
    scraped = await scrape(url, ADMIN_TOKEN);
    expect(valueOf(scraped, "assistant_llm_queue_depth", { lane: "interactive" })).toBe(0);
    // A scrape does not add to a counter it copies.
    expect(valueOf(scraped, "assistant_llm_refusals_total", { reason: "queue_full" })).toBe(5);
  });

  it("answers /livez 200 whatever the parts say, and /readyz 503 when a critical part fails", async () => {
    const url = await start({
      parts: [{ name: "vectors", critical: true, probe: async () => false }],
      adminToken: ADMIN_TOKEN,
    });
    const live = await fetch(`${url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "degraded" });
    // Without a metrics endpoint given, /metrics is off too.
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
  });

  it("exposes every assistant_* metric README's Monitoring table and the Grafana dashboard name", async () => {
    const metrics = new PromMetrics();
    metrics.watch({
      llmQueue: () => ({ running: 0, queued: 0, backgroundQueued: 0, rejectedFull: 0, rejectedTimeout: 0 }),
      journalPending: () => 0,
      bm25Cache: () => ({ users: 0, bytes: 0, evictions: 0 }),
    });
    const url = await start({ metrics, adminToken: ADMIN_TOKEN });
    const exposed = new Set((await scrape(url, ADMIN_TOKEN)).families.map((f) => f.name));
    const root = new URL("../../", import.meta.url);
    const readme = readFileSync(new URL("README.md", root), "utf8");
    const monitoring = readme.slice(readme.indexOf("## Monitoring"), readme.indexOf("## Memory CLI"));
    const dashboard = readFileSync(new URL("deploy/grafana/assistant-dashboard.json", root), "utf8");
    const named = [...`${monitoring}\n${dashboard}`.matchAll(/assistant_[a-z0-9_]+/g)].map((m) =>
      m[0].replace(/_(bucket|count|sum)$/, ""),
    );
    expect(named.length).toBeGreaterThan(20);
    for (const name of new Set(named)) expect(exposed, name).toContain(name);
  });
});
