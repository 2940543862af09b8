import { expect } from 'chai';
import { ManualClock } from '@chat/core';
import { type Delivery, type EventQueue, type FeedEntry, NO_CAPABILITIES, QueueRegistry, type RealtimeStores } from '@chat/realtime';

const ALICE = 7;
const HEARTBEAT_MS = 150;

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms))]);

const delivery = (n: number): Delivery => ({ userIds: [ALICE], event: { type: 'custom', n } });
const numbers = (entries: readonly FeedEntry[]): unknown[] => entries.map((entry) => entry.event.n);

/**
 * Two QueueRegistry instances on two handles of the same stores behave as two API processes: a
 * client's successive polls may land on either. `openPair` gives such handles.
 */
export function sharedQueuesContract(
  name: string,
  openPair: () => Promise<readonly [RealtimeStores, RealtimeStores]>,
  cleanup?: () => Promise<void>,
): void {
  describe(`Queues shared by two processes: ${name}`, function () {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    let stores: readonly [RealtimeStores, RealtimeStores];
    let one: QueueRegistry;
    let two: QueueRegistry;

    beforeEach(async function () {
      stores = await openPair();
      const timings = { idleMs: 60_000, heartbeatMs: HEARTBEAT_MS };
      one = new QueueRegistry(clock, timings, stores[0]);
      two = new QueueRegistry(clock, timings, stores[1]);
    });
    afterEach(async function () {
      one.close();
      two.close();
      await stores[0].close();
      if (stores[1] !== stores[0]) await stores[1].close();
    });
    after(async () => cleanup?.());

    const register = () =>
      one.register({
        userId: ALICE,
        eventTypes: null,
        capabilities: { ...NO_CAPABILITIES },
        narrow: [],
        applyMarkdown: false,
        clientGravatar: true,
        allPublicStreams: false,
      });
    const there = async (queue: EventQueue): Promise<EventQueue> => {
      const found = await two.get(queue.id, ALICE);
      expect(found, 'the queue, seen from the other process').to.not.equal(null);
      return found!;
    };
    /** A poll held by the second process; its answer is awaited later. */
    const waitThere = async (queue: EventQueue): Promise<{ answer: Promise<FeedEntry[]> }> => {
      const mine = await there(queue);
      expect(await two.take(mine, mine.lastAcked)).to.deep.equal([]);
      return { answer: new Promise<FeedEntry[]>((resolve) => two.wait(mine, resolve)) };
    };

    it('a queue registered through one process is read and acknowledged through the other', async function () {
      const queue = await register();
      await one.publish([delivery(1), delivery(2)], 10);
      const mine = await there(queue);
      const entries = await two.take(mine, mine.lastAcked);
      expect(numbers(entries)).to.deep.equal([1, 2]);
      expect(await two.take(mine, entries[1].seq)).to.deep.equal([]);
      const back = await one.get(queue.id, ALICE);
      expect(back?.lastAcked).to.equal(entries[1].seq);
      expect(await one.take(back!, back!.lastAcked)).to.deep.equal([]);
    });

    it('a poll waiting in one process is answered by an event published in the other', async function () {
      const queue = await register();
      const { answer } = await waitThere(queue);
      await one.publish([delivery(3)], 11);
      expect(numbers(await within(answer, 5_000, 'the waiting poll answered'))).to.deep.equal([3]);
    });

    it('a domain event both processes apply reaches the feed once', async function () {
      const queue = await register();
      await one.publish([delivery(4)], 12);
      await two.publish([delivery(4)], 12);
      await one.publish([delivery(4)], 12);
      const mine = await there(queue);
      expect(numbers(await two.take(mine, mine.lastAcked))).to.deep.equal([4]);
    });

    it('a poll waiting on a queue the other process deleted ends at its heartbeat with nothing', async function () {
      const queue = await register();
      const { answer } = await waitThere(queue);
      await one.remove(queue);
      expect(await within(answer, 5_000, 'the waiting poll answered')).to.deep.equal([]);
      expect(await two.get(queue.id, ALICE)).to.equal(null);
    });

    it('with nothing to say, the waiting poll gets its own heartbeat', async function () {
      const queue = await register();
      const other = await register();
      const { answer } = await waitThere(queue);
      const [heartbeat] = await within(answer, 5_000, 'a heartbeat');
      expect(heartbeat.event).to.deep.equal({ type: 'heartbeat' });
      const otherThere = await there(other);
      expect(await two.take(otherThere, otherThere.lastAcked)).to.deep.equal([]);
    });
  });
}
