import { expect } from 'chai';
import { type ClientEvent, type FeedEntry, type FeedFilter, type FeedStore, NO_CAPABILITIES, type RealtimeStores } from '@chat/realtime';

const ALICE = 7;
const BOB = 8;

const event = (n: number, type = 'custom'): ClientEvent => ({ type, n });

const everything = (queueId = 'q1'): FeedFilter => ({ queueId, capabilities: { ...NO_CAPABILITIES }, eventTypes: null });

const seqs = (entries: readonly FeedEntry[]): number[] => entries.map((entry) => entry.seq);
const events = (entries: readonly FeedEntry[]): ClientEvent[] => entries.map((entry) => entry.event);

/** Appends the events, in order, to the feeds of `userIds`. */
const appendTo = (feeds: FeedStore, userIds: number[], items: ClientEvent[], source?: number): Promise<readonly number[]> =>
  feeds.append(
    items.map((item) => ({ userIds, item: { event: item } })),
    source,
  );

/** What every FeedStore adapter promises; `open` gives empty stores, `cleanup` runs once after the suite. */
export function feedStoreContract(name: string, open: () => Promise<RealtimeStores>, cleanup?: () => Promise<void>): void {
  describe(`FeedStore contract: ${name}`, function () {
    let stores: RealtimeStores;
    let feeds: FeedStore;
    const all = (userId: number) => feeds.read(userId, -1, everything());

    beforeEach(async function () {
      stores = await open();
      feeds = stores.feeds;
    });
    afterEach(() => stores.close());
    after(async () => cleanup?.());

    it('numbers each user’s entries 0, 1, 2… in order; the head follows the newest; each grown feed is named once', async function () {
      expect(await feeds.head(ALICE)).to.equal(-1);
      const grown = await feeds.append([
        { userIds: [ALICE, BOB], item: { event: event(1) } },
        { userIds: [ALICE], item: { event: event(2) } },
      ]);
      expect([...grown].sort()).to.deep.equal([ALICE, BOB]);
      expect(await appendTo(feeds, [ALICE], [event(3)])).to.deep.equal([ALICE]);
      expect(seqs(await all(ALICE))).to.deep.equal([0, 1, 2]);
      expect(events(await all(ALICE))).to.deep.equal([event(1), event(2), event(3)]);
      expect(seqs(await all(BOB))).to.deep.equal([0]);
      expect(await feeds.head(ALICE)).to.equal(2);
      expect(await feeds.head(BOB)).to.equal(0);
    });

    it('reads the entries after a seq, oldest first, with their events as appended', async function () {
      const nested: ClientEvent = { type: 'realm_user', op: 'update', person: { user_id: 3, 'a.b': null, $x: ['é', 1.5, true] } };
      await appendTo(feeds, [ALICE], [event(1), nested, event(3)]);
      expect(events(await all(ALICE))).to.deep.equal([event(1), nested, event(3)]);
      expect(seqs(await feeds.read(ALICE, 0, everything()))).to.deep.equal([1, 2]);
      expect(await feeds.read(ALICE, 2, everything())).to.deep.equal([]);
      expect(await all(BOB)).to.deep.equal([]);
    });

    it('a serialized entry carries exactly the JSON of its event', async function () {
      await appendTo(feeds, [ALICE], [{ type: 'typing', op: 'start', sender: { user_id: 1, email: 'a@b.c' } }]);
      const [entry] = await all(ALICE);
      if (entry.json !== undefined) expect(entry.json).to.equal(JSON.stringify(entry.event));
    });

    it('leaves out what the audience aims at other queues or capabilities, and types the queue did not ask for', async function () {
      await feeds.append(
        [
          { event: event(0) },
          { event: event(1), audience: { onlyQueue: 'q1' } },
          { event: event(2), audience: { onlyQueue: 'q2' } },
          { event: event(3), audience: { exceptQueue: 'q1' } },
          { event: event(4), audience: { capabilities: { user_settings_object: true } } },
          { event: event(5), audience: { capabilities: { user_settings_object: false, empty_topic_name: false } } },
          { event: event(6, 'heartbeat') },
        ].map((item) => ({ userIds: [ALICE], item })),
      );
      const read = async (filter: FeedFilter) => (await feeds.read(ALICE, -1, filter)).map((entry) => entry.event.n);
      expect(await read(everything('q1'))).to.deep.equal([0, 1, 5, 6]);
      expect(await read(everything('q2'))).to.deep.equal([0, 2, 3, 5, 6]);
      const modern = { ...everything('q3'), capabilities: { ...NO_CAPABILITIES, user_settings_object: true } };
      expect(await read(modern)).to.deep.equal([0, 3, 4, 6]);
      expect(await read({ ...everything('q1'), eventTypes: new Set(['heartbeat']) })).to.deep.equal([6]);
    });

    it('trimming forgets entries up to a seq; the head stays and later appends continue after it', async function () {
      await appendTo(feeds, [ALICE], [event(0), event(1), event(2)]);
      await feeds.trim(ALICE, 1);
      expect(seqs(await all(ALICE))).to.deep.equal([2]);
      await feeds.trim(ALICE, 2);
      expect(await all(ALICE)).to.deep.equal([]);
      expect(await feeds.head(ALICE)).to.equal(2);
      await appendTo(feeds, [ALICE], [event(3)]);
      expect(seqs(await all(ALICE))).to.deep.equal([3]);
    });

    it('a user whose feed took a source (or a later one) gets nothing more from it; others still do', async function () {
      await appendTo(feeds, [ALICE], [event(1), event(2)], 40);
      expect(await appendTo(feeds, [ALICE, BOB], [event(1), event(2)], 40)).to.deep.equal([BOB]);
      expect(await appendTo(feeds, [ALICE], [event(0)], 39)).to.deep.equal([]);
      // Ephemeral entries have no source and are always appended.
      await appendTo(feeds, [ALICE], [event(9)]);
      await appendTo(feeds, [ALICE], [event(3)], 41);
      expect(events(await all(ALICE))).to.deep.equal([event(1), event(2), event(9), event(3)]);
      expect(events(await all(BOB))).to.deep.equal([event(1), event(2)]);
    });

    it('a source stays taken after its entries are trimmed away', async function () {
      await appendTo(feeds, [ALICE], [event(1)], 50);
      await feeds.trim(ALICE, 0);
      expect(await appendTo(feeds, [ALICE], [event(1)], 50)).to.deep.equal([]);
      expect(await all(ALICE)).to.deep.equal([]);
    });

    it('concurrent appends to one feed get distinct seqs with no gap', async function () {
      await Promise.all(Array.from({ length: 20 }, (_, n) => appendTo(feeds, [ALICE], [event(n)])));
      const entries = await all(ALICE);
      expect(seqs(entries)).to.deep.equal(Array.from({ length: 20 }, (_, n) => n));
      expect(entries.map((entry) => Number(entry.event.n)).sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 20 }, (_, n) => n));
    });

    it('one source appended concurrently (two runners applying one event) lands once, in order', async function () {
      const apply = () => appendTo(feeds, [ALICE], [event(1), event(2)], 60);
      await Promise.all([apply(), apply(), apply()]);
      expect(events(await all(ALICE))).to.deep.equal([event(1), event(2)]);
    });
  });
}
