import { Interruption } from '../interruption.js';

/**
 * Stops an export at the next line when SIGINT or SIGTERM arrives, and remembers the last log
 * position done (every event up to it scanned, and each kept one written), so an interrupted or
 * failed export can say where to resume (`--resume-after <position>`).
 */
export class ExportStop {
  private readonly interruption = new Interruption();
  /** The last position done; null before the first. */
  done: number | null;
  private scannedLast: number | null;

  constructor(resumeAfter: number | null) {
    this.done = resumeAfter;
    this.scannedLast = resumeAfter;
  }

  /** The signal that asked to stop, once one did. */
  get signal(): NodeJS.Signals | null {
    return this.interruption.signal;
  }

  /** An event was read: everything before it is done (its own line, if kept, is written next). */
  scanned(position: number): void {
    this.done = this.scannedLast;
    this.scannedLast = position;
  }

  /** The line of the event at `position` is written. */
  written(position: number): void {
    this.done = position;
  }

  /** The scan ended: every event it read is done. */
  finished(): void {
    this.done = this.scannedLast;
  }

  release(): void {
    this.interruption.release();
  }

  /** The lines an operator needs: what stopped it, the last position done and the option to resume with. */
  resumeHint(reason: string, written: number): string {
    if (this.done === null) return `export: ${reason} before any event was done (${written} events written); run it again as it was\n`;
    return `export: ${reason} after log position ${this.done} (${written} events written); resume with --resume-after ${this.done} (and the same filters), appending to what was written\n`;
  }
}
