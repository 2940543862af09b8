import { expect } from 'chai';
import type { MessageStore } from '@chat/readstore';
import { ADA, BOB, channelMessage, CY, DI, directMessage, GENERAL, RANDOM, receivers, seedWorld } from './message-store-fixtures.js';
import { around, found, history, inChannels, NEWEST, READ } from './message-queries.js';

/** Topics, direct conversations and the newest id, over the store the enclosing suite opens for each test. */
export function messageIndexContract(current: () => MessageStore): void {
  let store: MessageStore;

  beforeEach(function () {
    store = current();
  });

  describe('topics', function () {
    it('compares case-insensitively and reports the most recent spelling, most recently active first', async function () {
      await seedWorld(store);
      expect(await store.topics(GENERAL)).to.deep.equal([
        { name: 'alpha', max_id: 100 },
        { name: '✔ Shipped', max_id: 80 },
      ]);
      expect(await store.topics(RANDOM)).to.deep.equal([
        { name: 'Release notes', max_id: 90 },
        { name: 'alpha', max_id: 40 },
      ]);
      expect(await store.topicIds(GENERAL, 'Alpha')).to.deep.equal([10, 50, 60, 100]);
      expect(await store.topicSenders(GENERAL, 'ALPHA')).to.deep.equal([ADA, BOB]);
      expect(await store.topicSenders(GENERAL, '✔ shipped')).to.deep.equal([ADA, CY]);
      expect(await store.topics(404)).to.deep.equal([]);
      expect(await store.topicIds(GENERAL, 'nothing')).to.deep.equal([]);
      expect(await store.topicSenders(GENERAL, 'nothing')).to.deep.equal([]);
    });

    it('takes the spelling of the newest message left when the newest goes', async function () {
      await store.insert(channelMessage(1, GENERAL, 'lunch'), receivers(), 1);
      await store.insert(channelMessage(2, GENERAL, 'LUNCH'), receivers(), 2);
      expect(await store.topics(GENERAL)).to.deep.equal([{ name: 'LUNCH', max_id: 2 }]);
      await store.remove([2], 3);
      expect(await store.topics(GENERAL)).to.deep.equal([{ name: 'lunch', max_id: 1 }]);
      await store.replace(channelMessage(1, GENERAL, 'Lunch'), 4);
      expect(await store.topics(GENERAL)).to.deep.equal([{ name: 'Lunch', max_id: 1 }]);
    });
  });

  describe('direct conversations', function () {
    it('lists the other participants and the newest message, newest first, up to the limit', async function () {
      await seedWorld(store);
      await store.insert(directMessage(110, [ADA]), receivers([ADA, READ]), 2000);
      expect(await store.conversations(ADA, 10)).to.deep.equal([
        { user_ids: [], max_message_id: 110 },
        { user_ids: [CY], max_message_id: 70 },
        { user_ids: [BOB], max_message_id: 30 },
      ]);
      expect(await store.conversations(ADA, 2)).to.deep.equal([
        { user_ids: [], max_message_id: 110 },
        { user_ids: [CY], max_message_id: 70 },
      ]);
      expect(await store.conversations(BOB, 10)).to.deep.equal([{ user_ids: [ADA], max_message_id: 30 }]);
      expect(await store.conversations(DI, 10)).to.deep.equal([]);
    });

    it("counts only messages still in the user's history", async function () {
      await seedWorld(store);
      await store.insert(directMessage(120, [CY, BOB, ADA], { sender: CY }), receivers([BOB, 0], [CY, READ]), 2000);
      await store.insert(directMessage(130, [ADA, BOB]), receivers([BOB, 0]), 2001);
      expect(await store.conversations(ADA, 10)).to.deep.equal([
        { user_ids: [CY], max_message_id: 70 },
        { user_ids: [BOB], max_message_id: 30 },
      ]);
      expect(await store.conversations(BOB, 10)).to.deep.equal([
        { user_ids: [ADA], max_message_id: 130 },
        { user_ids: [ADA, CY], max_message_id: 120 },
      ]);
      await store.removeRows(30, [ADA], 2002);
      expect(await store.conversations(ADA, 10)).to.deep.equal([{ user_ids: [CY], max_message_id: 70 }]);
    });
  });

  describe('newest id and clear', function () {
    it("gives the newest id of the user's history, or -1", async function () {
      await seedWorld(store);
      expect(await store.maxId(ADA)).to.equal(100);
      expect(await store.maxId(BOB)).to.equal(100);
      expect(await store.maxId(CY)).to.equal(90);
      expect(await store.maxId(DI)).to.equal(-1);
    });

    it('forgets everything, and starts again from scratch', async function () {
      await seedWorld(store);
      await store.clear();
      expect(await store.get(10)).to.equal(undefined);
      expect(await store.holders(10)).to.deep.equal([]);
      expect(await store.maxId(ADA)).to.equal(-1);
      expect(await store.unread(ADA)).to.deep.equal([]);
      expect(await store.topics(GENERAL)).to.deep.equal([]);
      expect(await store.conversations(ADA, 10)).to.deep.equal([]);
      expect(await store.directRecipientId([ADA, BOB])).to.equal(undefined);
      expect(await store.matching(inChannels(ADA, [GENERAL]))).to.deep.equal([]);
      await store.insert(directMessage(200, [BOB, ADA]), receivers([ADA, 0]), 1);
      expect((await store.get(200))?.recipient_id).to.equal(401);
      expect(await store.page(history(ADA), around(NEWEST, 5, 0))).to.deep.equal(found([200], 'oldest', 'newest'));
    });
  });
}
