/**
 * Tells the scheduler that a projection added a job of a kind that should not wait for the tick
 * (a `prompt` handler's). Made before the scheduler, because the projections are; the scheduler
 * listens once the server's timer runs (never in tests, whose tick is off).
 */
export class JobNudges {
  private listener: ((kind: string) => void) | null = null;

  notify(kind: string): void {
    this.listener?.(kind);
  }

  listen(listener: (kind: string) => void): void {
    this.listener = listener;
  }
}
