import { randomUUID } from 'node:crypto';
import type { Clock } from '@chat/core';
import type { ClientEvent, Delivery, FeedEntry } from './client-event.js';
import { EventQueue, type QueueSpec, type Waiter } from './event-queue.js';
import { UserFeed } from './user-feed.js';

export interface QueueTimings {
  /** A queue nobody has touched for this long is dropped (10 minutes). */
  idleMs: number;
  /** A waiting poll with nothing to say gets a heartbeat after this long (45–55 s). */
  heartbeatMs: number;
}

/** Extra filtering a queue's narrow needs (message events); everything passes without one. */
export type NarrowFilter = (queue: EventQueue, event: ClientEvent) => boolean;

/** Every live queue and the feeds they read, in this process. */
export class QueueRegistry {
  private readonly feeds = new Map<number, UserFeed>();
  private readonly queues = new Map<string, EventQueue>();
  private readonly byUser = new Map<number, Set<EventQueue>>();
  narrowFilter: NarrowFilter = () => true;

  constructor(
    private readonly clock: Clock,
    readonly timings: QueueTimings,
  ) {}

  register(spec: QueueSpec, id: string = randomUUID()): EventQueue {
    const feed = this.feedOf(spec.userId);
    const queue = new EventQueue(id, spec, feed.head, this.clock.now());
    this.add(queue);
    return queue;
  }

  /** The caller's queue, or null when it is unknown, someone else's, or idle past the limit. */
  get(queueId: string, userId: number): EventQueue | null {
    const queue = this.queues.get(queueId);
    if (!queue || queue.userId !== userId) return null;
    if (this.isIdle(queue)) {
      this.remove(queue);
      return null;
    }
    return queue;
  }

  remove(queue: EventQueue): void {
    this.cancelWait(queue, true);
    this.queues.delete(queue.id);
    const mine = this.byUser.get(queue.userId);
    mine?.delete(queue);
    if (mine && mine.size === 0) {
      this.byUser.delete(queue.userId);
      this.feeds.delete(queue.userId);
    } else {
      this.trim(queue.userId);
    }
  }

  /** Appends events to the feeds of the users who have queues, waking the polls they end. */
  publish(deliveries: readonly Delivery[]): void {
    // Everything one change produces is appended first, so a woken poll carries all of it at once.
    const woken = new Set<EventQueue>();
    for (const delivery of deliveries) {
      for (const userId of delivery.userIds) {
        const queues = this.byUser.get(userId);
        if (!queues) continue;
        const entry = this.feedOf(userId).append(delivery.event, delivery.audience);
        for (const queue of queues) {
          if (queue.waiter && this.wants(queue, entry)) woken.add(queue);
        }
      }
    }
    for (const queue of woken) {
      this.wake(queue, this.feedOf(queue.userId).after(queue.lastAcked).filter((entry) => this.wants(queue, entry)));
    }
  }

  /** Acknowledges entries up to `lastEventId` and returns what the queue has after them. */
  take(queue: EventQueue, lastEventId: number): FeedEntry[] {
    queue.lastActivity = this.clock.now();
    if (lastEventId > queue.lastAcked) {
      queue.lastAcked = Math.min(lastEventId, this.feedOf(queue.userId).head);
      this.trim(queue.userId);
    }
    return this.feedOf(queue.userId)
      .after(queue.lastAcked)
      .filter((entry) => this.wants(queue, entry));
  }

  /** Holds a poll until an entry arrives or a heartbeat is due. Returns a cancel for a closed connection. */
  wait(queue: EventQueue, waiter: Waiter): () => void {
    this.cancelWait(queue, false);
    queue.waiter = waiter;
    queue.heartbeat = setTimeout(() => {
      const entry = this.feedOf(queue.userId).append({ type: 'heartbeat' }, { onlyQueue: queue.id });
      this.wake(queue, [entry]);
    }, this.timings.heartbeatMs);
    return () => this.cancelWait(queue, false);
  }

  /** Drops every queue idle past the limit; returns how many. */
  collectIdle(): number {
    let dropped = 0;
    for (const queue of [...this.queues.values()]) {
      if (this.isIdle(queue)) {
        this.remove(queue);
        dropped += 1;
      }
    }
    return dropped;
  }

  get size(): number {
    return this.queues.size;
  }

  hasListeners(): boolean {
    return this.queues.size > 0;
  }

  queuesOf(userId: number): readonly EventQueue[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  allQueues(): readonly EventQueue[] {
    return [...this.queues.values()];
  }

  feedOf(userId: number): UserFeed {
    let feed = this.feeds.get(userId);
    if (!feed) this.feeds.set(userId, (feed = new UserFeed(userId)));
    return feed;
  }

  /** Puts back a queue saved at shutdown. */
  add(queue: EventQueue): void {
    this.queues.set(queue.id, queue);
    let mine = this.byUser.get(queue.userId);
    if (!mine) this.byUser.set(queue.userId, (mine = new Set()));
    mine.add(queue);
  }

  private wants(queue: EventQueue, entry: FeedEntry): boolean {
    return queue.accepts(entry) && this.narrowFilter(queue, entry.event);
  }

  private wake(queue: EventQueue, entries: FeedEntry[]): void {
    const waiter = queue.waiter;
    this.cancelWait(queue, false);
    queue.lastActivity = this.clock.now();
    waiter?.(entries);
  }

  private cancelWait(queue: EventQueue, answer: boolean): void {
    if (queue.heartbeat) clearTimeout(queue.heartbeat);
    queue.heartbeat = null;
    const waiter = queue.waiter;
    queue.waiter = null;
    if (answer) waiter?.([]);
  }

  private isIdle(queue: EventQueue): boolean {
    return queue.waiter === null && this.clock.now() - queue.lastActivity > this.timings.idleMs;
  }

  private trim(userId: number): void {
    const queues = this.byUser.get(userId);
    if (!queues || queues.size === 0) return;
    let oldest = Number.POSITIVE_INFINITY;
    for (const queue of queues) oldest = Math.min(oldest, queue.lastAcked);
    this.feedOf(userId).trim(oldest);
  }
}
