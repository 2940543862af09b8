import type { StoredEvent } from '@chat/core';
import type { SubjectKeys } from '@chat/keystore';
import type { AppendResult, EventListener, EventStore, EventToAppend, ExpectedRevision, ReadAllOptions, StreamAppendRequest } from '../event-store.js';
import { commitsInGroups } from '../group-commit.js';
import { type PlannedBox, planSeal, sealPlanned, subjectsOf } from './seal-data.js';
import type { SealSpecs } from './seal-spec.js';
import { unsealData } from './unseal-data.js';

type Data = Record<string, unknown>;

/**
 * The log as the server uses it, with the values that may have to be forgotten sealed (see
 * docs/topics/forgetting.md): appends store them encrypted under their subjects' keys, reads give them
 * back, decrypted when read, or as placeholders once forgotten. Below it the log holds only ciphertext,
 * so its bytes, its hash chain and every seal stay as they were when a key is destroyed. Events just
 * appended reach subscribers as the deciders made them, without a round of decryption.
 *
 * An append is planned when it arrives (what each event seals, and under which subjects' keys, whose
 * epochs are stored first when new) and sealed when it is written: by a log that commits in groups
 * (group-commit.ts), each group's events one after the other as the group is written; by any other
 * log, before it is handed the append.
 */
export class SealingEventStore implements EventStore {
  private readonly plain = new Map<string, Data>();
  /**
   * What each planned event seals when it is written, by the append's own entry (not its id: a retried
   * request's second append of the same ids is planned and sealed apart, whatever became of the first).
   */
  private readonly planned = new WeakMap<EventToAppend, PlannedBox[]>();
  /** Whether the log seals each group as it writes it (through `sealAppends`). */
  private readonly grouped: boolean;

  constructor(
    readonly inner: EventStore,
    private readonly specs: SealSpecs,
    private readonly keys: SubjectKeys,
    /** False only to measure the cost of sealing: new events are stored as they are (as before sealing). */
    private readonly sealing = true,
  ) {
    const grouping = sealing && commitsInGroups(inner) ? inner : null;
    grouping?.prepareAppends((appends) => this.sealAppends(appends));
    this.grouped = grouping !== null;
  }

  append(stream: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.writeSealed([events], (sealed) => this.inner.append(stream, sealed === null ? events : sealed[0], expected));
  }

  appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
    return this.writeSealed(
      appends.map((append) => append.events),
      (sealed) => this.inner.appendStreams(sealed === null ? appends : appends.map((append, index) => ({ ...append, events: sealed[index] }))),
    );
  }

  /**
   * Writes the batches once planned: in the same call when every epoch they need is known (every send
   * but one in 1,024: no promise, no turn of the microtask queue), else once the new epochs are stored.
   * `write` is given the batches sealed, or null when the log seals them as it writes them (or sealing
   * is off). A failure anywhere (sealing included) is the returned promise's, and the batches' plain
   * copies are dropped when the write settles, whichever way.
   */
  private writeSealed<T>(batches: readonly (readonly EventToAppend[])[], write: (sealed: readonly (readonly EventToAppend[])[] | null) => Promise<T>): Promise<T> {
    let written: Promise<T>;
    try {
      const go = (): Promise<T> => write(this.grouped || !this.sealing ? null : batches.map((events) => this.sealNow(events)));
      const planning = this.sealing ? this.plan(batches, 0, 0, null) : null;
      written = planning ? planning.then(go) : go();
    } catch (error) {
      written = Promise.reject(error);
    }
    return written.finally(() => {
      for (const events of batches) this.settle(events);
    });
  }

  /**
   * Plans every event's boxes, from batch `batch`, event `from` on; a promise when an epoch must be
   * stored first (planning goes on from the event that needs it, `ensured` once its epochs are made).
   */
  private plan(batches: readonly (readonly EventToAppend[])[], batch: number, from: number, ensured: EventToAppend | null): Promise<void> | null {
    for (let b = batch; b < batches.length; b++) {
      const events = batches[b];
      for (let index = b === batch ? from : 0; index < events.length; index++) {
        const entry = events[index];
        const boxes = this.boxesOf(entry);
        if (!boxes) continue;
        const subjects = subjectsOf(boxes);
        if (entry !== ensured && !subjects.every((subject) => this.keys.ring.knows(subject))) {
          return this.keys.ensure(subjects).then(() => this.plan(batches, b, index, entry) ?? undefined);
        }
        const forgotten = subjects.find((subject) => this.keys.ring.isForgotten(subject));
        if (forgotten !== undefined) throw new Error(`cannot seal for ${forgotten}: already forgotten`);
        this.keys.prepareNext(subjects);
        this.planned.set(entry, boxes);
        this.plain.set(entry.id, entry.event.data as Data);
      }
    }
    return null;
  }

  /**
   * The events as stored: each planned one sealed (the same array when none is). An event of a sealed
   * type that was not planned here (appended to the log below by someone else) is planned now, so
   * nothing that must be sealed is ever written in clear; its epochs must exist already.
   */
  private sealNow(events: readonly EventToAppend[]): readonly EventToAppend[] {
    let out: EventToAppend[] | null = null;
    for (let index = 0; index < events.length; index++) {
      const entry = events[index];
      const boxes = this.planned.get(entry) ?? this.boxesOf(entry);
      if (!boxes) continue;
      const stored = sealPlanned(entry.event.data as Data, boxes, entry.id, this.keys.ring);
      out ??= [...events];
      out[index] = { ...entry, event: { ...entry.event, data: stored } as EventToAppend['event'] };
    }
    return out ?? events;
  }

  /** What the event's data seals under its type's seal groups; null when nothing. */
  private boxesOf(entry: EventToAppend): PlannedBox[] | null {
    const groups = this.specs.get(`${entry.event.type}.v${entry.metadata.schema_version}`);
    const boxes = groups ? planSeal(entry.event.data as Data, groups) : [];
    return boxes.length > 0 ? boxes : null;
  }

  /** A command's appends sealed as the log writes them (the preparer of a log that commits in groups). */
  private sealAppends(appends: readonly StreamAppendRequest[]): readonly StreamAppendRequest[] {
    let out: StreamAppendRequest[] | null = null;
    for (let index = 0; index < appends.length; index++) {
      const append = appends[index];
      const events = this.sealNow(append.events);
      if (events === append.events) continue;
      out ??= [...appends];
      out[index] = { ...append, events };
    }
    return out ?? appends;
  }

  /** An append that failed never reaches subscribers: its plain copies are dropped (its plans go with its entries). */
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
