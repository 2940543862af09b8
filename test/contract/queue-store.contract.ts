import { expect } from 'chai';
import { EventQueue, NO_CAPABILITIES, type QueueSpec, type QueueStore, type RealtimeStores } from '@chat/realtime';

const spec = (userId: number, extra: Partial<QueueSpec> = {}): QueueSpec => ({
  userId,
  eventTypes: null,
  capabilities: { ...NO_CAPABILITIES },
  narrow: [],
  applyMarkdown: false,
  clientGravatar: true,
  allPublicStreams: false,
  ...extra,
});

const ids = (queues: readonly EventQueue[]): string[] => queues.map((queue) => queue.id).sort();

/** What every QueueStore adapter promises; `open` gives empty stores, `cleanup` runs once after the suite. */
export function queueStoreContract(name: string, open: () => Promise<RealtimeStores>, cleanup?: () => Promise<void>): void {
  describe(`QueueStore contract: ${name}`, function () {
    let stores: RealtimeStores;
    let queues: QueueStore;

    beforeEach(async function () {
      stores = await open();
      queues = stores.queues;
    });
    afterEach(() => stores.close());
    after(async () => cleanup?.());

    it('gives back a created queue with its spec, acknowledgement and touch time; null for an unknown id', async function () {
      const full = spec(7, {
        eventTypes: ['realm_user', 'typing'],
        capabilities: { ...NO_CAPABILITIES, user_settings_object: true, empty_topic_name: true },
        narrow: [['channel', 'design']],
        applyMarkdown: true,
        clientGravatar: false,
        allPublicStreams: true,
      });
      await queues.create(new EventQueue('q1', full, 4, 1_000));
      const got = await queues.get('q1');
      expect(got).to.be.an.instanceOf(EventQueue);
      expect({ id: got!.id, spec: got!.spec, lastAcked: got!.lastAcked, lastTouched: got!.lastTouched }).to.deep.equal({
        id: 'q1',
        spec: full,
        lastAcked: 4,
        lastTouched: 1_000,
      });
      expect(got!.filter.eventTypes).to.deep.equal(new Set(['realm_user', 'typing', 'heartbeat']));
      expect(await queues.get('q2')).to.equal(null);
    });

    it('a touch moves the touch time and the acknowledgement forward, never back', async function () {
      await queues.create(new EventQueue('q1', spec(7), 4, 1_000));
      await queues.touch('q1', 2_000, 9);
      expect(await queues.get('q1')).to.include({ lastAcked: 9, lastTouched: 2_000 });
      await queues.touch('q1', 1_500, 6);
      expect(await queues.get('q1')).to.include({ lastAcked: 9, lastTouched: 2_000 });
      await queues.touch('unknown', 3_000, 1);
      expect(await queues.get('unknown')).to.equal(null);
    });

    it('deletes a queue once', async function () {
      await queues.create(new EventQueue('q1', spec(7), -1, 1_000));
      expect(await queues.delete('q1')).to.equal(true);
      expect(await queues.delete('q1')).to.equal(false);
      expect(await queues.get('q1')).to.equal(null);
    });

    it('lists a user’s queues, and the queues last touched before a time', async function () {
      await queues.create(new EventQueue('a1', spec(7), -1, 1_000));
      await queues.create(new EventQueue('a2', spec(7), -1, 5_000));
      await queues.create(new EventQueue('b1', spec(8), -1, 2_000));
      expect(ids(await queues.queuesOf(7))).to.deep.equal(['a1', 'a2']);
      expect(await queues.queuesOf(9)).to.deep.equal([]);
      expect(ids(await queues.touchedBefore(2_000))).to.deep.equal(['a1']);
      expect(ids(await queues.touchedBefore(2_001))).to.deep.equal(['a1', 'b1']);
    });

    it('says which users have queues, and whether any queue exists', async function () {
      expect(await queues.any()).to.equal(false);
      expect(await queues.listeningUsers()).to.deep.equal(new Set());
      await queues.create(new EventQueue('a1', spec(7), -1, 1_000));
      await queues.create(new EventQueue('a2', spec(7), -1, 1_000));
      await queues.create(new EventQueue('b1', spec(8), -1, 1_000));
      expect(await queues.any()).to.equal(true);
      expect(await queues.listeningUsers()).to.deep.equal(new Set([7, 8]));
      expect(await queues.listeningUsers([8, 9])).to.deep.equal(new Set([8]));
      for (const id of ['a1', 'a2', 'b1']) await queues.delete(id);
      expect(await queues.any()).to.equal(false);
    });

    it('lists the queues registered for all public channels, until they are deleted', async function () {
      expect(await queues.allPublicStreamsQueues()).to.deep.equal([]);
      await queues.create(new EventQueue('a1', spec(7, { allPublicStreams: true }), -1, 1_000));
      await queues.create(new EventQueue('a2', spec(7), -1, 1_000));
      await queues.create(new EventQueue('b1', spec(8, { allPublicStreams: true }), -1, 1_000));
      expect(ids(await queues.allPublicStreamsQueues())).to.deep.equal(['a1', 'b1']);
      await queues.delete('a1');
      expect(ids(await queues.allPublicStreamsQueues())).to.deep.equal(['b1']);
    });
  });
}
