import { expect } from 'chai';
import { FlagBit, HISTORY_ONLY_BITS } from '@chat/core';
import type { MessageSnapshot, MessageStore } from '@chat/readstore';
import { ADA, BOB, channelMessage, CY, DI, directMessage, GENERAL, RANDOM, receivers, rows, seedWorld, stored, WORLD } from './message-store-fixtures.js';
import { READ } from './message-queries.js';

async function scanned(store: MessageStore): Promise<MessageSnapshot[]> {
  const all: MessageSnapshot[] = [];
  for await (const snapshot of store.scan()) all.push(snapshot);
  return all;
}

/** The whole model, message by message: what digests and exports of the read models walk. */
export function messageScanContract(current: () => MessageStore): void {
  describe('scan', function () {
    it('lists every message ascending by id with its rows ascending by user, whatever the insertion order', async function () {
      const store = current();
      await store.insert(directMessage(30, [BOB, ADA], { sender: BOB }), receivers([BOB, READ], [ADA, 0]), 1);
      await store.insert(channelMessage(10, GENERAL, 'Alpha'), receivers([CY, FlagBit.mentioned], [ADA, READ]), 2);
      await store.insert(channelMessage(20, RANDOM, 'Beta'), receivers(), 3);
      expect(await scanned(store)).to.deep.equal([
        { message: stored(channelMessage(10, GENERAL, 'Alpha'), 2 * GENERAL), rows: rows([ADA, READ], [CY, FlagBit.mentioned]) },
        { message: stored(channelMessage(20, RANDOM, 'Beta'), 2 * RANDOM), rows: [] },
        { message: stored(directMessage(30, [BOB, ADA], { sender: BOB }), 2 * 30 + 1), rows: rows([ADA, 0], [BOB, READ]) },
      ]);
    });

    it('follows flags, added and removed rows, replaced and removed messages', async function () {
      const store = current();
      await seedWorld(store);
      await store.setFlags(ADA, [10], FlagBit.starred, true, 2000);
      await store.addRows(DI, [{ message_id: 10, flags: HISTORY_ONLY_BITS }], 2001);
      await store.removeRows(10, [BOB], 2002);
      const moved = channelMessage(20, RANDOM, 'Moved', { content: 'Release is out' });
      await store.replace(moved, 2003);
      await store.remove([30, 40, 50, 60, 70, 80, 90, 100], 2004);
      expect(await scanned(store)).to.deep.equal([
        { message: stored(WORLD.messages[0][0], 2 * GENERAL), rows: rows([ADA, READ | FlagBit.starred], [DI, HISTORY_ONLY_BITS]) },
        { message: stored(moved, 2 * RANDOM), rows: rows([ADA, READ], [BOB, 0]) },
      ]);
    });

    it('never changes what it yielded: digests hash a scan after the store has moved on', async function () {
      const store = current();
      await seedWorld(store);
      const taken = await scanned(store);
      const copy = structuredClone(taken);
      await store.setFlags(ADA, [10], FlagBit.starred, true, 2000);
      await store.removeRows(10, [BOB], 2001);
      await store.replace(channelMessage(20, RANDOM, 'Moved', { content: 'Release is out' }), 2002);
      await store.remove([30], 2003);
      expect(taken).to.deep.equal(copy);
    });

    it('lists nothing when empty', async function () {
      expect(await scanned(current())).to.deep.equal([]);
    });
  });
}
