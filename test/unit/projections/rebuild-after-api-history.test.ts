import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ReadModels } from '@chat/projections';
import type { ApiClient } from '../../support/api-client.js';
import { messageHistory } from '../../support/message-history-script.js';
import { collectionsView, type MessageKeys, messagesView } from '../../support/read-models-view.js';
import { rebuiltModels } from '../../support/rebuilt-models.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerOn, storeVariants } from '../../support/store-variants.js';
import type { TestServer } from '../../support/test-server.js';

/**
 * The read models a server built while following its log live equal those rebuilt from position 0,
 * after a history made through the API: messages sent, flagged, reacted to, edited, moved (every
 * propagate mode, across channels, out of sight, into protected history), resolved and deleted; user
 * topics; alert words.
 */
for (const variant of storeVariants()) {
describe(`read models: after a history made through the API, a rebuild from the log equals the live models (${variant.label})`, function () {
  this.timeout(120_000);
  let server: TestServer, member: ApiClient, newbie: ApiClient;
  let keys: MessageKeys;

  before(async function () {
    ({ server, member } = await startServerOn(variant, 'member'));
    newbie = await server.createUser('Newbie', Role.Moderator);
    for (const viewer of [server.owner, member]) {
      expectSuccess(await viewer.post('/users/me/alert_words', { alert_words: ['deploy 0', 'deploy 1', 'outage'] }));
    }
    await messageHistory({ owner: server.owner, viewer: server.owner, member, newbie }, 0);
    await messageHistory({ owner: server.owner, viewer: member, member, newbie }, 1);
    expectSuccess(await member.delete('/users/me/alert_words', { alert_words: ['outage'] }));
    await server.ctx.runner.waitFor(await server.ctx.store.headPosition());
    keys = await keysOf(server.ctx.models);
  });
  after(() => server.stop());

  /** Every message the log ever sent, every user, every channel. */
  async function keysOf(models: ReadModels): Promise<MessageKeys> {
    const messageIds: number[] = [];
    for await (const event of server.ctx.store.readAll()) if (event.type === 'MessageSent') messageIds.push(event.data.message_id);
    const userIds = (await models.users.all()).map((user) => user.user_id).sort((a, b) => a - b);
    const channelIds = (await models.channels.all()).map((channel) => channel.channel_id).sort((a, b) => a - b);
    return { messageIds, userIds, channelIds };
  }

  /** A fresh store, rebuilt by a fresh runner from position 0 of the server's log. */
  const rebuilt = (): Promise<ReadModels> => rebuiltModels(server);

  it('the live models hold what the history made', async function () {
    const live = await messagesView(server.ctx.models, keys);
    const byId = live.byId as Record<string, unknown>;
    expect(Object.values(byId).filter((message) => message === undefined)).to.have.length(8);
    const unread = live.unread as Record<string, number[]>;
    expect(unread[String(member.userId)]).to.not.be.empty;
    const conversations = live.conversations as Record<string, unknown[]>;
    expect(conversations[String(server.owner.userId)]).to.have.length.above(2);
    const collections = await collectionsView(server.ctx.models);
    const muted = (collections.userTopics as { user_id: number; topic: string; visibility_policy: number }[]).filter((row) => row.visibility_policy === 1);
    expect(muted.map((row) => [row.user_id, row.topic])).to.deep.equal([[server.owner.userId, 'schedule'], [member.userId, 'schedule']]);
    expect(collections.alertWords).to.deep.equal([
      { user_id: server.owner.userId, alert_words: ['deploy 0', 'deploy 1', 'outage'] },
      { user_id: member.userId, alert_words: ['deploy 0', 'deploy 1'] },
    ]);
  });

  it('the messages store answers every query alike', async function () {
    const models = await rebuilt();
    expect(await messagesView(models, keys)).to.deep.equal(await messagesView(server.ctx.models, keys));
  });

  it('every other collection (user topics and alert words among them) holds the same documents', async function () {
    const models = await rebuilt();
    expect(await collectionsView(models)).to.deep.equal(await collectionsView(server.ctx.models));
  });
});
}
