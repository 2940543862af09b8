import type { StoredEvent } from '@chat/core';
import type { KeyRingSource } from '@chat/keystore';
import type { EventListener, ReadAllOptions } from '../event-store.js';
import type { EventLogReader } from '../reading/event-log-reader.js';
import { type SealedEntry, sealedEntries } from './sealed-envelope.js';
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

  /** Whether the keys at hand may open these entries (their subjects' epochs are known), so no reload is due. */
  private known(entries: readonly SealedEntry[]): boolean {
    for (const entry of entries) if (!this.keys.knowsAll(entry.s)) return false;
    return true;
  }

  /** Unseals one event, loading the keys again first if it names an epoch made since they were read. */
  async unseal(event: StoredEvent): Promise<StoredEvent> {
    const entries = sealedEntries(event.data);
    if (entries.length === 0) return event;
    if (!this.known(entries)) await this.keys.refresh();
    unsealData(event.data, event.id, this.keys.ring);
    return event;
  }

  async *readAll(options?: ReadAllOptions): AsyncIterable<StoredEvent> {
    await this.keys.refresh();
    for await (const event of this.inner.readAll(options)) {
      // Synchronous unless the keys must be loaded again: a promise per event would cost more than the unsealing.
      const entries = sealedEntries(event.data);
      if (entries.length > 0) {
        if (!this.known(entries)) await this.keys.refresh();
        unsealData(event.data, event.id, this.keys.ring);
      }
      yield event;
    }
  }

  async readAt(positions: readonly number[]): Promise<StoredEvent[]> {
    await this.keys.refresh();
    const events = await this.inner.readAt(positions);
    for (const event of events) await this.unseal(event);
    return events;
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
