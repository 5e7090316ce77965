/**
 * Decorators the composition root puts around adapters so that their failures and timings reach the
 * metrics port without the adapters knowing about metrics.
 */
import type { Embedder } from "../core/embedder.js";
import { isAppError, toAppError } from "../core/errors.js";
import type { ChatRequest, ChatResponse, Llm } from "../core/llm.js";
import { type Metrics, secondsSince, type StoreName } from "../core/metrics.js";

/**
 * `target` with each method call's failure (a throw, or a rejected promise) reported to `onFailure`
 * with the method's name, then passed on unchanged. Everything else — properties, optional methods
 * being absent, `this` inside the target's methods — is the target's own (a Proxy, not a copy).
 */
export function reportFailures<T extends object>(
  target: T,
  onFailure: (method: string, err: unknown) => void,
): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== "function" || typeof property !== "string") return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(object, args);
        } catch (err) {
          onFailure(property, err);
          throw err;
        }
        if (result instanceof Promise) {
          return result.catch((err: unknown) => {
            onFailure(property, err);
            throw err;
          });
        }
        return result;
      };
    },
  });
}

/**
 * A store whose failed calls count as `store_errors_total{store, operation}`. A failure that is the
 * embedder's (`embed_failed`, e.g. a vector index embedding a query) is the embedder's count, not
 * the store's.
 */
export function meterStore<T extends object>(store: T, name: StoreName, metrics: Metrics): T {
  return reportFailures(store, (operation, err) => {
    if (!isAppError(err, "embed_failed")) metrics.storeError(name, operation);
  });
}

/** An embedder whose failed `embed` calls count as `embedding_errors_total`. */
export function meterEmbedder<T extends Embedder>(embedder: T, metrics: Metrics): T {
  return reportFailures(embedder, (method) => {
    if (method === "embed") metrics.embeddingError();
  });
}

/**
 * The model with each request timed (`model_request_seconds{priority, outcome}`). Wrapped inside the
 * queue, so the time is the model's alone, not the wait for a slot.
 */
export class MeteredLlm implements Llm {
  readonly model: string;

  constructor(
    private readonly inner: Llm,
    private readonly metrics: Metrics,
  ) {
    this.model = inner.model;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const priority = request.priority ?? "interactive";
    const started = performance.now();
    try {
      const response = await this.inner.chat(request);
      this.metrics.modelRequest(priority, "ok", secondsSince(started));
      return response;
    } catch (err) {
      this.metrics.modelRequest(priority, toAppError(err).code, secondsSince(started));
      throw err;
    }
  }
}
