import { expect } from 'chai';
import type { MessageStore } from '@chat/readstore';
import { ADA, BOB, channelMessage, CY, directMessage, GENERAL, receivers, seedWorld, WORLD } from './message-store-fixtures.js';
import { around, found, history, inChannels, NEWEST, READ } from './message-queries.js';

/** What a store answers about Ada and GENERAL: the reads an index a store defers would serve. */
async function adaView(store: MessageStore): Promise<unknown> {
  return {
    history: await store.page(history(ADA), around(NEWEST, 100, 0)),
    general: await store.page(inChannels(ADA, [GENERAL]), around(NEWEST, 100, 0)),
    unread: await store.unread(ADA),
    maxId: await store.maxId(ADA),
    topics: await store.topics(GENERAL),
    senders: await store.topicSenders(GENERAL, 'alpha'),
    conversations: await store.conversations(ADA, 10),
  };
}

/**
 * `caughtUp` (a replay or a start-up has applied the log) only moves work: every answer is the same
 * before and after it, and writes after it are seen as before.
 */
export function catchUpContract(current: () => MessageStore): void {
  let store: MessageStore;

  beforeEach(function () {
    store = current();
  });

  describe('catching up', function () {
    it('answers the same after caughtUp as before it', async function () {
      await seedWorld(store);
      const before = await adaView(store);
      await store.caughtUp();
      expect(await adaView(store)).to.deep.equal(before);
      expect((before as { history: { ids: number[] } }).history.ids).to.deep.equal(WORLD.adaHistory);
    });

    it('keeps every answer up to date with writes made after it', async function () {
      await seedWorld(store);
      await store.caughtUp();
      await store.insert(channelMessage(110, GENERAL, 'Alpha', { sender: CY }), receivers([ADA, 0], [CY, READ]), 1000);
      await store.insert(directMessage(120, [ADA, BOB], { sender: BOB }), receivers([ADA, 0], [BOB, READ]), 1001);
      await store.setFlags(ADA, [110], READ, true, 1002);
      await store.addRows(ADA, [{ message_id: 60, flags: READ }], 1003);
      await store.remove([100], 1004);
      expect(await store.page(history(ADA), around(NEWEST, 3, 0))).to.deep.equal(found([90, 110, 120], 'newest'));
      expect((await store.page(history(ADA), around(60, 1, 1))).ids).to.deep.equal([50, 60, 70]);
      expect(await store.page(inChannels(ADA, [GENERAL]), around(NEWEST, 2, 0))).to.deep.equal(found([80, 110], 'newest'));
      expect(await store.unread(ADA)).to.deep.equal([30, 50, 80, 120]);
      expect(await store.maxId(ADA)).to.equal(120);
      expect(await store.topics(GENERAL)).to.deep.equal([
        { name: 'Alpha', max_id: 110 },
        { name: '✔ Shipped', max_id: 80 },
      ]);
      // Ada's only message in the topic (100) is gone.
      expect(await store.topicSenders(GENERAL, 'alpha')).to.deep.equal([BOB, CY]);
      expect((await store.conversations(ADA, 1))[0]).to.deep.equal({ user_ids: [BOB], max_message_id: 120 });
    });
  });
}
