import type { EventStore } from '@chat/eventstore';
import type { ProjectionRunner } from '@chat/projections';

/** What register needs to line a new queue up with its snapshot. */
export interface QueueStartDeps {
  runner: Pick<ProjectionRunner, 'exclusive' | 'waitFor'>;
  store: Pick<EventStore, 'headPosition'>;
  /** Whether other processes write the read models the snapshot reads (MongoDB): see below. */
  sharedReadModels: boolean;
}

export interface QueueStart<Q, S> {
  queue: Q;
  snapshot: S;
  /** The log position the snapshot holds exactly, and the queue's start: it delivers what comes after. */
  position: number;
  /** False only when every attempt saw the log move during the snapshot (see `startQueueAtSnapshot`). */
  exact: boolean;
  attempts: number;
}

export const QUEUE_START_ATTEMPTS = 5;

/**
 * DESIGN.md §6's queue start position. While no event is applied in this process (`exclusive`, at
 * log position P), the queue is created first, at its user's feed head, which then holds exactly the
 * client events of positions up to P (this process's fan-out has done them; a feed takes each position
 * once, whoever appends it); then the snapshot is read. With models of this process only, they are
 * at P too: exact.
 *
 * With read models shared by several processes (MongoDB), another process may already have applied
 * events after P, so the snapshot could hold an event the queue also delivers. So this process first
 * catches up with the log's head, and after the snapshot the log's head is read again: if it is still
 * P, no event after P existed while the snapshot was read, so no process can have applied one (the
 * snapshot is exactly P) nor fanned one out before the queue's start. If the log moved, the queue is
 * dropped and the whole is tried again from the new head. After `attempts` tries on a log that never
 * stands still for one snapshot, the last one is kept and reported as not exact (an event written
 * during it may reach the client twice, as before this check); the caller logs it.
 */
export async function startQueueAtSnapshot<Q, S>(
  deps: QueueStartDeps,
  open: () => Promise<Q>,
  drop: (queue: Q) => Promise<void>,
  snapshot: (queue: Q) => Promise<S>,
  attempts = QUEUE_START_ATTEMPTS,
): Promise<QueueStart<Q, S>> {
  for (let attempt = 1; ; attempt += 1) {
    if (deps.sharedReadModels) await deps.runner.waitFor(await deps.store.headPosition());
    const outcome = await deps.runner.exclusive(async (position) => {
      const queue = await open();
      const parts = await snapshot(queue);
      const exact = !deps.sharedReadModels || (await deps.store.headPosition()) <= position;
      if (exact || attempt >= attempts) return { queue, snapshot: parts, position, exact, attempts: attempt };
      await drop(queue);
      return null;
    });
    if (outcome) return outcome;
  }
}
