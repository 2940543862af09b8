import type { EventQueue } from './event-queue.js';

/** The queues of every client, wherever their polls land: records, not waiting requests. */
export interface QueueStore {
  create(queue: EventQueue): Promise<void>;
  get(queueId: string): Promise<EventQueue | null>;
  /** Records a request on the queue: its time, and what it has acknowledged. Neither ever goes back. */
  touch(queueId: string, at: number, lastAcked: number): Promise<void>;
  /** False when the queue was already gone. */
  delete(queueId: string): Promise<boolean>;
  queuesOf(userId: number): Promise<EventQueue[]>;
  /** Queues last touched before `before` (clock time), for the idle sweep. */
  touchedBefore(before: number): Promise<EventQueue[]>;
  /** Queues registered with `all_public_streams`: they also take the messages of public channels their user did not receive. */
  allPublicStreamsQueues(): Promise<EventQueue[]>;
  /** Which of `userIds` (repeats allowed; every user when omitted) have at least one queue. */
  listeningUsers(userIds?: readonly number[]): Promise<Set<number>>;
  /** How many queues exist (for metrics; may be an estimate in a shared store). */
  count(): Promise<number>;
  /** Whether any queue exists; while none does, fan-out has nobody to deliver to. */
  any(): Promise<boolean>;
}
