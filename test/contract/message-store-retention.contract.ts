import { expect } from 'chai';
import type { ExpiredPage, MessageStore, RetentionScope } from '@chat/readstore';
import { ADA, BOB, channelMessage, CY, directMessage, GENERAL, RANDOM, receivers } from './message-store-fixtures.js';

/** The fixtures send message `id` at this instant plus `id` milliseconds. */
const EPOCH = 1_700_000_000_000;

/** Every page of a scope, read on until `next` is null: the ids found, and how many pages it took. */
async function readAll(store: MessageStore, scope: RetentionScope, before: number, limit: number): Promise<{ found: ExpiredPage['messages']; pages: number }> {
  const found: ExpiredPage['messages'] = [];
  let after = 0;
  for (let pages = 1; ; pages++) {
    const page = await store.sentBefore(scope, before, after, limit);
    found.push(...page.messages);
    if (page.next === null) return { found, pages };
    expect(page.next).to.be.above(after);
    after = page.next;
  }
}

/** The retention sweep's read: expired messages by channel or among direct messages, in pages. */
export function messageRetentionContract(current: () => MessageStore): void {
  describe('sentBefore (retention)', function () {
    let store: MessageStore;

    beforeEach(async function () {
      store = current();
      await store.insert(channelMessage(10, GENERAL, 'Alpha'), receivers([ADA, 0]), 1);
      await store.insert(directMessage(15, [ADA, BOB]), receivers([ADA, 0], [BOB, 0]), 2);
      await store.insert(channelMessage(20, GENERAL, 'Beta'), receivers(), 3);
      await store.insert(channelMessage(25, RANDOM, 'Alpha'), receivers(), 4);
      await store.insert(channelMessage(30, GENERAL, 'alpha'), receivers(), 5);
      await store.insert(directMessage(35, [CY, ADA], { sender: CY }), receivers([ADA, 0], [CY, 0]), 6);
      await store.insert(channelMessage(40, GENERAL, 'Alpha'), receivers(), 7);
      await store.insert(directMessage(45, [ADA]), receivers([ADA, 0]), 8);
    });

    it("finds a channel's messages sent before the cut-off, ascending, with their topics, and nothing of other channels", async function () {
      const { found } = await readAll(store, { channelId: GENERAL }, EPOCH + 35, 100);
      expect(found).to.deep.equal([
        { id: 10, recipient: { type: 'channel', channel_id: GENERAL, topic: 'Alpha' } },
        { id: 20, recipient: { type: 'channel', channel_id: GENERAL, topic: 'Beta' } },
        { id: 30, recipient: { type: 'channel', channel_id: GENERAL, topic: 'alpha' } },
      ]);
      expect((await readAll(store, { channelId: RANDOM }, EPOCH + 25, 100)).found).to.deep.equal([]);
      expect((await readAll(store, { channelId: 404 }, EPOCH + 1000, 100)).found).to.deep.equal([]);
    });

    it('finds direct messages of every conversation sent before the cut-off, and no channel message', async function () {
      const { found } = await readAll(store, { direct: true }, EPOCH + 45, 100);
      expect(found.map((message) => message.id)).to.deep.equal([15, 35]);
      expect(found[1].recipient.type).to.equal('direct');
      expect([...(found[1].recipient.type === 'direct' ? found[1].recipient.user_ids : [])].sort((a, b) => a - b)).to.deep.equal([ADA, CY]);
    });

    it('reads in pages of a bounded size that together hold each expired message once', async function () {
      const channel = await readAll(store, { channelId: GENERAL }, EPOCH + 1000, 1);
      expect(channel.found.map((message) => message.id)).to.deep.equal([10, 20, 30, 40]);
      expect(channel.pages).to.be.at.least(4);
      const direct = await readAll(store, { direct: true }, EPOCH + 1000, 2);
      expect(direct.found.map((message) => message.id)).to.deep.equal([15, 35, 45]);
      expect(direct.pages).to.be.at.least(2);
    });

    it('leaves out removed messages', async function () {
      await store.remove([20, 35], 9);
      expect((await readAll(store, { channelId: GENERAL }, EPOCH + 1000, 100)).found.map((message) => message.id)).to.deep.equal([10, 30, 40]);
      expect((await readAll(store, { direct: true }, EPOCH + 1000, 100)).found.map((message) => message.id)).to.deep.equal([15, 45]);
    });
  });
}
