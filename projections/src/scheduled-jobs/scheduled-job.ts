/**
 * Timed work the log asks for: a projection adds a job when an event makes work due later and removes
 * it when the event recording that work (or its cancellation) arrives. The scheduler runs each job once
 * `from` plus its kind's delay has passed.
 */
export interface ScheduledJob {
  /** Unique per job, `<kind>:<subject id>` by convention (`reminder:7`). */
  key: string;
  kind: string;
  /** Milliseconds since the epoch the wait counts from: an event's occurred_at or a requested time. */
  from: number;
  /** What the handler needs to find its subject (ids, never secrets). */
  subject: Record<string, number | string>;
}
