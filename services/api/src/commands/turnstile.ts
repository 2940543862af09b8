import { AsyncLocalStorage } from 'node:async_hooks';

/** One pass through the turnstile; work started inside it (a nested command) is part of it while it lasts. */
interface Pass {
  open: boolean;
}

/**
 * Commands of one process decide and commit side by side, until one has lost the race to commit
 * too often: it then waits for those in flight to finish and runs alone, while new ones wait. Alone,
 * nothing in this process can change what it read, so it loses again only to another process.
 * Work nested in a pass (a command issued while deciding or committing another) goes straight
 * through: it belongs to the pass that started it, so it never waits for itself.
 */
export class Turnstile {
  private inFlight = 0;
  /** Settles when the pass running alone ends. */
  private soloEnded: Promise<void> | null = null;
  private drained: (() => void) | null = null;
  private readonly current = new AsyncLocalStorage<Pass>();

  /** Runs `work` beside other shared work, after any solo pass has ended. */
  async shared<T>(work: () => Promise<T>): Promise<T> {
    if (this.nested()) return work();
    while (this.soloEnded) await this.soloEnded;
    this.inFlight++;
    try {
      return await this.within(work);
    } finally {
      if (--this.inFlight === 0) this.drained?.();
    }
  }

  /** Runs `work` alone in this process: after the shared work in flight, before any that arrives meanwhile. */
  async alone<T>(work: () => Promise<T>): Promise<T> {
    if (this.nested()) return work();
    while (this.soloEnded) await this.soloEnded;
    let end = (): void => undefined;
    this.soloEnded = new Promise<void>((resolve) => (end = resolve));
    try {
      if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      this.drained = null;
      return await this.within(work);
    } finally {
      this.soloEnded = null;
      end();
    }
  }

  /** Whether the caller runs inside a pass that has not ended. */
  nested(): boolean {
    return this.current.getStore()?.open === true;
  }

  private async within<T>(work: () => Promise<T>): Promise<T> {
    const pass: Pass = { open: true };
    try {
      return await this.current.run(pass, work);
    } finally {
      pass.open = false;
    }
  }
}
