import { expect } from 'chai';
import { CONTENT_BITS, FlagBit, HISTORY_ONLY_BITS } from '@chat/core';
import type { MessageStore } from '@chat/readstore';
import { ADA, BOB, channelMessage, CY, DI, entries, GENERAL, receivers, rows } from './message-store-fixtures.js';
import { READ } from './message-queries.js';

/**
 * One event, several writes at its one position: the projections add a row and then change it in the
 * same event (MessageFlagsChanged on a message read from public history; MessagesMoved adding rows
 * and rewriting their content flags). Each write sees the ones before it; applying the whole event
 * again (a replay, a retry after a failure between its writes) ends in the same state.
 */
export function onePositionContract(current: () => MessageStore): void {
  describe('writes of one event at one position', function () {
    let store: MessageStore;

    beforeEach(async function () {
      store = current();
      await store.insert(channelMessage(1, GENERAL, 'Lunch'), receivers([ADA, 0], [BOB, FlagBit.mentioned]), 10);
    });

    /** A star on a message the user reads from public history: the row and its flag in one event. */
    const starFromHistory = async (position: number) => {
      await store.addRows(CY, [{ message_id: 1, flags: HISTORY_ONLY_BITS }], position);
      await store.setFlags(CY, [1], FlagBit.starred, true, position);
    };

    /** A move adds a row (read) and rewrites every holder's content flags, in one event. */
    const moveMentioning = async (position: number) => {
      await store.addRows(DI, [{ message_id: 1, flags: READ }], position);
      await store.rewriteFlags(1, CONTENT_BITS, rows([ADA, 0], [BOB, 0], [DI, FlagBit.mentioned]), position);
    };

    it('keeps a flag set on a row added at the same position', async function () {
      await starFromHistory(20);
      expect(entries(await store.flagsOf(CY, [1]))).to.deep.equal([[1, HISTORY_ONLY_BITS | FlagBit.starred]]);
    });

    it('gives a row added at the same position its rewritten content flags', async function () {
      await moveMentioning(30);
      expect(entries(await store.flagsOf(DI, [1]))).to.deep.equal([[1, READ | FlagBit.mentioned]]);
      expect(entries(await store.flagsOf(BOB, [1]))).to.deep.equal([[1, 0]]);
    });

    it('ends in the same state when the events are applied again', async function () {
      await starFromHistory(20);
      await moveMentioning(30);
      await starFromHistory(20);
      await moveMentioning(30);
      expect(entries(await store.flagsOf(CY, [1]))).to.deep.equal([[1, HISTORY_ONLY_BITS | FlagBit.starred]]);
      expect(entries(await store.flagsOf(DI, [1]))).to.deep.equal([[1, READ | FlagBit.mentioned]]);
      expect(await store.holders(1)).to.deep.equal([ADA, BOB, CY, DI]);
    });
  });
}
