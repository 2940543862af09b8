/**
 * Commands of one process decide and commit side by side, until one has lost the race to commit
 * too often: it then waits for those in flight to finish and runs alone, while new ones wait. Alone,
 * nothing in this process can change what it read, so it loses again only to another process.
 *
 * A pass is named by its owner (the command's request): work the owner starts while its pass lasts
 * (a second command of the same request) goes straight through, so a pass never waits for itself.
 * Commands of other owners must not be awaited while deciding (none are: no command nests another's).
 * The owner is passed explicitly: AsyncLocalStorage would find nesting by itself, but on Node 20 it
 * makes every promise of the process about three times as costly.
 */
export class Turnstile {
  private inFlight = 0;
  /** Settles when the pass running alone ends. */
  private soloEnded: Promise<void> | null = null;
  private drained: (() => void) | null = null;
  /** Owners with a pass under way, and how many. */
  private readonly passes = new Map<string, number>();

  /** Runs `work` beside other shared work, after any solo pass has ended. */
  async shared<T>(owner: string, work: () => Promise<T>): Promise<T> {
    if (this.nested(owner)) return work();
    while (this.soloEnded) await this.soloEnded;
    this.inFlight++;
    try {
      return await this.within(owner, work);
    } finally {
      if (--this.inFlight === 0) this.drained?.();
    }
  }

  /** Runs `work` alone in this process: after the shared work in flight, before any that arrives meanwhile. */
  async alone<T>(owner: string, work: () => Promise<T>): Promise<T> {
    if (this.nested(owner)) return work();
    while (this.soloEnded) await this.soloEnded;
    let end = (): void => undefined;
    this.soloEnded = new Promise<void>((resolve) => (end = resolve));
    try {
      if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      this.drained = null;
      return await this.within(owner, work);
    } finally {
      this.soloEnded = null;
      end();
    }
  }

  /** Whether `owner` has a pass under way. */
  nested(owner: string): boolean {
    return this.passes.has(owner);
  }

  private async within<T>(owner: string, work: () => Promise<T>): Promise<T> {
    this.passes.set(owner, (this.passes.get(owner) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = (this.passes.get(owner) ?? 1) - 1;
      if (left === 0) this.passes.delete(owner);
      else this.passes.set(owner, left);
    }
  }
}
