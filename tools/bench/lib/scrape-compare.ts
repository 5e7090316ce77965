/**
 * `bench:load --scrape`: what a Prometheus scraping `/metrics` every second costs the ack path. Each
 * round of each size runs twice back to back on the same app, without and then with a scraper
 * fetching `/metrics` (with the admin token) every `intervalMs`; the medians of the rounds' ack p50
 * and p99 are reported side by side, with the scrapes' own time.
 */
import type { AppProcess } from "./app-process.js";
import { BENCH_ADMIN_TOKEN, type LoadHarness } from "./load-harness.js";
import { runLoadRound } from "./load-round.js";
import type { Rng } from "./prng.js";
import { medianOfRounds, round, summarize } from "./stats.js";
import type { LatencySummary } from "./stats.js";

/** A Prometheus stand-in: GET /metrics every `intervalMs`, each scrape's time recorded. */
function startScraper(url: string, intervalMs: number): { stop(): Promise<number[]>; failures(): number } {
  const times: number[] = [];
  let failures = 0;
  let inFlight: Promise<void> = Promise.resolve();
  const scrapeOnce = async () => {
    const started = performance.now();
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } });
    await res.text();
    if (res.status === 200) times.push(performance.now() - started);
    else failures += 1;
  };
  const timer = setInterval(() => {
    inFlight = scrapeOnce().catch(() => void (failures += 1));
  }, intervalMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await inFlight;
      return times;
    },
    failures: () => failures,
  };
}

export interface ScrapeComparison {
  size: number;
  without: LatencySummary;
  with: LatencySummary;
  scrapes: number;
  scrapeMs: LatencySummary;
  scrapeFailures: number;
}

export async function compareScraping(options: {
  app: AppProcess;
  bareUrl: string;
  harness: LoadHarness;
  rng: Rng;
  sizes: number[];
  rounds: number;
  intervalMs: number;
  replyTimeoutMs: number;
}): Promise<Record<string, unknown>> {
  const { app, bareUrl, harness, rng, replyTimeoutMs } = options;
  const run = (roundName: string, size: number) =>
    runLoadRound({ harness, url: app.url, bareUrl, rng, round: roundName, size, replyTimeoutMs });
  await run("w", 10);
  const results: ScrapeComparison[] = [];
  for (const size of options.sizes) {
    const without: LatencySummary[] = [];
    const withScrape: LatencySummary[] = [];
    const scrapeTimes: number[] = [];
    let failures = 0;
    for (let r = 0; r < options.rounds; r++) {
      without.push((await run(`${size}n${r}`, size)).ack);
      const scraper = startScraper(app.url, options.intervalMs);
      const result = await run(`${size}s${r}`, size);
      scrapeTimes.push(...(await scraper.stop()));
      failures += scraper.failures();
      withScrape.push(result.ack);
      console.log(
        `size ${size} round ${r + 1}: ack p50/p99 without ${without.at(-1)!.p50.toFixed(1)}/` +
          `${without.at(-1)!.p99.toFixed(1)} ms, scraping every ${options.intervalMs} ms ` +
          `${result.ack.p50.toFixed(1)}/${result.ack.p99.toFixed(1)} ms`,
      );
    }
    results.push({
      size,
      without: medianOfRounds(without),
      with: medianOfRounds(withScrape),
      scrapes: scrapeTimes.length,
      scrapeMs: summarize(scrapeTimes),
      scrapeFailures: failures,
    });
  }
  console.log("\nsize | ack p50 without/with | ack p99 without/with | scrapes | scrape p50/p99 ms");
  for (const c of results) {
    console.log(
      `${c.size} | ${c.without.p50.toFixed(1)}/${c.with.p50.toFixed(1)} | ${c.without.p99.toFixed(1)}/` +
        `${c.with.p99.toFixed(1)} | ${c.scrapes} (${c.scrapeFailures} failed) | ` +
        `${c.scrapeMs.p50.toFixed(1)}/${c.scrapeMs.p99.toFixed(1)}`,
    );
  }
  return {
    mode: "scrape",
    scrapeIntervalMs: options.intervalMs,
    sizes: results.map((c) => ({
      size: c.size,
      ackWithoutMs: { p50: round(c.without.p50, 1), p99: round(c.without.p99, 1) },
      ackWithMs: { p50: round(c.with.p50, 1), p99: round(c.with.p99, 1) },
      scrapes: c.scrapes,
      scrapeFailures: c.scrapeFailures,
      scrapeMs: { p50: round(c.scrapeMs.p50, 1), p99: round(c.scrapeMs.p99, 1) },
    })),
  };
}
