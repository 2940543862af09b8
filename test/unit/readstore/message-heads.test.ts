import { expect } from 'chai';
import { FlagBit, type MessageState, NEW_SUBSCRIPTION_DEFAULTS, subscriptionKey } from '@chat/core';
import { MemoryReadStore, type MessageStore } from '@chat/readstore';
import { unreadEntries } from '../../../projections/src/messages/unread-entries.js';
import { openReadModels } from '../../../projections/src/read-models.js';
import { countingBodySource } from '../../support/counting-body-source.js';
import { aMessageState } from '../../support/message-state-factory.js';

const ADA = 10;
const GENERAL = 1;

const sent = (id: number, topic: string): MessageState =>
  aMessageState({ id, sender_id: ADA, recipient: { type: 'channel', channel_id: GENERAL, topic }, content: `message ${id}`, rendered_content: `<p>message ${id}</p>` });

/** A memory message store whose bodies live in a "log" that counts every body it is asked for. */
async function storeReadingBodiesFromALog(): Promise<{ readStore: MemoryReadStore; store: MessageStore; reads: number[] }> {
  const bodies = new Map<number, MessageState>();
  const { source, reads } = countingBodySource(bodies);
  const readStore = new MemoryReadStore({ bodies: source });
  const store = readStore.messages;
  for (const [id, topic] of [[1, 'a'], [2, 'b'], [3, 'a']] as const) {
    bodies.set(id, sent(id, topic));
    await store.insert(sent(id, topic), { user_ids: [ADA], flags: [id === 2 ? FlagBit.read : 0] }, id);
  }
  await store.caughtUp();
  return { readStore, store, reads };
}

describe('Message heads: where messages are, without their bodies', function () {
  it('headsOf answers id, sender, recipient and date sent in the order asked and reads no body', async function () {
    const { store, reads } = await storeReadingBodiesFromALog();
    expect(await store.headsOf([3, 404, 1])).to.deep.equal([
      { id: 3, sender_id: ADA, recipient: { type: 'channel', channel_id: GENERAL, topic: 'a' }, date_sent: sent(3, 'a').date_sent },
      { id: 1, sender_id: ADA, recipient: { type: 'channel', channel_id: GENERAL, topic: 'a' }, date_sent: sent(1, 'a').date_sent },
    ]);
    expect(reads).to.deep.equal([]);
    // getMany, for comparison, reads the bodies it does not hold.
    await store.getMany([3, 1]);
    expect(reads).to.deep.equal([3, 1]);
  });

  it("a user's unread entries are worked out without reading a body", async function () {
    const { readStore, reads } = await storeReadingBodiesFromALog();
    const models = openReadModels(readStore);
    await models.subscriptions.put(subscriptionKey(ADA, GENERAL), { ...NEW_SUBSCRIPTION_DEFAULTS, color: '#76ce90', user_id: ADA, channel_id: GENERAL, active: true, is_muted: false }, 1);
    const entries = await unreadEntries(models, ADA, [1, 2, 3]);
    expect(entries.map(({ id, flags, muted }) => ({ id, flags, muted }))).to.deep.equal([
      { id: 1, flags: 0, muted: false },
      { id: 2, flags: FlagBit.read, muted: false },
      { id: 3, flags: 0, muted: false },
    ]);
    expect(reads).to.deep.equal([]);
  });
});
