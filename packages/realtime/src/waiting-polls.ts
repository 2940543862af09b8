import type { EventQueue, Waiter } from './event-queue.js';

/** A GET /events held open in this process until an entry arrives or its heartbeat is due. */
export interface WaitingPoll {
  readonly queue: EventQueue;
  readonly waiter: Waiter;
  /** When its heartbeat is due (`performance.now()` milliseconds). */
  readonly dueAt: number;
}

const NONE: readonly WaitingPoll[] = [];

/**
 * The polls this process holds, by queue and by user; at most one per queue. Heartbeats share one
 * timer (the registry's): every poll waits as long, so the order polls were held in is the order
 * their heartbeats fall due, and a poll costs no timer of its own (at 19,000 held polls re-armed
 * 2,000 times a second, a timer each was an object and a list entry made and dropped per delivery).
 */
export class WaitingPolls {
  private readonly byQueue = new Map<string, WaitingPoll>();
  private readonly byUser = new Map<number, Set<WaitingPoll>>();
  /** Held polls whose heartbeat has not been taken yet, oldest first. */
  private readonly awaitingBeat = new Map<string, WaitingPoll>();

  /** Holds `poll`; a poll already waiting on the queue is dropped unanswered, as its client moved on. */
  hold(poll: WaitingPoll): void {
    const previous = this.byQueue.get(poll.queue.id);
    if (previous) this.release(previous);
    this.byQueue.set(poll.queue.id, poll);
    this.awaitingBeat.set(poll.queue.id, poll);
    let mine = this.byUser.get(poll.queue.userId);
    if (!mine) this.byUser.set(poll.queue.userId, (mine = new Set()));
    mine.add(poll);
  }

  /** Stops holding `poll`; false when it was no longer held (answered, replaced or cancelled). */
  release(poll: WaitingPoll): boolean {
    if (this.byQueue.get(poll.queue.id) !== poll) return false;
    this.byQueue.delete(poll.queue.id);
    this.awaitingBeat.delete(poll.queue.id);
    const mine = this.byUser.get(poll.queue.userId);
    mine?.delete(poll);
    if (mine?.size === 0) this.byUser.delete(poll.queue.userId);
    return true;
  }

  /** When the next heartbeat falls due, or null when no held poll awaits one. */
  nextDue(): number | null {
    for (const poll of this.awaitingBeat.values()) return poll.dueAt;
    return null;
  }

  /** The held polls whose heartbeat is due by `now`, each taken once (they stay held until answered). */
  takeDue(now: number): WaitingPoll[] {
    const due: WaitingPoll[] = [];
    for (const [queueId, poll] of this.awaitingBeat) {
      if (poll.dueAt > now) break;
      this.awaitingBeat.delete(queueId);
      due.push(poll);
    }
    return due;
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
