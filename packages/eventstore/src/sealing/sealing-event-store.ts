import type { StoredEvent } from '@chat/core';
import type { SubjectKeys } from '@chat/keystore';
import type { AppendResult, EventListener, EventStore, EventToAppend, ExpectedRevision, ReadAllOptions, StreamAppendRequest } from '../event-store.js';
import { planSeal, sealPlanned, subjectsOf } from './seal-data.js';
import type { SealSpecs } from './seal-spec.js';
import { unsealData } from './unseal-data.js';

type Data = Record<string, unknown>;

/** A batch sealed at once (not waiting for a new epoch). */
const isReady = (events: readonly EventToAppend[] | Promise<readonly EventToAppend[]>): events is readonly EventToAppend[] => Array.isArray(events);

/**
 * The log as the server uses it, with the values that may have to be forgotten sealed (see
 * docs/topics/forgetting.md): appends store them encrypted under their subjects' keys, reads give them
 * back, decrypted when read, or as placeholders once forgotten. Below it the log holds only ciphertext,
 * so its bytes, its hash chain and every seal stay as they were when a key is destroyed. Events just
 * appended reach subscribers as the deciders made them, without a round of decryption.
 */
export class SealingEventStore implements EventStore {
  private readonly plain = new Map<string, Data>();

  constructor(
    readonly inner: EventStore,
    private readonly specs: SealSpecs,
    private readonly keys: SubjectKeys,
    /** False only to measure the cost of sealing: new events are stored as they are (as before sealing). */
    private readonly sealing = true,
  ) {}

  append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.writeSealed([events], ([sealed]) => this.inner.append(stream, sealed, expected));
  }

  appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
    return this.writeSealed(
      appends.map((append) => append.events),
      (sealed) => this.inner.appendStreams(appends.map((append, index) => ({ ...append, events: sealed[index] }))),
    );
  }

  /**
   * Writes the batches once sealed: in the same call when every epoch they need is known, else once
   * the new epochs are stored. A failure anywhere (sealing included) is the returned promise's, and the
   * batches' plain copies are dropped when the write settles, whichever way.
   */
  private writeSealed<T>(batches: readonly (readonly EventToAppend[])[], write: (sealed: readonly (readonly EventToAppend[])[]) => Promise<T>): Promise<T> {
    let written: Promise<T>;
    try {
      const sealed = batches.map((events) => this.sealed(events, 0, null, -1));
      written = sealed.every(isReady) ? write(sealed) : Promise.all(sealed).then(write);
    } catch (error) {
      written = Promise.reject(error);
    }
    return written.finally(() => {
      for (const events of batches) this.settle(events);
    });
  }

  /**
   * The events as stored, at once when every epoch they need is known (every send but one in 1,024:
   * no promise, no turn of the microtask queue), or once the new epochs are made, from the event that
   * needs them on (the ones before are kept in `out`). `ensured` is the event whose epochs were just made.
   */
  private sealed(events: readonly EventToAppend[], from: number, out: EventToAppend[] | null, ensured: number): readonly EventToAppend[] | Promise<readonly EventToAppend[]> {
    if (!this.sealing) return events;
    for (let index = from; index < events.length; index++) {
      const entry = events[index];
      const groups = this.specs.get(`${entry.event.type}.v${entry.metadata.schema_version}`);
      if (!groups) continue;
      const data = entry.event.data as Data;
      const boxes = planSeal(data, groups);
      if (boxes.length === 0) continue;
      const subjects = subjectsOf(boxes);
      if (index !== ensured && !subjects.every((subject) => this.keys.ring.knows(subject))) {
        const sofar = out;
        return this.keys.ensure(subjects).then(() => this.sealed(events, index, sofar, index));
      }
      this.keys.prepareNext(subjects);
      const stored = sealPlanned(data, boxes, entry.id, this.keys.ring);
      this.plain.set(entry.id, data);
      out ??= [...events];
      out[index] = { ...entry, event: { ...entry.event, data: stored } as EventToAppend['event'] };
    }
    return out ?? events;
  }

  /** An append that failed never reaches subscribers: its plain copies are dropped. */
  private settle(events: readonly EventToAppend[]): void {
    queueMicrotask(() => {
      for (const entry of events) this.plain.delete(entry.id);
    });
  }

  private read(event: StoredEvent): StoredEvent {
    const plain = this.plain.get(event.id);
    if (plain) {
      this.plain.delete(event.id);
      return { ...event, data: plain } as StoredEvent;
    }
    unsealData(event.data, event.id, this.keys.ring);
    return event;
  }

  async *readStream(stream: string): AsyncIterable<StoredEvent> {
    for await (const event of this.inner.readStream(stream)) yield this.read(event);
  }

  async *readAll(options?: ReadAllOptions): AsyncIterable<StoredEvent> {
    for await (const event of this.inner.readAll(options)) yield this.read(event);
  }

  async readAt(positions: readonly number[]): Promise<StoredEvent[]> {
    return (await this.inner.readAt(positions)).map((event) => this.read(event));
  }

  streamRevision(stream: string): Promise<number | null> {
    return this.inner.streamRevision(stream);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  subscribe(fromPosition: number, listener: EventListener): () => void {
    return this.inner.subscribe(fromPosition, (events) => listener(events.map((event) => this.read(event))));
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
