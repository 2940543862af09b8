import type { Collection } from 'mongodb';
import { NO_CAPABILITIES } from '../client-event.js';
import { EventQueue } from '../event-queue.js';
import type { QueueStore } from '../queue-store.js';
import type { EventQueueDocument } from './realtime-documents.js';

const documentOf = (queue: EventQueue): EventQueueDocument => ({
  _id: queue.id,
  user_id: queue.userId,
  spec: queue.spec,
  last_acked: queue.lastAcked,
  last_touched: queue.lastTouched,
});

// Capabilities a newer version added are off for queues an older one stored.
const queueOf = (doc: EventQueueDocument): EventQueue =>
  new EventQueue(doc._id, { ...doc.spec, capabilities: { ...NO_CAPABILITIES, ...doc.spec.capabilities } }, doc.last_acked, doc.last_touched);

/** Queues in MongoDB: any API process serves any queue, and queues outlive every process. */
export class MongoQueueStore implements QueueStore {
  constructor(private readonly queues: Collection<EventQueueDocument>) {}

  async create(queue: EventQueue): Promise<void> {
    await this.queues.insertOne(documentOf(queue));
  }

  async get(queueId: string): Promise<EventQueue | null> {
    const doc = await this.queues.findOne({ _id: queueId });
    return doc ? queueOf(doc) : null;
  }

  async touch(queueId: string, at: number, lastAcked: number): Promise<void> {
    // $max: requests answered by different processes may report out of order.
    await this.queues.updateOne({ _id: queueId }, { $max: { last_touched: at, last_acked: lastAcked } });
  }

  async delete(queueId: string): Promise<boolean> {
    return (await this.queues.deleteOne({ _id: queueId })).deletedCount > 0;
  }

  async queuesOf(userId: number): Promise<EventQueue[]> {
    return (await this.queues.find({ user_id: userId }).toArray()).map(queueOf);
  }

  async touchedBefore(before: number): Promise<EventQueue[]> {
    return (await this.queues.find({ last_touched: { $lt: before } }).toArray()).map(queueOf);
  }

  async allPublicStreamsQueues(): Promise<EventQueue[]> {
    return (await this.queues.find({ 'spec.allPublicStreams': true }).toArray()).map(queueOf);
  }

  async listeningUsers(userIds?: readonly number[]): Promise<Set<number>> {
    return new Set(await this.queues.distinct('user_id', userIds ? { user_id: { $in: userIds } } : {}));
  }

  count(): Promise<number> {
    return this.queues.estimatedDocumentCount();
  }

  async any(): Promise<boolean> {
    return (await this.queues.findOne({}, { projection: { _id: 1 } })) !== null;
  }
}
