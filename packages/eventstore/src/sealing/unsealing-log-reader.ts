import type { StoredEvent } from '@chat/core';
import type { KeyRingSource } from '@chat/keystore';
import type { EventListener, ReadAllOptions } from '../event-store.js';
import type { EventLogReader } from '../reading/event-log-reader.js';
import { sealedEntries } from './sealed-envelope.js';
import { unsealData } from './unseal-data.js';

/**
 * A log reader beside the server (the export thread, the history tools) that reads sealed values with
 * the keys of the store at hand: the keys are looked at again before each read, so nothing forgotten
 * before a read is decrypted by it.
 */
export class UnsealingLogReader implements EventLogReader {
  constructor(
    readonly inner: EventLogReader,
    readonly keys: KeyRingSource,
  ) {}

  /** Unseals one event, loading the keys again first if it names an epoch made since they were read. */
  async unseal(event: StoredEvent): Promise<StoredEvent> {
    const subjects = sealedEntries(event.data).flatMap((entry) => entry.s);
    if (subjects.length === 0) return event;
    if (!this.keys.knowsAll(subjects)) await this.keys.refresh();
    unsealData(event.data, event.id, this.keys.ring);
    return event;
  }

  async *readAll(options?: ReadAllOptions): AsyncIterable<StoredEvent> {
    await this.keys.refresh();
    for await (const event of this.inner.readAll(options)) yield this.unseal(event);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  subscribe(fromPosition: number, listener: EventListener): () => void {
    let chain = Promise.resolve();
    return this.inner.subscribe(fromPosition, (events) => {
      chain = chain.then(async () => {
        const unsealed: StoredEvent[] = [];
        for (const event of events) unsealed.push(await this.unseal(event));
        listener(unsealed);
      });
    });
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.keys.close();
  }
}
