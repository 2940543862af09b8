/** SIGINT or SIGTERM asking a long verb to stop at the next safe point, instead of killing it mid-write. */
export class Interruption {
  /** The signal that asked to stop, once one did. */
  signal: NodeJS.Signals | null = null;
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    this.signal = signal;
  };

  constructor() {
    process.once('SIGINT', this.onSignal);
    process.once('SIGTERM', this.onSignal);
  }

  release(): void {
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }
}
