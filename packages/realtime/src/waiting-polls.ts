import type { EventQueue, Waiter } from './event-queue.js';

/** A GET /events held open in this process until an entry arrives or its heartbeat is due. */
export interface WaitingPoll {
  readonly queue: EventQueue;
  readonly waiter: Waiter;
  readonly heartbeat: NodeJS.Timeout;
}

const NONE: readonly WaitingPoll[] = [];

/** The polls this process holds, by queue and by user; at most one per queue. */
export class WaitingPolls {
  private readonly byQueue = new Map<string, WaitingPoll>();
  private readonly byUser = new Map<number, Set<WaitingPoll>>();

  /** Holds `poll`; a poll already waiting on the queue is dropped unanswered, as its client moved on. */
  hold(poll: WaitingPoll): void {
    const previous = this.byQueue.get(poll.queue.id);
    if (previous) this.release(previous);
    this.byQueue.set(poll.queue.id, poll);
    let mine = this.byUser.get(poll.queue.userId);
    if (!mine) this.byUser.set(poll.queue.userId, (mine = new Set()));
    mine.add(poll);
  }

  /** Stops holding `poll`; false when it was no longer held (answered, replaced or cancelled). */
  release(poll: WaitingPoll): boolean {
    if (this.byQueue.get(poll.queue.id) !== poll) return false;
    clearTimeout(poll.heartbeat);
    this.byQueue.delete(poll.queue.id);
    const mine = this.byUser.get(poll.queue.userId);
    mine?.delete(poll);
    if (mine?.size === 0) this.byUser.delete(poll.queue.userId);
    return true;
  }

  get size(): number {
    return this.byQueue.size;
  }

  of(queueId: string): WaitingPoll | undefined {
    return this.byQueue.get(queueId);
  }

  ofUser(userId: number): readonly WaitingPoll[] {
    const mine = this.byUser.get(userId);
    return mine ? [...mine] : NONE;
  }

  users(): number[] {
    return [...this.byUser.keys()];
  }

  all(): WaitingPoll[] {
    return [...this.byQueue.values()];
  }
}
