import { expect } from 'chai';
import { FlagBit, type MessageState } from '@chat/core';
import type { MessageStore } from '@chat/readstore';
import {
  ADA,
  BOB,
  channelMessage,
  CY,
  DI,
  directMessage,
  entries,
  GENERAL,
  RANDOM,
  receivers,
  seedWorld,
  stored,
  WORLD,
} from './message-store-fixtures.js';
import { history, inChannels, READ } from './message-queries.js';
import { messageIndexContract } from './message-store-indexes.contract.js';
import { messageQueryContract } from './message-store-queries.contract.js';
import { positionGuardContract } from './message-store-replays.contract.js';
import { catchUpContract } from './message-store-catch-up.contract.js';
import { onePositionContract } from './message-store-one-position.contract.js';
import { messageScanContract } from './message-store-scan.contract.js';
import { messageRetentionContract } from './message-store-retention.contract.js';
import { messageRowsContract } from './message-store-rows.contract.js';

export interface MessageStoreContractOptions {
  /** The adapter ignores a write whose position is not newer than what it stored (a persistent store's replays). */
  positionGuarded: boolean;
}

/** What every MessageStore adapter promises; `cleanup` runs once after the suite (a persistent store's leftovers). */
export function messageStoreContract(
  name: string,
  open: () => Promise<MessageStore>,
  cleanup?: () => Promise<void>,
  options: MessageStoreContractOptions = { positionGuarded: false },
): void {
  describe(`MessageStore contract: ${name}`, function () {
    let store: MessageStore;

    beforeEach(async function () {
      store = await open();
      await store.clear();
    });

    afterEach(async function () {
      await store.clear();
    });

    after(async function () {
      await cleanup?.();
    });

    describe('insert and reads by id', function () {
      it('stores a message with its recipient id and the rows of its receivers', async function () {
        const msg = channelMessage(5, GENERAL, 'Alpha');
        await store.insert(msg, receivers([CY, FlagBit.mentioned], [ADA, READ]), 1);
        expect(await store.get(5)).to.deep.equal(stored(msg, 2 * GENERAL));
        expect(await store.holders(5)).to.deep.equal([ADA, CY]);
        expect(entries(await store.flagsOf(ADA, [5]))).to.deep.equal([[5, READ]]);
        expect(entries(await store.flagsOf(CY, [5]))).to.deep.equal([[5, FlagBit.mentioned]]);
        expect(entries(await store.flagsOf(BOB, [5]))).to.deep.equal([]);
      });

      it('stores a message nobody received', async function () {
        const msg = channelMessage(5, GENERAL, 'Alpha');
        await store.insert(msg, receivers(), 1);
        expect(await store.get(5)).to.deep.equal(stored(msg, 2 * GENERAL));
        expect(await store.holders(5)).to.deep.equal([]);
      });

      it('ignores the insert of an id it already holds', async function () {
        const msg = channelMessage(5, GENERAL, 'Alpha');
        await store.insert(msg, receivers([ADA, READ]), 1);
        await store.insert(channelMessage(5, RANDOM, 'Other', { content: 'changed' }), receivers([BOB, 0], [ADA, 0]), 2);
        expect(await store.get(5)).to.deep.equal(stored(msg, 2 * GENERAL));
        expect(await store.holders(5)).to.deep.equal([ADA]);
        expect(entries(await store.flagsOf(ADA, [5]))).to.deep.equal([[5, READ]]);
        expect(await store.topics(RANDOM)).to.deep.equal([]);
      });

      it('answers undefined for a missing id', async function () {
        expect(await store.get(404)).to.equal(undefined);
      });

      it('gets many in the order asked, leaving out missing ids', async function () {
        await seedWorld(store);
        const found = await store.getMany([30, 10, 404, 20]);
        expect(found.map((m) => m.id)).to.deep.equal([30, 10, 20]);
        expect(found[0]).to.deep.equal(stored(WORLD.messages[2][0], 2 * 30 + 1));
        expect(await store.getMany([])).to.deep.equal([]);
      });

      it('gives heads (id, sender, recipient, date sent) in the order asked, leaving out missing and removed ids', async function () {
        await seedWorld(store);
        await store.remove([20], 2000);
        const heads = await store.headsOf([30, 10, 404, 20]);
        const full = await store.getMany([30, 10]);
        expect(heads).to.deep.equal(full.map(({ id, sender_id, recipient, date_sent }) => ({ id, sender_id, recipient, date_sent })));
        expect(await store.headsOf([])).to.deep.equal([]);
      });

      it("gives a user's flags only for the listed messages they hold a row of", async function () {
        await seedWorld(store);
        expect(entries(await store.flagsOf(ADA, [40, 60, 80, 404]))).to.deep.equal([
          [40, READ | FlagBit.starred],
          [80, FlagBit.mentioned],
        ]);
        expect(entries(await store.flagsOf(DI, [10, 20]))).to.deep.equal([]);
      });
    });

    describe('recipient ids', function () {
      it('is twice the channel id for a channel message', async function () {
        await store.insert(channelMessage(5, RANDOM, 'x'), receivers(), 1);
        expect((await store.get(5))?.recipient_id).to.equal(2 * RANDOM);
      });

      it("is twice the conversation's first message id plus one, whatever the order of its users", async function () {
        await store.insert(directMessage(5, [ADA, BOB]), receivers(), 1);
        await store.insert(directMessage(8, [BOB, ADA], { sender: BOB }), receivers(), 2);
        await store.insert(directMessage(9, [ADA, BOB, CY]), receivers(), 3);
        await store.insert(directMessage(12, [ADA]), receivers(), 4);
        expect((await store.getMany([5, 8, 9, 12])).map((m) => m.recipient_id)).to.deep.equal([11, 11, 19, 25]);
        expect(await store.directRecipientId([BOB, ADA])).to.equal(11);
        expect(await store.directRecipientId([CY, BOB, ADA])).to.equal(19);
        expect(await store.directRecipientId([ADA])).to.equal(25);
        expect(await store.directRecipientId([ADA, CY])).to.equal(undefined);
      });

      it('is what insert answers, for a new message and for an id the store already holds', async function () {
        expect(await store.insert(channelMessage(5, RANDOM, 'x'), receivers(), 1)).to.equal(2 * RANDOM);
        expect(await store.insert(directMessage(6, [ADA, BOB]), receivers(), 2)).to.equal(13);
        expect(await store.insert(directMessage(8, [BOB, ADA], { sender: BOB }), receivers(), 3)).to.equal(13);
        expect(await store.insert(directMessage(6, [ADA, CY]), receivers(), 4)).to.equal(13);
      });

      it('stays the same once assigned, even when the first message is gone', async function () {
        await store.insert(directMessage(5, [ADA, BOB]), receivers([ADA, 0], [BOB, 0]), 1);
        await store.remove([5], 2);
        await store.insert(directMessage(8, [BOB, ADA]), receivers([ADA, 0], [BOB, 0]), 3);
        expect((await store.get(8))?.recipient_id).to.equal(11);
        expect(await store.directRecipientId([ADA, BOB])).to.equal(11);
      });
    });

    describe('replace', function () {
      it('changes the message and keeps its rows and recipient id', async function () {
        await store.insert(directMessage(5, [ADA, BOB]), receivers([ADA, READ], [BOB, 0]), 1);
        const edited: MessageState = { ...directMessage(5, [ADA, BOB], { content: 'edited' }), last_edit_timestamp: 1_700_000_001_000 };
        await store.replace(edited, 2);
        expect(await store.get(5)).to.deep.equal(stored(edited, 11));
        expect(await store.holders(5)).to.deep.equal([ADA, BOB]);
        expect(entries(await store.flagsOf(ADA, [5]))).to.deep.equal([[5, READ]]);
      });

      it('ignores a message it does not hold', async function () {
        await store.replace(channelMessage(5, GENERAL, 'x'), 1);
        expect(await store.get(5)).to.equal(undefined);
        expect(await store.topics(GENERAL)).to.deep.equal([]);
      });

      it('moves a message between topics: topic ids, topics and senders follow', async function () {
        await store.insert(channelMessage(1, GENERAL, 'Lunch', { sender: ADA }), receivers([ADA, 0]), 1);
        await store.insert(channelMessage(2, GENERAL, 'Lunch', { sender: BOB }), receivers([ADA, 0]), 2);
        await store.insert(channelMessage(3, GENERAL, 'Plans', { sender: CY }), receivers([ADA, 0]), 3);
        await store.replace(channelMessage(2, GENERAL, 'plans', { sender: BOB }), 4);
        expect(await store.topicIds(GENERAL, 'lunch')).to.deep.equal([1]);
        expect(await store.topicIds(GENERAL, 'PLANS')).to.deep.equal([2, 3]);
        expect(await store.topics(GENERAL)).to.deep.equal([
          { name: 'Plans', max_id: 3 },
          { name: 'Lunch', max_id: 1 },
        ]);
        expect(await store.topicSenders(GENERAL, 'Lunch')).to.deep.equal([ADA]);
        expect(await store.topicSenders(GENERAL, 'plans')).to.deep.equal([BOB, CY]);
        expect(await store.matching(history(ADA, { op: 'topic', topic: 'Plans' }))).to.deep.equal([2, 3]);

        await store.replace(channelMessage(1, GENERAL, 'PLANS', { sender: ADA }), 5);
        expect(await store.topics(GENERAL)).to.deep.equal([{ name: 'Plans', max_id: 3 }]);
        expect(await store.topicIds(GENERAL, 'Lunch')).to.deep.equal([]);
        expect(await store.topicSenders(GENERAL, 'Lunch')).to.deep.equal([]);
      });

      it('moves a message to another channel: recipient id, channel and topic indexes follow', async function () {
        await store.insert(channelMessage(1, GENERAL, 'Lunch'), receivers([ADA, 0], [BOB, READ]), 1);
        await store.insert(channelMessage(2, GENERAL, 'Lunch', { sender: BOB }), receivers([ADA, 0], [BOB, READ]), 2);
        const moved = channelMessage(2, RANDOM, 'Moved', { sender: BOB });
        await store.replace(moved, 3);
        expect(await store.get(2)).to.deep.equal(stored(moved, 2 * RANDOM));
        expect(await store.topics(GENERAL)).to.deep.equal([{ name: 'Lunch', max_id: 1 }]);
        expect(await store.topics(RANDOM)).to.deep.equal([{ name: 'Moved', max_id: 2 }]);
        expect(await store.topicSenders(GENERAL, 'Lunch')).to.deep.equal([ADA]);
        expect(await store.topicSenders(RANDOM, 'moved')).to.deep.equal([BOB]);
        expect(await store.holders(2)).to.deep.equal([ADA, BOB]);
        expect(await store.matching(history(ADA, { op: 'channel', channelId: GENERAL }))).to.deep.equal([1]);
        expect(await store.matching(history(ADA, { op: 'channel', channelId: RANDOM }))).to.deep.equal([2]);
        expect(await store.matching(inChannels(DI, [GENERAL]))).to.deep.equal([1]);
        expect(await store.matching(inChannels(DI, [RANDOM], { op: 'topic', topic: 'MOVED' }))).to.deep.equal([2]);
      });

      it('follows a change of sender in the topic senders', async function () {
        await store.insert(channelMessage(1, GENERAL, 'Lunch', { sender: ADA }), receivers(), 1);
        await store.replace(channelMessage(1, GENERAL, 'Lunch', { sender: BOB }), 2);
        expect(await store.topicSenders(GENERAL, 'lunch')).to.deep.equal([BOB]);
        expect(await store.matching(inChannels(DI, [GENERAL], { op: 'sender', userId: BOB }))).to.deep.equal([1]);
      });
    });

    describe('remove', function () {
      it('drops the messages, their rows and their index entries, skipping unknown ids', async function () {
        await seedWorld(store);
        await store.remove([50, 70, 404], 2000);
        expect(await store.get(50)).to.equal(undefined);
        expect(await store.getMany([40, 50, 70, 80])).to.have.length(2);
        expect(await store.holders(50)).to.deep.equal([]);
        expect(await store.holders(70)).to.deep.equal([]);
        expect(entries(await store.flagsOf(ADA, [50, 70]))).to.deep.equal([]);
        expect(await store.topicIds(GENERAL, 'alpha')).to.deep.equal([10, 60, 100]);
        expect(await store.unread(ADA)).to.deep.equal([30, 80, 100]);
        expect(await store.matching(history(ADA))).to.deep.equal([10, 20, 30, 40, 80, 90, 100]);
        expect(await store.matching(inChannels(DI, [GENERAL]))).to.deep.equal([10, 20, 60, 80, 100]);
        expect(await store.conversations(ADA, 10)).to.deep.equal([{ user_ids: [BOB], max_message_id: 30 }]);
        expect(await store.conversations(CY, 10)).to.deep.equal([]);
      });

      it('changes the newest id of a history', async function () {
        await seedWorld(store);
        await store.remove([100], 2000);
        expect(await store.maxId(ADA)).to.equal(90);
        await store.remove([90], 2001);
        expect(await store.maxId(CY)).to.equal(80);
      });
    });

    messageRowsContract(() => store);
    messageQueryContract(() => store);
    messageIndexContract(() => store);
    messageScanContract(() => store);
    messageRetentionContract(() => store);
    catchUpContract(() => store);
    onePositionContract(() => store);

    if (options.positionGuarded) positionGuardContract(() => store);
  });
}
