import { expect } from 'chai';
import { CONTENT_BITS, FlagBit, HISTORY_ONLY_BITS } from '@chat/core';
import type { MessageStore } from '@chat/readstore';
import { ADA, BOB, channelMessage, CY, entries, GENERAL, RANDOM, receivers, rows, stored } from './message-store-fixtures.js';
import { history, READ } from './message-queries.js';

/** Replays: a write at a position not newer than what the store holds changes nothing. */
export function positionGuardContract(current: () => MessageStore): void {
  describe('replayed writes', function () {
    let store: MessageStore;

    beforeEach(async function () {
      store = current();
      await store.insert(channelMessage(1, GENERAL, 'Lunch', { content: 'first' }), receivers([ADA, 0], [BOB, FlagBit.mentioned]), 10);
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

    it('ignores flag changes at an older position, and a change repeated at its own position changes nothing more', async function () {
      await store.setFlags(ADA, [1], READ, true, 20);
      await store.setFlags(ADA, [1], READ, false, 15);
      await store.rewriteFlags(1, CONTENT_BITS, rows([BOB, 0]), 10);
      await store.addRows(ADA, [{ message_id: 1, flags: HISTORY_ONLY_BITS }], 20);
      await store.setFlags(ADA, [1], READ, true, 20);
      expect(entries(await store.flagsOf(ADA, [1]))).to.deep.equal([[1, READ]]);
      expect(entries(await store.flagsOf(BOB, [1]))).to.deep.equal([[1, FlagBit.mentioned]]);
    });

    it('does not bring back a removed message or its rows', async function () {
      await store.remove([1], 30);
      await store.insert(channelMessage(1, GENERAL, 'Lunch', { content: 'first' }), receivers([ADA, 0]), 10);
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
