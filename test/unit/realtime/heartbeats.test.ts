import { expect } from 'chai';
import { ManualClock } from '@chat/core';
import { type EventQueue, type FeedEntry, MemoryRealtime, NO_CAPABILITIES, QueueRegistry } from '@chat/realtime';

const HEARTBEAT_MS = 80;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Heartbeats of held polls: one timer shared by all, each poll beaten once, at its own time. */
describe('QueueRegistry heartbeats', () => {
  let stores: MemoryRealtime;
  let registry: QueueRegistry;

  beforeEach(() => {
    stores = new MemoryRealtime();
    registry = new QueueRegistry(new ManualClock(Date.UTC(2026, 0, 1)), { idleMs: 60_000, heartbeatMs: HEARTBEAT_MS }, stores);
  });
  afterEach(async () => {
    registry.close();
    await stores.close();
  });

  const register = (userId: number): Promise<EventQueue> =>
    registry.register({ userId, eventTypes: null, capabilities: { ...NO_CAPABILITIES }, narrow: [], applyMarkdown: false, clientGravatar: true, allPublicStreams: false });

  /** Holds a poll on the queue; resolves with what ended it and when (ms after holding). */
  const hold = (queue: EventQueue): { cancel: () => void; answer: Promise<{ entries: FeedEntry[]; afterMs: number }> } => {
    const start = performance.now();
    let cancel = (): void => {};
    const answer = new Promise<{ entries: FeedEntry[]; afterMs: number }>((resolve) => {
      cancel = registry.wait(queue, (entries) => resolve({ entries, afterMs: performance.now() - start }));
    });
    return { cancel, answer };
  };

  it('beats each held poll once, after its own period, in the order they were held', async () => {
    const first = hold(await register(1));
    await sleep(30);
    const second = hold(await register(2));
    const [a, b] = await Promise.all([first.answer, second.answer]);
    for (const { entries, afterMs } of [a, b]) {
      expect(entries.map((entry) => entry.event)).to.deep.equal([{ type: 'heartbeat' }]);
      expect(afterMs).to.be.at.least(HEARTBEAT_MS - 1);
    }
    expect(registry.heldPolls()).to.equal(0);
    await sleep(HEARTBEAT_MS + 20);
    expect([await stores.feeds.head(1), await stores.feeds.head(2)], 'one heartbeat each, never a second').to.deep.equal([0, 0]);
  });

  it('a poll answered or cancelled before its period gets no heartbeat, and later polls still get theirs', async () => {
    const alice = await register(1);
    const cancelled = hold(alice);
    cancelled.cancel();
    const bob = await register(2);
    const answered = hold(bob);
    await registry.publish([{ userIds: [2], event: { type: 'custom', n: 1 } }]);
    expect((await answered.answer).entries.map((entry) => entry.event)).to.deep.equal([{ type: 'custom', n: 1 }]);
    await sleep(HEARTBEAT_MS + 20);
    expect(await stores.feeds.head(1), "no heartbeat in the cancelled poll's feed").to.equal(-1);
    const later = hold(alice);
    expect((await later.answer).entries.map((entry) => entry.event)).to.deep.equal([{ type: 'heartbeat' }]);
  });
});
