import {
  EventStoreDBClient,
  PersistentSubscriptionExistsError,
  PersistentSubscriptionMaximumSubscribersReachedError,
  persistentSubscriptionToStreamSettingsFromDefaults,
  type PersistentSubscriptionToStream,
} from '@eventstore/db-client';
import { WriterLeaseHeld, type WriterLease } from '../writer-lease.js';
import { StreamNamespace } from './esdb-namespace.js';

/** The persistent subscription group that is the lease: nothing is ever written to its stream. */
const LEASE_STREAM = 'writer-lease';
const LEASE_GROUP = 'api';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One writer per log, kept by the server: a persistent subscription group with room for one
 * subscriber (maxSubscriberCount 1). EventStoreDB refuses a second subscriber with
 * MaximumSubscribersReached and frees the place when the holder's call ends, however it ends (a
 * clean stop, a killed process, a connection that stops answering its keep-alive pings). The lease
 * is lost when the subscription drops (the node restarted, the leader changed): the holder is told
 * and must stop writing; it cannot know whether another process took the place meanwhile.
 */
export class EsdbWriterLease implements WriterLease {
  private subscription: PersistentSubscriptionToStream | null = null;
  private readonly names: StreamNamespace;

  constructor(
    private readonly client: EventStoreDBClient,
    streamPrefix = '',
  ) {
    this.names = new StreamNamespace(streamPrefix);
  }

  static connect(url: string, streamPrefix?: string): EsdbWriterLease {
    return new EsdbWriterLease(EventStoreDBClient.connectionString(url), streamPrefix);
  }

  get where(): string {
    return `EventStoreDB persistent subscription ${this.names.outer(LEASE_STREAM)}::${LEASE_GROUP}`;
  }

  async acquire(waitMs: number, onLost: (error: Error) => void, pollMs = 1_000): Promise<void> {
    await this.ensureGroup();
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        this.subscription = await this.subscribe(onLost);
        return;
      } catch (error) {
        if (!(error instanceof PersistentSubscriptionMaximumSubscribersReachedError)) throw error;
        if (Date.now() >= deadline) throw new WriterLeaseHeld(this.where);
        await sleep(pollMs);
      }
    }
  }

  async release(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.unsubscribe();
    await this.client.dispose();
  }

  private async ensureGroup(): Promise<void> {
    try {
      await this.client.createPersistentSubscriptionToStream(this.names.outer(LEASE_STREAM), LEASE_GROUP, persistentSubscriptionToStreamSettingsFromDefaults({ maxSubscriberCount: 1 }));
    } catch (error) {
      if (!(error instanceof PersistentSubscriptionExistsError)) throw error;
    }
  }

  /** Resolves once the server confirms the subscription; rejects with why it refused. */
  private subscribe(onLost: (error: Error) => void): Promise<PersistentSubscriptionToStream> {
    const subscription = this.client.subscribeToPersistentSubscriptionToStream(this.names.outer(LEASE_STREAM), LEASE_GROUP);
    return new Promise((resolve, reject) => {
      const refused = (error: Error) => reject(error);
      subscription.once('error', refused);
      subscription.once('confirmation', () => {
        subscription.off('error', refused);
        const lost = (error?: Error) => {
          if (this.subscription !== subscription) return;
          this.subscription = null;
          onLost(error ?? new Error(`${this.where}: the subscription ended`));
        };
        subscription.on('error', lost);
        subscription.on('close', () => lost());
        resolve(subscription);
      });
    });
  }
}
