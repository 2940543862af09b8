import type { EventQueue } from '../event-queue.js';
import type { QueueStore } from '../queue-store.js';

/** Queues in this process: the embedded default. It hands out the stored objects themselves. */
export class MemoryQueueStore implements QueueStore {
  private readonly queues = new Map<string, EventQueue>();
  private readonly byUser = new Map<number, Set<EventQueue>>();
  private readonly allPublicStreams = new Set<EventQueue>();

  async create(queue: EventQueue): Promise<void> {
    this.add(queue);
  }

  async get(queueId: string): Promise<EventQueue | null> {
    return this.queues.get(queueId) ?? null;
  }

  async touch(queueId: string, at: number, lastAcked: number): Promise<void> {
    const queue = this.queues.get(queueId);
    if (!queue) return;
    queue.lastTouched = Math.max(queue.lastTouched, at);
    queue.lastAcked = Math.max(queue.lastAcked, lastAcked);
  }

  async delete(queueId: string): Promise<boolean> {
    const queue = this.queues.get(queueId);
    if (!queue) return false;
    this.queues.delete(queueId);
    this.allPublicStreams.delete(queue);
    const mine = this.byUser.get(queue.userId);
    mine?.delete(queue);
    if (mine?.size === 0) this.byUser.delete(queue.userId);
    return true;
  }

  async queuesOf(userId: number): Promise<EventQueue[]> {
    return [...(this.byUser.get(userId) ?? [])];
  }

  async touchedBefore(before: number): Promise<EventQueue[]> {
    return this.all().filter((queue) => queue.lastTouched < before);
  }

  async allPublicStreamsQueues(): Promise<EventQueue[]> {
    return [...this.allPublicStreams];
  }

  async listeningUsers(userIds?: readonly number[]): Promise<Set<number>> {
    if (!userIds) return new Set(this.byUser.keys());
    return new Set(userIds.filter((userId) => this.byUser.has(userId)));
  }

  async count(): Promise<number> {
    return this.queues.size;
  }

  async any(): Promise<boolean> {
    return this.queues.size > 0;
  }

  /** Every queue, for the file a graceful stop writes. */
  all(): EventQueue[] {
    return [...this.queues.values()];
  }

  /** Puts back a queue saved at shutdown. */
  add(queue: EventQueue): void {
    this.queues.set(queue.id, queue);
    if (queue.spec.allPublicStreams) this.allPublicStreams.add(queue);
    let mine = this.byUser.get(queue.userId);
    if (!mine) this.byUser.set(queue.userId, (mine = new Set()));
    mine.add(queue);
  }
}
