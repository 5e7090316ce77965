import type { ServerResponse } from "node:http";

/**
 * Longest a listener's work waits for the requests being read to be acknowledged: a steady stream of
 * requests must not starve the turns (Slack only needs its acks within 3 s; the turn still starts).
 */
export const ACK_FIRST_MAX_HOLD_MS = 500;

/**
 * Acks first: work that follows an acknowledgement (a turn's listeners) starts only once no Slack
 * request is being read or answered, one piece of work per turn of the event loop, so a burst of
 * events is acked before any of its turns runs its first synchronous stretch (recall, tokenising,
 * prompt building). Work waits at most {@link ACK_FIRST_MAX_HOLD_MS}. Nothing here delays a request:
 * only the work after it.
 */
export class AckFirstScheduler {
  private requests = 0;
  private readonly waiting: Array<{ since: number; start: () => void }> = [];
  private tick: NodeJS.Immediate | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly maxHoldMs = ACK_FIRST_MAX_HOLD_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Requests received and not answered yet. */
  get inFlight(): number {
    return this.requests;
  }

  /** Pieces of work not started yet. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Counts a Slack request from its arrival until its response is sent (or its socket closes). */
  request(res: ServerResponse): void {
    this.requests += 1;
    let counted = true;
    const done = (): void => {
      if (!counted) return;
      counted = false;
      this.requests -= 1;
      this.wake();
    };
    res.once("finish", done);
    res.once("close", done);
  }

  /**
   * Runs `work` once the requests being read are answered (or after the longest hold); resolves or
   * rejects with it.
   */
  defer<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ since: this.now(), start: () => work().then(resolve, reject) });
      this.wake();
    });
  }

  /** Starts every waiting piece of work now (a stop). */
  flush(): void {
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) next.start();
    this.clearTimers();
  }

  private wake(): void {
    if (this.waiting.length === 0 || this.tick) return;
    // After the poll phase: requests whose bytes arrived meanwhile are counted (and acked) first.
    this.tick = setImmediate(() => {
      this.tick = undefined;
      this.startNext();
    });
  }

  private startNext(): void {
    const next = this.waiting[0];
    if (!next) return this.clearTimers();
    const held = this.now() - next.since;
    if (this.requests > 0 && held < this.maxHoldMs) {
      // Woken again when a request is answered; the timer bounds the wait.
      this.timer ??= setTimeout(
        () => {
          this.timer = undefined;
          this.wake();
        },
        Math.max(1, this.maxHoldMs - held),
      );
      return;
    }
    this.waiting.shift();
    next.start();
    this.wake();
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
