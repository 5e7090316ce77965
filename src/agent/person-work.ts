/**
 * A person's work in progress, for what reads their state: the turns still being answered and the
 * memory pipeline's jobs on turns already answered. A forget, a question, "그거 기억해줘" or "about me"
 * waits (bounded) for them, so it acts on what the person said just before — not on the state before
 * it, while a slow model still answers that statement or its autosave still runs. Per person (team and
 * user); nothing is shared between people.
 */
import { delay } from "../util/delay.js";
import type { Turn } from "../core/types.js";

/** Whose work: a person in a workspace. */
function personKey(turn: Pick<Turn, "teamId" | "userId">): string {
  return `${turn.teamId}\u0000${turn.userId}`;
}

/** Vetoed turns remembered at most (a turn whose job never comes is dropped oldest first). */
const MAX_VETOED = 1_000;

export class PersonWork {
  /** Per person: each turn being answered, and each pipeline job, with the turn it is about. */
  private readonly turns = new Map<string, Map<Promise<void>, Turn>>();
  private readonly jobs = new Map<string, Map<Promise<void>, Turn>>();
  private readonly allJobs = new Set<Promise<void>>();
  /** Event ids of turns whose autosave must keep nothing (`veto`). */
  private readonly vetoed = new Set<string>();
  /** For a turn being answered, the same person's turns that were in flight when it came. */
  private readonly earlier = new WeakMap<Turn, Promise<void>[]>();

  /**
   * Runs `answer` as the person's turn in flight: until it settles, their later turns wait for it.
   * The caller registers the turn's pipeline job (`addJob`) before `answer` settles.
   */
  async turn<T>(turn: Turn, answer: () => Promise<T>): Promise<T> {
    const own = this.mapOf(this.turns, personKey(turn));
    this.earlier.set(turn, [...own.keys()]);
    let finished!: () => void;
    const inFlight = new Promise<void>((resolve) => (finished = resolve));
    own.set(inFlight, turn);
    try {
      return await answer();
    } finally {
      this.remove(this.turns, personKey(turn), inFlight);
      finished();
    }
  }

  /** Tracks a pipeline job on the person's turn until it settles (it must not reject). */
  addJob(turn: Turn, job: Promise<void>): void {
    const key = personKey(turn);
    this.mapOf(this.jobs, key).set(job, turn);
    this.allJobs.add(job);
    void job.finally(() => {
      this.allJobs.delete(job);
      this.remove(this.jobs, key, job);
      this.vetoed.delete(turn.eventId);
    });
  }

  /**
   * The person's earlier turns whose work has not ended (still answered, or their pipeline job still
   * running) — after a bounded `settle`, those a forget could not wait for. Oldest first.
   */
  unsettled(turn: Turn): Turn[] {
    const key = personKey(turn);
    // Jobs are of turns already answered, so before those still in flight.
    const pending = [...(this.jobs.get(key)?.values() ?? []), ...(this.turns.get(key)?.values() ?? [])];
    const seen = new Set<string>();
    // Only what came before `turn` (a later message in flight is not what it asks about).
    const before = (t: Turn) => (t.receivedAt ?? 0) <= (turn.receivedAt ?? Infinity);
    return pending
      .filter((t) => t.eventId !== turn.eventId && before(t) && !seen.has(t.eventId) && seen.add(t.eventId))
      .sort((a, b) => (a.receivedAt ?? 0) - (b.receivedAt ?? 0));
  }

  /**
   * Marks turns whose autosave must keep nothing: a forget asked for them while their work still ran.
   * What their pipeline keeps anyway (it was already saving) is deleted at once (agent-service.ts).
   */
  veto(turns: readonly Turn[]): void {
    for (const turn of turns) this.vetoed.add(turn.eventId);
    while (this.vetoed.size > MAX_VETOED) this.vetoed.delete(this.vetoed.values().next().value!);
  }

  isVetoed(turn: Turn): boolean {
    return this.vetoed.has(turn.eventId);
  }

  /**
   * Waits, at most `waitMs` in all, for the person's turns that were in flight when `turn` came (their
   * jobs are added when they end), then for their pipeline jobs.
   */
  async settle(turn: Turn, waitMs: number): Promise<void> {
    const deadline = delay(waitMs);
    const earlier = this.earlier.get(turn) ?? [];
    if (earlier.length > 0) await Promise.race([Promise.all(earlier), deadline]);
    const own = this.jobs.get(personKey(turn));
    if (own === undefined || own.size === 0) return;
    await Promise.race([Promise.all([...own.keys()]), deadline]);
  }

  /** Waits until no pipeline job of anyone is running (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.allJobs.size > 0) await Promise.all([...this.allJobs]);
  }

  private mapOf(map: Map<string, Map<Promise<void>, Turn>>, key: string): Map<Promise<void>, Turn> {
    let own = map.get(key);
    if (own === undefined) {
      own = new Map();
      map.set(key, own);
    }
    return own;
  }

  private remove(map: Map<string, Map<Promise<void>, Turn>>, key: string, item: Promise<void>): void {
    const own = map.get(key);
    if (own === undefined) return;
    own.delete(item);
    if (own.size === 0) map.delete(key);
  }
}
