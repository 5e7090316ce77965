/**
 * One dependency `/healthz` reports on, e.g. Chroma or Ollama. Add a part to add a line to the answer.
 *
 * @example
 * { name: "chroma", critical: true, facts: { url }, probe: () => store.ping() }
 * // → "chroma": { "url": "http://…", "ok": true }
 */
export interface HealthPart {
  /** Key of the part in the `/healthz` body. */
  name: string;
  /** A critical part that is not ok makes `/healthz` answer 503 `degraded`; others are only reported. */
  critical: boolean;
  /** Shown whatever the probe says, e.g. `{ url }`; a function for facts that change (a queue length). */
  facts?: Record<string, unknown> | (() => Record<string, unknown>);
  /** Name of the ok flag in the part's body; default `ok` (Ollama's is `reachable`). */
  okKey?: string;
  /** True when the part works. A throw, or no answer within the timeout, counts as not ok. */
  probe(signal: AbortSignal): Promise<boolean>;
}

/** Upper bound on one health probe; the probes run in parallel, so `/healthz` answers within about this. */
export const HEALTH_PROBE_TIMEOUT_MS = 800;
