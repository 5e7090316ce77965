/** Work in progress (turns being answered), so a shutdown can wait for it. */
export class WorkSet {
  private readonly running = new Set<Promise<unknown>>();

  /** Counts `work` as running until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const done = () => this.running.delete(work);
    work.then(done, done);
    return work;
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves when nothing is running (work started meanwhile included); never rejects. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
