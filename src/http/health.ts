import { HEALTH_PROBE_TIMEOUT_MS, type HealthPart } from "../core/health.js";

/** What `/healthz` is made of: fixed facts about the process (mode, embedder) and the probed parts. */
export interface HealthOptions {
  info: Record<string, unknown>;
  parts: HealthPart[];
  timeoutMs?: number;
}

export interface HealthReport {
  /** 200 when every critical part is ok, else 503. */
  httpStatus: 200 | 503;
  body: Record<string, unknown>;
}

/**
 * Probes every part in parallel, each bounded by `timeoutMs`, and says whether the service is `ok` or
 * `degraded` (a critical part failing, named in `failing`).
 */
export async function checkHealth(options: HealthOptions): Promise<HealthReport> {
  const timeoutMs = options.timeoutMs ?? HEALTH_PROBE_TIMEOUT_MS;
  const results = await Promise.all(options.parts.map((part) => probeWithin(part, timeoutMs)));
  const failing = options.parts.filter((part, i) => part.critical && !results[i]).map((part) => part.name);
  const parts = Object.fromEntries(
    options.parts.map((part, i) => [
      part.name,
      { ...(typeof part.facts === "function" ? part.facts() : part.facts), [part.okKey ?? "ok"]: results[i] },
    ]),
  );
  return {
    httpStatus: failing.length > 0 ? 503 : 200,
    body: {
      status: failing.length > 0 ? "degraded" : "ok",
      ...(failing.length > 0 ? { failing } : {}),
      ...options.info,
      ...parts,
    },
  };
}

async function probeWithin(part: HealthPart, timeoutMs: number): Promise<boolean> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(false);
    }, timeoutMs);
  });
  try {
    // A probe that throws is a part that is down: that is the answer, not an error of /healthz.
    const probed = part.probe(controller.signal).catch(() => false);
    return await Promise.race([probed, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
