/** waitFor's bound passed: the models are not there yet (the runner is behind, retrying, or gave up). */
export class ReadModelsBehind extends Error {
  constructor(
    readonly position: number,
    readonly at: number,
  ) {
    super(`read models at ${at}, not yet at ${position}`);
    this.name = 'ReadModelsBehind';
  }
}

interface Waiter {
  position: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** Callers waiting until the read models reach a log position (read-your-writes). */
export class PositionWaiters {
  private waiters: Waiter[] = [];

  /** Resolves once `release` reaches `position`; with a bound, rejects with ReadModelsBehind after `withinMs`. */
  wait(position: number, withinMs: number | undefined, current: () => number): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { position, resolve, reject };
      this.waiters.push(waiter);
      if (withinMs === undefined) return;
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((each) => each !== waiter);
        reject(new ReadModelsBehind(position, current()));
      }, withinMs);
      waiter.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
      waiter.reject = (error) => {
        clearTimeout(timer);
        reject(error);
      };
    });
  }

  /** Resolves every wait for `position` or before. */
  release(position: number): void {
    if (this.waiters.length === 0) return;
    const still: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.position <= position) waiter.resolve();
      else still.push(waiter);
    }
    this.waiters = still;
  }

  rejectAll(error: Error): void {
    for (const waiter of this.waiters) waiter.reject(error);
    this.waiters = [];
  }
}
