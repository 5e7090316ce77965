import { BaseRetriever, type NodeWithScore, type QueryBundle } from "llamaindex";
import { type Metrics, type RecallHalf, secondsSince } from "../../core/metrics.js";

/**
 * A retriever whose every retrieval is timed as one half of a recall (`recall_seconds{half}`),
 * failed ones too (a vector half that times out is the slow case worth seeing).
 */
export class TimedRetriever extends BaseRetriever {
  constructor(
    private readonly inner: BaseRetriever,
    private readonly half: RecallHalf,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  async _retrieve(bundle: QueryBundle): Promise<NodeWithScore[]> {
    const started = performance.now();
    try {
      return await this.inner.retrieve(bundle);
    } finally {
      this.metrics.recallHalf(this.half, secondsSince(started));
    }
  }
}
