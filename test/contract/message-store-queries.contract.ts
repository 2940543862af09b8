import { expect } from 'chai';
import { FlagBit } from '@chat/core';
import type { MessagePredicate, MessageStore, MessageWindow } from '@chat/readstore';
import { ADA, BOB, channelMessage, CY, DI, directMessage, GENERAL, RANDOM, receivers, seedWorld, WORLD } from './message-store-fixtures.js';
import { around, found, history, inChannels, NEWEST, READ } from './message-queries.js';

/** Anchored windows and conditions, over the store the enclosing suite opens for each test. */
export function messageQueryContract(current: () => MessageStore): void {
  let store: MessageStore;

  beforeEach(function () {
    store = current();
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
        await store.insert(msg, receivers([ADA, id % 89 === 0 ? 0 : READ]), id);
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
}
