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

export class PersonWork {
  private readonly turns = new Map<string, Set<Promise<void>>>();
  private readonly jobs = new Map<string, Set<Promise<void>>>();
  private readonly allJobs = new Set<Promise<void>>();
  /** For a turn being answered, the same person's turns that were in flight when it came. */
  private readonly earlier = new WeakMap<Turn, Promise<void>[]>();

  /**
   * Runs `answer` as the person's turn in flight: until it settles, their later turns wait for it.
   * The caller registers the turn's pipeline job (`addJob`) before `answer` settles.
   */
  async turn<T>(turn: Turn, answer: () => Promise<T>): Promise<T> {
    const own = this.setOf(this.turns, personKey(turn));
    this.earlier.set(turn, [...own]);
    let finished!: () => void;
    const inFlight = new Promise<void>((resolve) => (finished = resolve));
    own.add(inFlight);
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
    this.setOf(this.jobs, key).add(job);
    this.allJobs.add(job);
    void job.finally(() => {
      this.allJobs.delete(job);
      this.remove(this.jobs, key, job);
    });
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
    await Promise.race([Promise.all([...own]), deadline]);
  }

  /** Waits until no pipeline job of anyone is running (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.allJobs.size > 0) await Promise.all([...this.allJobs]);
  }

  private setOf(map: Map<string, Set<Promise<void>>>, key: string): Set<Promise<void>> {
    let set = map.get(key);
    if (set === undefined) {
      set = new Set();
      map.set(key, set);
    }
    return set;
  }

  private remove(map: Map<string, Set<Promise<void>>>, key: string, item: Promise<void>): void {
    const set = map.get(key);
    if (set === undefined) return;
    set.delete(item);
    if (set.size === 0) map.delete(key);
  }
}
