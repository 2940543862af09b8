import { expect } from 'chai';
import type { DomainEvent } from '@chat/core';
import { type AppendResult, type EventStore, type EventToAppend, SEALED, type SealGroup, SealingEventStore, type StreamAppendRequest } from '@chat/eventstore';
import { MemoryKeyStore, SubjectKeys } from '@chat/keystore';

const SPECS = new Map<string, readonly SealGroup[]>([['MessageSent.v1', [{ by: ['message:message_id'], paths: ['content'], forgotten: [''] }]]]);

/** The log below the sealing store: records what reaches it, and when (before or after the caller's next microtask). */
class RecordingLog implements EventStore {
  readonly appended: StreamAppendRequest[][] = [];
  append(stream: string, events: readonly EventToAppend[], expected: StreamAppendRequest['expected']): Promise<AppendResult> {
    this.appended.push([{ stream, events, expected }]);
    return Promise.resolve({ position: this.appended.length, revision: 0 });
  }
  appendStreams(appends: readonly StreamAppendRequest[]): Promise<{ position: number }> {
    this.appended.push([...appends]);
    return Promise.resolve({ position: this.appended.length });
  }
  readStream(): AsyncIterable<never> { throw new Error('not read here'); }
  readAll(): AsyncIterable<never> { throw new Error('not read here'); }
  readAt(): Promise<never> { throw new Error('not read here'); }
  streamRevision(): Promise<number | null> { return Promise.resolve(null); }
  headPosition(): Promise<number> { return Promise.resolve(this.appended.length); }
  subscribe(): () => void { return () => undefined; }
  close(): Promise<void> { return Promise.resolve(); }
}

const sent = (messageId: number): EventToAppend => ({
  id: `event-${messageId}`,
  event: { type: 'MessageSent', data: { message_id: messageId, content: `secret ${messageId}` } } as unknown as DomainEvent,
  metadata: { actor_id: 1, occurred_at: 0, request_id: 'r', client: 'test', schema_version: 1, causation_id: null, correlation_id: 'c' },
});
const contentOf = (entry: EventToAppend): unknown => (entry.event.data as Record<string, unknown>).content;
const boxesOf = (entry: EventToAppend): unknown => (entry.event.data as Record<string, unknown>)[SEALED];

describe('SealingEventStore: appending', function () {
  it('hands a send whose epoch is known to the log at once, sealed, with no turn of the microtask queue first', async function () {
    const keys = await SubjectKeys.open(new MemoryKeyStore());
    await keys.ensure(['message-5']);
    const log = new RecordingLog();
    const store = new SealingEventStore(log, SPECS, keys);
    const appending = store.appendStreams([{ stream: 'message-5', events: [sent(5)], expected: 'no_stream' }]);
    expect(log.appended).to.have.length(1); // before any await
    const [entry] = log.appended[0][0].events;
    expect(contentOf(entry)).to.equal(undefined);
    expect(boxesOf(entry)).to.have.length(1);
    expect(await appending).to.deep.equal({ position: 1 });
  });

  it('makes a missing epoch first, then seals every event of the append, those before it included', async function () {
    const store0 = new MemoryKeyStore();
    const keys = await SubjectKeys.open(store0);
    await keys.ensure(['message-5']);
    const log = new RecordingLog();
    const store = new SealingEventStore(log, SPECS, keys);
    const appending = store.append('m', [sent(5), sent(3000), sent(6)], 'no_stream');
    expect(log.appended).to.have.length(0); // message/2 is being stored
    await appending;
    const events = log.appended[0][0].events;
    expect(events.map((entry) => entry.id)).to.deep.equal(['event-5', 'event-3000', 'event-6']);
    for (const entry of events) {
      expect(contentOf(entry)).to.equal(undefined);
      expect(boxesOf(entry)).to.have.length(1);
    }
    expect(keys.ring.knows('message-3000')).to.equal(true);
    expect((await SubjectKeys.open(store0)).ring.knows('message-3000')).to.equal(true); // stored durably before the append
  });

  it('refuses the append, and the log never sees it, when a value cannot be sealed', async function () {
    const keys = await SubjectKeys.open(new MemoryKeyStore());
    await keys.ensure(['message-5']);
    await keys.forget(['message-5'], 1);
    const log = new RecordingLog();
    const store = new SealingEventStore(log, SPECS, keys);
    let refused: unknown = null;
    await store.appendStreams([{ stream: 'm', events: [sent(5)], expected: 'no_stream' }]).catch((error: unknown) => (refused = error));
    expect(String(refused)).to.contain('already forgotten');
    expect(log.appended).to.have.length(0);
  });

  it('stores everything as it is with sealing off', async function () {
    const keys = await SubjectKeys.open(new MemoryKeyStore());
    const log = new RecordingLog();
    const events = [sent(5)];
    await new SealingEventStore(log, SPECS, keys, false).append('m', events, 'no_stream');
    expect(log.appended[0][0].events).to.equal(events);
  });
});
