/**
 * The right to write one log, held by one api process at a time (see docs/topics/operations.md, "One
 * writer per log"). Several processes writing one log would hand out message ids from separate blocks
 * (ids out of send order) and race each other's read-model writes; until that is made right, a second
 * process is refused.
 */
export interface WriterLease {
  /** Where the lease is kept, for messages. */
  readonly where: string;
  /**
   * Takes the lease, waiting up to `waitMs` for a holder that is stopping (a rolling restart); throws
   * WriterLeaseHeld when it is still held then. `onLost` is told if the lease is lost later.
   */
  acquire(waitMs: number, onLost: (error: Error) => void): Promise<void>;
  release(): Promise<void>;
}

export class WriterLeaseHeld extends Error {
  constructor(readonly where: string) {
    super(`another api process writes this log (it holds ${where}); several api processes against one log are not supported yet (docs/topics/operations.md)`);
    this.name = 'WriterLeaseHeld';
  }
}
