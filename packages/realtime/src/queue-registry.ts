import { randomUUID } from 'node:crypto';
import type { Clock } from '@chat/core';
import type { ClientEvent, Delivery, FeedEntry } from './client-event.js';
import { EventQueue, type QueueSpec, type Waiter } from './event-queue.js';
import type { FeedAppend, FeedItem } from './feed-store.js';
import type { RealtimeStores } from './realtime-stores.js';
import { type WaitingPoll, WaitingPolls } from './waiting-polls.js';

export interface QueueTimings {
  /** A queue nobody has touched for this long is dropped (10 minutes). */
  idleMs: number;
  /** A waiting poll with nothing to say gets a heartbeat after this long (45–55 s). */
  heartbeatMs: number;
}

/** Extra filtering a queue's narrow needs (message events); everything passes without one. */
export type NarrowFilter = (queue: EventQueue, event: ClientEvent) => boolean;

/**
 * Queues and the feeds they read, over the realtime stores: the records may be shared by several
 * processes, the polls waiting on them are held by this one.
 */
export class QueueRegistry {
  private readonly polls = new WaitingPolls();
  private readonly stopListening: () => void;
  /**
   * The one timer for every held poll's heartbeat, armed for the earliest due. A poll held later is
   * due later (every poll waits as long), so holding one never needs it moved.
   */
  private heartbeats: NodeJS.Timeout | null = null;
  narrowFilter: NarrowFilter = () => true;

  constructor(
    private readonly clock: Clock,
    readonly timings: QueueTimings,
    readonly stores: RealtimeStores,
    /** Failures of work no request waits for: heartbeats, wake-ups announced by other processes. */
    private readonly onError: (error: unknown) => void = () => {},
    /** Live queues one user may hold: a new one past it drops their least recently used (its client re-registers on BAD_EVENT_QUEUE_ID). */
    private readonly maxPerUser = Number.POSITIVE_INFINITY,
  ) {
    this.stopListening = stores.wakeups.listen((userIds) => this.recheck(userIds), () => this.polls.users());
  }

  /** A new queue, starting at its user's feed head. */
  async register(spec: QueueSpec, id: string = randomUUID()): Promise<EventQueue> {
    await this.makeRoomFor(spec.userId);
    const now = this.clock.now();
    // Stored before the head is read, so a trim running meanwhile sees it and keeps what it will read.
    const queue = new EventQueue(id, spec, -1, now);
    await this.stores.queues.create(queue);
    queue.lastAcked = await this.stores.feeds.head(spec.userId);
    await this.stores.queues.touch(id, now, queue.lastAcked);
    return queue;
  }

  /** The caller's queue, or null when it is unknown, someone else's, or idle past the limit. */
  async get(queueId: string, userId: number): Promise<EventQueue | null> {
    const queue = await this.stores.queues.get(queueId);
    if (!queue || queue.userId !== userId) return null;
    if (this.isIdle(queue)) {
      await this.remove(queue);
      return null;
    }
    return queue;
  }

  /** Drops the user's least recently used queues until one more fits under the cap. */
  private async makeRoomFor(userId: number): Promise<void> {
    const mine = await this.stores.queues.queuesOf(userId);
    if (mine.length < this.maxPerUser) return;
    const oldestFirst = [...mine].sort((a, b) => a.lastTouched - b.lastTouched);
    for (const queue of oldestFirst.slice(0, mine.length - this.maxPerUser + 1)) await this.remove(queue);
  }

  async remove(queue: EventQueue): Promise<void> {
    const poll = this.polls.of(queue.id);
    if (poll && this.polls.release(poll)) poll.waiter([]);
    await this.stores.queues.delete(queue.id);
    await this.trim(queue.userId);
  }

  /** Drops every queue of a user (a deactivated account): polls held here are answered, empty, at once. */
  async removeAllOf(userId: number): Promise<void> {
    for (const queue of await this.stores.queues.queuesOf(userId)) await this.remove(queue);
  }

  /**
   * Appends events to the feeds of the users who have queues and wakes the polls they end. `source`
   * is the log position of the domain event they come from (none for ephemeral events).
   */
  async publish(deliveries: readonly Delivery[], source?: number): Promise<void> {
    const addressed = deliveries.length === 1 ? deliveries[0].userIds : deliveries.flatMap((delivery) => delivery.userIds);
    const listening = await this.stores.queues.listeningUsers(addressed);
    if (listening.size === 0) return;
    const appends: FeedAppend[] = [];
    for (const { event, audience, userIds } of deliveries) {
      const users = userIds.filter((userId) => listening.has(userId));
      if (users.length > 0) appends.push({ userIds: users, item: audience ? { event, audience } : { event } });
    }
    const grown = await this.stores.feeds.append(appends, source);
    // Everything one change produces is appended first, so a woken poll carries all of it at once.
    await this.stores.wakeups.announce(grown);
  }

  /** Acknowledges entries up to `lastEventId` and returns what the queue has after them. */
  async take(queue: EventQueue, lastEventId: number): Promise<FeedEntry[]> {
    const now = this.clock.now();
    queue.lastTouched = now;
    const acknowledges = lastEventId > queue.lastAcked;
    if (acknowledges) queue.lastAcked = Math.max(queue.lastAcked, Math.min(lastEventId, await this.stores.feeds.head(queue.userId)));
    await this.stores.queues.touch(queue.id, now, queue.lastAcked);
    if (acknowledges) await this.trim(queue.userId);
    return this.pending(queue);
  }

  /** Holds a poll until an entry arrives or a heartbeat is due. Returns a cancel for a closed connection. */
  wait(queue: EventQueue, waiter: Waiter): () => void {
    const poll: WaitingPoll = { queue, waiter, dueAt: performance.now() + this.timings.heartbeatMs };
    this.polls.hold(poll);
    if (this.heartbeats === null) this.armHeartbeats();
    // An entry appended after take() read the feed may have been announced before the poll was held.
    this.background(this.check(poll));
    return () => {
      this.polls.release(poll);
    };
  }

  /** Drops every queue idle past the limit; returns how many. */
  async collectIdle(): Promise<number> {
    let dropped = 0;
    for (const queue of await this.stores.queues.touchedBefore(this.clock.now() - this.timings.idleMs)) {
      if (!this.isIdle(queue)) continue;
      await this.remove(queue);
      dropped += 1;
    }
    return dropped;
  }

  hasListeners(): Promise<boolean> {
    return this.stores.queues.any();
  }

  /** The queues that take every public channel message (registered with `all_public_streams`), and their users. */
  async allPublicStreamsQueues(): Promise<{ queueId: string; userId: number }[]> {
    return (await this.stores.queues.allPublicStreamsQueues()).map((queue) => ({ queueId: queue.id, userId: queue.userId }));
  }

  /** Users with at least one queue: only they can receive anything. */
  listeningUsers(): Promise<Set<number>> {
    return this.stores.queues.listeningUsers();
  }

  /** How many polls this process holds open. */
  heldPolls(): number {
    return this.polls.size;
  }

  /** Whether this process holds a poll waiting on the queue. */
  isWaiting(queueId: string): boolean {
    return this.polls.of(queueId) !== undefined;
  }

  /** Answers every held poll with no events (a graceful stop): its client polls again, elsewhere or after the restart. */
  answerHeld(): void {
    for (const poll of this.polls.all()) if (this.polls.release(poll)) poll.waiter([]);
    this.disarmHeartbeats();
  }

  /** Stops listening and lets go of waiting polls unanswered (their connections are closing). */
  close(): void {
    this.stopListening();
    for (const poll of this.polls.all()) this.polls.release(poll);
    this.disarmHeartbeats();
  }

  /** Arms the heartbeat timer for the earliest due heartbeat (none when no held poll awaits one). */
  private armHeartbeats(): void {
    const due = this.polls.nextDue();
    if (due !== null) this.heartbeats = setTimeout(() => this.beatDue(), Math.max(0, due - performance.now()));
  }

  private disarmHeartbeats(): void {
    if (this.heartbeats !== null) clearTimeout(this.heartbeats);
    this.heartbeats = null;
  }

  /** Beats every poll due by now (a poll answered meanwhile is no longer there), then arms for the next. */
  private beatDue(): void {
    this.heartbeats = null;
    for (const poll of this.polls.takeDue(performance.now())) this.background(this.beat(poll));
    this.armHeartbeats();
  }

  private async recheck(userIds: readonly number[]): Promise<void> {
    const checks: Promise<void>[] = [];
    for (const userId of userIds) for (const poll of this.polls.ofUser(userId)) checks.push(this.check(poll).catch(this.onError));
    await Promise.all(checks);
  }

  private async check(poll: WaitingPoll): Promise<void> {
    if (this.polls.of(poll.queue.id) !== poll) return;
    const entries = await this.pending(poll.queue);
    if (entries.length > 0) this.answer(poll, entries);
  }

  private async beat(poll: WaitingPoll): Promise<void> {
    const { queue } = poll;
    if (this.polls.of(queue.id) !== poll) return;
    // Another process may have deleted the queue: its poll here ends as a DELETE would end it.
    if (!(await this.stores.queues.get(queue.id))) {
      if (this.polls.release(poll)) poll.waiter([]);
      return;
    }
    const heartbeat: FeedItem = { event: { type: 'heartbeat' }, audience: { onlyQueue: queue.id } };
    await this.stores.feeds.append([{ userIds: [queue.userId], item: heartbeat }]);
    await this.check(poll);
  }

  private answer(poll: WaitingPoll, entries: FeedEntry[]): void {
    if (!this.polls.release(poll)) return;
    const now = this.clock.now();
    poll.queue.lastTouched = now;
    poll.waiter(entries);
    this.background(this.stores.queues.touch(poll.queue.id, now, poll.queue.lastAcked));
  }

  private async pending(queue: EventQueue): Promise<FeedEntry[]> {
    const entries = await this.stores.feeds.read(queue.userId, queue.lastAcked, queue.filter);
    return entries.filter((entry) => this.narrowFilter(queue, entry.event));
  }

  private isIdle(queue: EventQueue): boolean {
    return !this.isWaiting(queue.id) && this.clock.now() - queue.lastTouched > this.timings.idleMs;
  }

  /** Forgets entries every queue of the user has acknowledged; all of them when no queue is left. */
  private async trim(userId: number): Promise<void> {
    const mine = await this.stores.queues.queuesOf(userId);
    const upTo = mine.length > 0 ? Math.min(...mine.map((queue) => queue.lastAcked)) : await this.stores.feeds.head(userId);
    if (upTo >= 0) await this.stores.feeds.trim(userId, upTo);
  }

  private background(work: Promise<void>): void {
    work.catch(this.onError);
  }
}
