import { AppError } from "../core/errors.js";

/**
 * A `fetch` for the ollama client that bounds every request by `timeoutMs` (and an optional caller
 * signal), so a slow or hung Ollama cannot hold a turn forever.
 */
export function timeoutFetch(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}

/** Maps what the ollama client throws to the project's error codes. */
export function ollamaError(err: unknown, what: string, host: string): AppError {
  if (err instanceof AppError) return err;
  const e = err as { name?: string; message?: string; status_code?: number; cause?: { code?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") {
    return new AppError("llm_timeout", `${what}: Ollama at ${host} did not answer in time`, { cause: err });
  }
  if (typeof e?.status_code === "number") {
    return new AppError("llm_unavailable", `${what}: Ollama answered ${e.status_code}: ${e.message ?? ""}`, {
      cause: err,
      details: { status: e.status_code },
    });
  }
  return new AppError(
    "llm_unavailable",
    `${what}: Ollama at ${host} is unreachable (${e?.message ?? String(err)})`,
    {
      cause: err,
    },
  );
}

/** Whether an Ollama server answers at `host`, and which models it has. Never throws. */
export async function probeOllama(
  host: string,
  timeoutMs = 1500,
): Promise<{ reachable: boolean; models: string[] }> {
  try {
    const res = await fetch(new URL("/api/tags", host), { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return { reachable: false, models: [] };
    const body = (await res.json()) as { models?: Array<{ name?: string; model?: string }> };
    return {
      reachable: true,
      models: (body.models ?? []).map((m) => m.name ?? m.model ?? "").filter(Boolean),
    };
  } catch {
    // unreachable is an answer, not an error: the caller decides what offline means
    return { reachable: false, models: [] };
  }
}

/** `bge-m3` matches `bge-m3:latest`; `qwen2.5:7b` matches itself. */
export function hasModel(models: string[], name: string): boolean {
  const full = name.includes(":") ? name : `${name}:latest`;
  return models.some((m) => m === name || m === full);
}
