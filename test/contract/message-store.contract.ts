import { expect } from 'chai';
import { CONTENT_BITS, FlagBit, HISTORY_ONLY_BITS, type MessageState } from '@chat/core';
import type { MessagePage, MessagePredicate, MessageQuery, MessageStore, MessageWindow } from '@chat/readstore';
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
  rows,
  seedWorld,
  stored,
  WORLD,
} from './message-store-fixtures.js';

export interface MessageStoreContractOptions {
  /** The adapter ignores a write whose position is not newer than what it stored (a persistent store's replays). */
  positionGuarded: boolean;
}

const NEWEST = Number.MAX_SAFE_INTEGER;
const READ = FlagBit.read;

const history = (userId: number, ...where: MessagePredicate[]): MessageQuery => ({ userId, source: { kind: 'history' }, where });
const inChannels = (userId: number, channelIds: number[], ...where: MessagePredicate[]): MessageQuery => ({
  userId,
  source: { kind: 'channels', channelIds },
  where,
});
/** The page expected: these ids, and which of found_anchor, found_oldest and found_newest are true. */
const found = (ids: number[], ...ends: ('anchor' | 'oldest' | 'newest')[]): MessagePage => ({
  ids,
  found_anchor: ends.includes('anchor'),
  found_oldest: ends.includes('oldest'),
  found_newest: ends.includes('newest'),
});
const around = (anchor: number, num_before: number, num_after: number, include_anchor = true): MessageWindow => ({
  anchor,
  include_anchor,
  num_before,
  num_after,
});

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
        await store.insert(msg, rows([CY, FlagBit.mentioned], [ADA, READ]), 1);
        expect(await store.get(5)).to.deep.equal(stored(msg, 2 * GENERAL));
        expect(await store.holders(5)).to.deep.equal([ADA, CY]);
        expect(entries(await store.flagsOf(ADA, [5]))).to.deep.equal([[5, READ]]);
        expect(entries(await store.flagsOf(CY, [5]))).to.deep.equal([[5, FlagBit.mentioned]]);
        expect(entries(await store.flagsOf(BOB, [5]))).to.deep.equal([]);
      });

      it('stores a message nobody received', async function () {
        const msg = channelMessage(5, GENERAL, 'Alpha');
        await store.insert(msg, [], 1);
        expect(await store.get(5)).to.deep.equal(stored(msg, 2 * GENERAL));
        expect(await store.holders(5)).to.deep.equal([]);
      });

      it('ignores the insert of an id it already holds', async function () {
        const msg = channelMessage(5, GENERAL, 'Alpha');
        await store.insert(msg, rows([ADA, READ]), 1);
        await store.insert(channelMessage(5, RANDOM, 'Other', { content: 'changed' }), rows([BOB, 0], [ADA, 0]), 2);
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
        await store.insert(channelMessage(5, RANDOM, 'x'), [], 1);
        expect((await store.get(5))?.recipient_id).to.equal(2 * RANDOM);
      });

      it("is twice the conversation's first message id plus one, whatever the order of its users", async function () {
        await store.insert(directMessage(5, [ADA, BOB]), [], 1);
        await store.insert(directMessage(8, [BOB, ADA], { sender: BOB }), [], 2);
        await store.insert(directMessage(9, [ADA, BOB, CY]), [], 3);
        await store.insert(directMessage(12, [ADA]), [], 4);
        expect((await store.getMany([5, 8, 9, 12])).map((m) => m.recipient_id)).to.deep.equal([11, 11, 19, 25]);
        expect(await store.directRecipientId([BOB, ADA])).to.equal(11);
        expect(await store.directRecipientId([CY, BOB, ADA])).to.equal(19);
        expect(await store.directRecipientId([ADA])).to.equal(25);
        expect(await store.directRecipientId([ADA, CY])).to.equal(undefined);
      });

      it('stays the same once assigned, even when the first message is gone', async function () {
        await store.insert(directMessage(5, [ADA, BOB]), rows([ADA, 0], [BOB, 0]), 1);
        await store.remove([5], 2);
        await store.insert(directMessage(8, [BOB, ADA]), rows([ADA, 0], [BOB, 0]), 3);
        expect((await store.get(8))?.recipient_id).to.equal(11);
        expect(await store.directRecipientId([ADA, BOB])).to.equal(11);
      });
    });

    describe('replace', function () {
      it('changes the message and keeps its rows and recipient id', async function () {
        await store.insert(directMessage(5, [ADA, BOB]), rows([ADA, READ], [BOB, 0]), 1);
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
        await store.insert(channelMessage(1, GENERAL, 'Lunch', { sender: ADA }), rows([ADA, 0]), 1);
        await store.insert(channelMessage(2, GENERAL, 'Lunch', { sender: BOB }), rows([ADA, 0]), 2);
        await store.insert(channelMessage(3, GENERAL, 'Plans', { sender: CY }), rows([ADA, 0]), 3);
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
        await store.insert(channelMessage(1, GENERAL, 'Lunch'), rows([ADA, 0], [BOB, READ]), 1);
        await store.insert(channelMessage(2, GENERAL, 'Lunch', { sender: BOB }), rows([ADA, 0], [BOB, READ]), 2);
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
        await store.insert(channelMessage(1, GENERAL, 'Lunch', { sender: ADA }), [], 1);
        await store.replace(channelMessage(1, GENERAL, 'Lunch', { sender: BOB }), 2);
        expect(await store.topicSenders(GENERAL, 'lunch')).to.deep.equal([BOB]);
        expect(await store.matching(inChannels(DI, [GENERAL], { op: 'sender', userId: BOB }))).to.deep.equal([1]);
      });
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
        await store.insert(channelMessage(1, GENERAL, 'lunch'), [], 1);
        await store.insert(channelMessage(2, GENERAL, 'LUNCH'), [], 2);
        expect(await store.topics(GENERAL)).to.deep.equal([{ name: 'LUNCH', max_id: 2 }]);
        await store.remove([2], 3);
        expect(await store.topics(GENERAL)).to.deep.equal([{ name: 'lunch', max_id: 1 }]);
        await store.replace(channelMessage(1, GENERAL, 'Lunch'), 4);
        expect(await store.topics(GENERAL)).to.deep.equal([{ name: 'Lunch', max_id: 1 }]);
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

    describe('flags', function () {
      it('sets and clears bits only on existing rows, leaving other bits alone', async function () {
        await store.insert(channelMessage(1, GENERAL, 'x'), rows([ADA, FlagBit.mentioned], [BOB, 0]), 1);
        await store.insert(channelMessage(2, GENERAL, 'x'), rows([BOB, 0]), 2);
        await store.setFlags(ADA, [1, 2, 404], READ | FlagBit.starred, true, 3);
        expect(entries(await store.flagsOf(ADA, [1, 2, 404]))).to.deep.equal([[1, FlagBit.mentioned | READ | FlagBit.starred]]);
        expect(await store.holders(2)).to.deep.equal([BOB]);
        await store.setFlags(ADA, [1], FlagBit.starred, false, 4);
        expect(entries(await store.flagsOf(ADA, [1]))).to.deep.equal([[1, FlagBit.mentioned | READ]]);
        expect(entries(await store.flagsOf(BOB, [1, 2]))).to.deep.equal([
          [1, 0],
          [2, 0],
        ]);
        await store.setFlags(DI, [1], READ, true, 5);
        expect(await store.holders(1)).to.deep.equal([ADA, BOB]);
      });

      it("rewrites only the bits under the mask, only on listed users' existing rows", async function () {
        const m = FlagBit.mentioned;
        await store.insert(channelMessage(1, GENERAL, 'x'), rows([ADA, READ | m], [BOB, FlagBit.starred | m], [CY, FlagBit.has_alert_word]), 1);
        await store.rewriteFlags(1, CONTENT_BITS, rows([ADA, 0], [BOB, READ | FlagBit.stream_wildcard_mentioned], [DI, m]), 2);
        expect(entries(await store.flagsOf(ADA, [1]))).to.deep.equal([[1, READ]]);
        expect(entries(await store.flagsOf(BOB, [1]))).to.deep.equal([[1, FlagBit.starred | FlagBit.stream_wildcard_mentioned]]);
        expect(entries(await store.flagsOf(CY, [1]))).to.deep.equal([[1, FlagBit.has_alert_word]]);
        expect(await store.holders(1)).to.deep.equal([ADA, BOB, CY]);
      });

      it('lists unread ids ascending', async function () {
        await seedWorld(store);
        expect(await store.unread(ADA)).to.deep.equal([30, 50, 80, 100]);
        expect(await store.unread(CY)).to.deep.equal([90]);
        expect(await store.unread(DI)).to.deep.equal([]);
        await store.setFlags(ADA, [30, 80], READ, true, 2000);
        expect(await store.unread(ADA)).to.deep.equal([50, 100]);
      });
    });

    describe('rows', function () {
      it('adds rows for messages that exist, in id order, and lists holders ascending', async function () {
        await seedWorld(store);
        const added = [60, 10].map((message_id) => ({ message_id, flags: HISTORY_ONLY_BITS }));
        await store.addRows(DI, [...added, { message_id: 404, flags: 0 }], 2000);
        expect(await store.holders(60)).to.deep.equal([BOB, DI]);
        expect(await store.holders(10)).to.deep.equal([ADA, BOB, DI]);
        expect(await store.holders(404)).to.deep.equal([]);
        expect(entries(await store.flagsOf(DI, [10, 60, 404]))).to.deep.equal([
          [10, HISTORY_ONLY_BITS],
          [60, HISTORY_ONLY_BITS],
        ]);
        expect(await store.matching(history(DI))).to.deep.equal([10, 60]);
        expect(await store.maxId(DI)).to.equal(60);

        await store.addRows(ADA, [{ message_id: 60, flags: HISTORY_ONLY_BITS }], 2001);
        const generalAlpha = history(ADA, { op: 'channel', channelId: GENERAL }, { op: 'topic', topic: 'alpha' });
        expect(await store.matching(generalAlpha)).to.deep.equal([10, 50, 60, 100]);
      });

      it("removes users' rows of a message", async function () {
        await seedWorld(store);
        await store.removeRows(10, [ADA, CY, DI], 2000);
        expect(await store.holders(10)).to.deep.equal([BOB]);
        expect(entries(await store.flagsOf(ADA, [10]))).to.deep.equal([]);
        expect(await store.matching(history(ADA, { op: 'channel', channelId: GENERAL }))).to.deep.equal([20, 50, 80, 100]);
        expect(await store.get(10)).to.deep.equal(stored(WORLD.messages[0][0], 2 * GENERAL));
      });
    });

    describe('page over a history', function () {
      const page = async (window: MessageWindow, ...where: MessagePredicate[]) => store.page(history(ADA, ...where), window);

      beforeEach(async function () {
        await seedWorld(store);
      });

      it('reads around an anchor in the middle, with or without it', async function () {
        expect(await page(around(50, 2, 2))).to.deep.equal(found([30, 40, 50, 70, 80], 'anchor'));
        expect(await page(around(50, 2, 2, false))).to.deep.equal(found([30, 40, 70, 80]));
      });

      it('reads around an anchor outside the history', async function () {
        expect(await page(around(60, 2, 2))).to.deep.equal(found([40, 50, 70, 80]));
        expect(await page(around(55, 2, 2))).to.deep.equal(found([40, 50, 70, 80]));
      });

      it('finds an end when fewer messages than asked lie beyond the anchor', async function () {
        expect(await page(around(20, 5, 1))).to.deep.equal(found([10, 20, 30], 'anchor', 'oldest'));
        expect(await page(around(100, 1, 5))).to.deep.equal(found([90, 100], 'anchor', 'newest'));
        expect(await page(around(10, 1, 0))).to.deep.equal(found([10], 'anchor', 'oldest'));
      });

      it('does not claim an end when exactly as many messages as asked lie beyond the anchor', async function () {
        expect(await page(around(30, 2, 0))).to.deep.equal(found([10, 20, 30], 'anchor'));
        expect(await page(around(50, 0, 0))).to.deep.equal(found([50], 'anchor'));
      });

      it('reads from the oldest end with anchor 0', async function () {
        expect(await page(around(0, 3, 3))).to.deep.equal(found([10, 20, 30], 'oldest'));
        expect(await page(around(0, 0, 20))).to.deep.equal(found(WORLD.adaHistory, 'oldest', 'newest'));
      });

      it('reads from the newest end with the largest safe integer', async function () {
        expect(await page(around(NEWEST, 3, 3))).to.deep.equal(found([80, 90, 100], 'newest'));
        expect(await page(around(NEWEST, 20, 0))).to.deep.equal(found(WORLD.adaHistory, 'oldest', 'newest'));
      });

      it('counts only matching messages, and finds the anchor only when it matches', async function () {
        const general: MessagePredicate = { op: 'channel', channelId: GENERAL };
        expect(await page(around(50, 1, 1), general)).to.deep.equal(found([20, 50, 80], 'anchor'));
        expect(await page(around(40, 1, 1), general)).to.deep.equal(found([20, 50]));
        const unread: MessagePredicate = { op: 'not', of: { op: 'flags', bits: READ } };
        expect(await page(around(NEWEST, 10, 0), unread)).to.deep.equal(found([30, 50, 80, 100], 'oldest', 'newest'));
      });

      it('answers an empty page for a user without history', async function () {
        expect(await store.page(history(DI), around(NEWEST, 5, 5))).to.deep.equal(found([], 'oldest', 'newest'));
      });
    });

    describe('page over channels', function () {
      beforeEach(async function () {
        await seedWorld(store);
      });

      it("reads every message of the channels, the user's rows or not", async function () {
        expect(await store.page(inChannels(ADA, [GENERAL]), around(60, 1, 1))).to.deep.equal(found([50, 60, 80], 'anchor'));
        expect(await store.page(inChannels(DI, [GENERAL, RANDOM]), around(0, 0, 4))).to.deep.equal(found([10, 20, 40, 50], 'oldest'));
        const everything = [10, 20, 40, 50, 60, 80, 90, 100];
        expect(await store.page(inChannels(DI, [RANDOM, GENERAL]), around(NEWEST, 100, 0))).to.deep.equal(found(everything, 'oldest', 'newest'));
      });

      it('reads missing rows as read and historical', async function () {
        expect(await store.matching(inChannels(ADA, [GENERAL], { op: 'flags', bits: READ }))).to.deep.equal([10, 20, 60]);
        expect(await store.matching(inChannels(ADA, [GENERAL], { op: 'flags', bits: FlagBit.historical }))).to.deep.equal([60]);
        expect(await store.matching(inChannels(DI, [GENERAL, RANDOM], { op: 'not', of: { op: 'flags', bits: READ } }))).to.deep.equal([]);
      });

      it('never reads direct messages or other channels', async function () {
        expect(await store.matching(inChannels(ADA, [RANDOM]))).to.deep.equal(WORLD.random);
        expect(await store.matching(inChannels(ADA, [RANDOM], { op: 'direct' }))).to.deep.equal([]);
        expect(await store.matching(inChannels(ADA, []))).to.deep.equal([]);
        expect(await store.matching(inChannels(ADA, [GENERAL], { op: 'topic', topic: 'ALPHA' }))).to.deep.equal([10, 50, 60, 100]);
        expect(await store.matching(inChannels(ADA, [GENERAL], { op: 'channel', channelId: RANDOM }))).to.deep.equal([]);
      });
    });

    describe('predicates', function () {
      const cases: [string, MessagePredicate[], number[]][] = [
        ['channel', [{ op: 'channel', channelId: GENERAL }], [10, 20, 50, 80, 100]],
        ['channels', [{ op: 'channels', channelIds: [RANDOM, 404] }], [40, 90]],
        ['channel and topic', [{ op: 'channel', channelId: GENERAL }, { op: 'topic', topic: 'aLpHa' }], [10, 50, 100]],
        ['topic in any channel', [{ op: 'topic', topic: 'ALPHA' }], [10, 40, 50, 100]],
        ['direct', [{ op: 'direct' }], [30, 70]],
        ['conversation, in any order', [{ op: 'conversation', userIds: [BOB, ADA] }], [30]],
        ['conversation needs every participant', [{ op: 'conversation', userIds: [ADA] }], []],
        ['dm-including', [{ op: 'dm-including', userId: CY }], [70]],
        ['sender', [{ op: 'sender', userId: ADA }], [20, 90, 100]],
        ['flags: any of the bits', [{ op: 'flags', bits: FlagBit.starred | FlagBit.mentioned }], [40, 80]],
        ['ids', [{ op: 'ids', ids: [70, 60, 404, 20] }], [20, 70]],
        ['search: case-insensitive', [{ op: 'search', words: ['NEW'] }], [50, 80]],
        ['search: every word, in content or topic', [{ op: 'search', words: ['release', 'DRAFT'] }], [90]],
        ['search: a topic word', [{ op: 'search', words: ['release'] }], [20, 90]],
        ['resolved', [{ op: 'resolved' }], [20, 80]],
        ['has link', [{ op: 'has', what: 'link' }], [40, 90]],
        ['has image', [{ op: 'has', what: 'image' }], [70]],
        ['has attachment', [{ op: 'has', what: 'attachment' }], [90]],
        ['has reaction', [{ op: 'has', what: 'reaction' }], [100]],
        ['not', [{ op: 'not', of: { op: 'direct' } }], [10, 20, 40, 50, 80, 90, 100]],
        ['not flags', [{ op: 'not', of: { op: 'flags', bits: READ } }], [30, 50, 80, 100]],
        [
          'all conditions together',
          [{ op: 'channel', channelId: GENERAL }, { op: 'not', of: { op: 'resolved' } }, { op: 'sender', userId: BOB }],
          [10, 50],
        ],
      ];

      for (const [title, where, expected] of cases) {
        it(`${title}: matching and a page agree`, async function () {
          await seedWorld(store);
          expect(await store.matching(history(ADA, ...where))).to.deep.equal(expected);
          const newest = await store.page(history(ADA, ...where), around(NEWEST, 2, 0));
          expect(newest.ids).to.deep.equal(expected.slice(-2));
          expect(newest.found_oldest).to.equal(expected.length < 2);
        });
      }

      it('reads nothing but the history of the query user', async function () {
        await seedWorld(store);
        expect(await store.matching(history(ADA))).to.deep.equal(WORLD.adaHistory);
        expect(await store.matching(history(BOB))).to.deep.equal([10, 20, 30, 50, 60, 100]);
        expect(await store.matching(history(DI))).to.deep.equal([]);
        expect(await store.matching(history(ADA, { op: 'conversation', userIds: [CY, ADA] }))).to.deep.equal([70]);
        expect(await store.matching(history(BOB, { op: 'conversation', userIds: [CY, ADA] }))).to.deep.equal([]);
      });

      it('walks long histories past sparse matches', async function () {
        for (let id = 1; id <= 700; id += 1) {
          const msg = id % 97 === 0 ? directMessage(id, [ADA, BOB]) : channelMessage(id, id % 2 === 0 ? GENERAL : RANDOM, `t${id % 5}`);
          await store.insert(msg, rows([ADA, id % 89 === 0 ? 0 : READ]), id);
        }
        const directs = [97, 194, 291, 388, 485, 582, 679];
        expect(await store.matching(history(ADA, { op: 'direct' }))).to.deep.equal(directs);
        expect(await store.page(history(ADA, { op: 'direct' }), around(400, 3, 4))).to.deep.equal(found([194, 291, 388, 485, 582, 679], 'newest'));
        expect(await store.unread(ADA)).to.deep.equal([89, 178, 267, 356, 445, 534, 623]);
        const unreadGeneral = history(ADA, { op: 'not', of: { op: 'flags', bits: READ } }, { op: 'channel', channelId: GENERAL });
        expect(await store.page(unreadGeneral, around(NEWEST, 2, 0))).to.deep.equal(found([356, 534], 'newest'));
        expect(await store.matching(inChannels(DI, [RANDOM], { op: 'topic', topic: 'T0' }))).to.have.length(69);
      });
    });

    describe('direct conversations', function () {
      it('lists the other participants and the newest message, newest first, up to the limit', async function () {
        await seedWorld(store);
        await store.insert(directMessage(110, [ADA]), rows([ADA, READ]), 2000);
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
        await store.insert(directMessage(120, [CY, BOB, ADA], { sender: CY }), rows([BOB, 0], [CY, READ]), 2000);
        await store.insert(directMessage(130, [ADA, BOB]), rows([BOB, 0]), 2001);
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
        await store.insert(directMessage(200, [BOB, ADA]), rows([ADA, 0]), 1);
        expect((await store.get(200))?.recipient_id).to.equal(401);
        expect(await store.page(history(ADA), around(NEWEST, 5, 0))).to.deep.equal(found([200], 'oldest', 'newest'));
      });
    });

    if (options.positionGuarded) positionGuardContract(() => store);
  });
}

/** Replays: a write at a position not newer than what the store holds changes nothing. */
function positionGuardContract(current: () => MessageStore): void {
  describe('replayed writes', function () {
    let store: MessageStore;

    beforeEach(async function () {
      store = current();
      await store.insert(channelMessage(1, GENERAL, 'Lunch', { content: 'first' }), rows([ADA, 0], [BOB, FlagBit.mentioned]), 10);
    });

    it('ignores a replace at an older or equal position', async function () {
      const edited = channelMessage(1, GENERAL, 'Lunch', { content: 'second' });
      await store.replace(edited, 20);
      await store.replace(channelMessage(1, RANDOM, 'Other', { content: 'replayed' }), 20);
      await store.replace(channelMessage(1, GENERAL, 'Dinner', { content: 'older' }), 15);
      expect(await store.get(1)).to.deep.equal(stored(edited, 2 * GENERAL));
      expect(await store.topics(GENERAL)).to.deep.equal([{ name: 'Lunch', max_id: 1 }]);
      expect(await store.topics(RANDOM)).to.deep.equal([]);
    });

    it('ignores flag changes at an older or equal position', async function () {
      await store.setFlags(ADA, [1], READ, true, 20);
      await store.setFlags(ADA, [1], READ, false, 20);
      await store.setFlags(ADA, [1], READ, false, 15);
      await store.rewriteFlags(1, CONTENT_BITS, rows([BOB, 0]), 10);
      await store.addRows(ADA, [{ message_id: 1, flags: HISTORY_ONLY_BITS }], 20);
      expect(entries(await store.flagsOf(ADA, [1]))).to.deep.equal([[1, READ]]);
      expect(entries(await store.flagsOf(BOB, [1]))).to.deep.equal([[1, FlagBit.mentioned]]);
    });

    it('does not bring back a removed message or its rows', async function () {
      await store.remove([1], 30);
      await store.insert(channelMessage(1, GENERAL, 'Lunch', { content: 'first' }), rows([ADA, 0]), 10);
      await store.replace(channelMessage(1, GENERAL, 'Lunch', { content: 'replayed' }), 20);
      await store.addRows(CY, [{ message_id: 1, flags: HISTORY_ONLY_BITS }], 25);
      expect(await store.get(1)).to.equal(undefined);
      expect(await store.holders(1)).to.deep.equal([]);
      expect(await store.topics(GENERAL)).to.deep.equal([]);
    });

    it('does not bring back a removed row, but a newer write adds it again', async function () {
      await store.addRows(CY, [{ message_id: 1, flags: HISTORY_ONLY_BITS }], 20);
      await store.removeRows(1, [ADA, CY], 30);
      await store.addRows(CY, [{ message_id: 1, flags: HISTORY_ONLY_BITS }], 20);
      expect(await store.holders(1)).to.deep.equal([BOB]);
      await store.addRows(CY, [{ message_id: 1, flags: READ }], 40);
      await store.removeRows(1, [CY], 35);
      expect(await store.holders(1)).to.deep.equal([BOB, CY]);
      expect(entries(await store.flagsOf(CY, [1]))).to.deep.equal([[1, READ]]);
      expect(await store.matching(history(CY, { op: 'topic', topic: 'lunch' }))).to.deep.equal([1]);
    });
  });
}
