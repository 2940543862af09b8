import { expect } from 'chai';
import { CONTENT_BITS, FlagBit, HISTORY_ONLY_BITS } from '@chat/core';
import type { MessageStore } from '@chat/readstore';
import { ADA, BOB, channelMessage, CY, DI, entries, GENERAL, receivers, rows, seedWorld, stored, WORLD } from './message-store-fixtures.js';
import { history, READ } from './message-queries.js';

/** Users' rows of messages and their flag bits: set, rewritten, added, removed. */
export function messageRowsContract(current: () => MessageStore): void {
  let store: MessageStore;
  beforeEach(function () {
    store = current();
  });

  describe('flags', function () {
    it('sets and clears bits only on existing rows, leaving other bits alone', async function () {
      await store.insert(channelMessage(1, GENERAL, 'x'), receivers([ADA, FlagBit.mentioned], [BOB, 0]), 1);
      await store.insert(channelMessage(2, GENERAL, 'x'), receivers([BOB, 0]), 2);
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
      await store.insert(channelMessage(1, GENERAL, 'x'), receivers([ADA, READ | m], [BOB, FlagBit.starred | m], [CY, FlagBit.has_alert_word]), 1);
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
}
