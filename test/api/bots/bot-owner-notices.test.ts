import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createBot } from '../../support/bot-requests.js';
import { createChannels, unsubscribe } from '../../support/channel-requests.js';
import { expectExactFailure, expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/**
 * A bot sending to a channel that does not exist, or to one nobody is subscribed to: its owner gets
 * the notification bot's notice (once a minute per bot at most), as on the public server.
 */
describe('Bots: notices to the owner about a bad channel', () => {
  let server: TestServer, member: ApiClient, other: ApiClient;
  const newest = async (client: ApiClient) => {
    const got = expectSuccess(await client.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, apply_markdown: false }));
    return (got.messages as Record<string, unknown>[])[0] ?? {};
  };
  const send = (bot: ApiClient, to: string | number) => bot.post('/messages', { type: 'stream', to, topic: 'status', content: 'build passed' });

  before(async () => {
    ({ server, member, other } = await startServerWith('member', 'other'));
  });
  after(() => server.stop());

  it('refuses a send to a channel that does not exist and tells the owner, once a minute per bot', async () => {
    const bot = await createBot(member, 'builder');
    expectExactFailure(await send(bot.client, 'nowhere'), 'STREAM_DOES_NOT_EXIST', "Channel 'nowhere' does not exist");
    const notice = await newest(member);
    expect(notice).to.include({ type: 'private', sender_full_name: 'Notification Bot', client: 'Internal' });
    expect(notice.content).to.equal(`Your bot \`${bot.email}\` tried to send a message to channel #**nowhere**, but that channel does not exist. Click [here](#channels/new) to create it.`);
    expectExactFailure(await send(bot.client, 'elsewhere'), 'STREAM_DOES_NOT_EXIST', "Channel 'elsewhere' does not exist");
    expect((await newest(member)).id).to.equal(notice.id);
    const second = await createBot(member, 'deployer');
    expectFailure(await send(second.client, 9999), 'STREAM_DOES_NOT_EXIST', '9999');
    expect((await newest(member)).content).to.equal(`Your bot \`${second.email}\` tried to send a message to channel ID 9999, but there is no channel with that ID.`);
  });

  it('sends to a channel without subscribers and tells the owner', async () => {
    await createChannels(member, ['quiet']);
    expectSuccess(await unsubscribe(member, ['quiet']));
    const bot = await createBot(member, 'reporter');
    const sent = expectSuccess(await send(bot.client, 'quiet'));
    const notice = await newest(member);
    expect(notice.id).to.be.greaterThan(sent.id as number);
    expect(notice).to.include({ type: 'private', sender_full_name: 'Notification Bot', content: `Your bot \`${bot.email}\` tried to send a message to channel #**quiet**. The channel exists but does not have any subscribers.` });
  });

  it('tells nobody when the channel has subscribers, or when a person sends', async () => {
    await createChannels(other, ['busy']);
    const bot = await createBot(member, 'watcher');
    const before = await newest(member);
    expectSuccess(await send(bot.client, 'busy'));
    expectExactFailure(await send(member, 'nowhere'), 'STREAM_DOES_NOT_EXIST', "Channel 'nowhere' does not exist");
    expect((await newest(member)).id).to.equal(before.id);
  });
});
