import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createBot, type MadeBot } from '../../support/bot-requests.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const WEBHOOK_ONLY = 'This API is not available to incoming webhook bots.';

describe('Bots: an incoming-webhook bot may only post; bots get no notices meant for people', () => {
  let server: TestServer, member: ApiClient, hook: MadeBot, generic: MadeBot;

  before(async () => {
    ({ server, member } = await startServerWith('member'));
    await createChannels(member, ['builds']);
    hook = await createBot(member, 'ci', { bot_type: 2 });
    generic = await createBot(member, 'helper', { bot_type: 1 });
  });
  after(() => server.stop());

  it('sends a message with POST /messages', async () => {
    const sent = expectSuccess(await hook.client.post('/messages', { type: 'stream', to: 'builds', topic: 'main', content: 'build passed' }));
    expect(sent.id).to.be.a('number');
  });

  it('is refused every other route, reads included, with the public server\'s message', async () => {
    expectExactFailure(await hook.client.get('/users/me'), 'BAD_REQUEST', WEBHOOK_ONLY);
    expectExactFailure(await hook.client.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0 }), 'BAD_REQUEST', WEBHOOK_ONLY);
    expectExactFailure(await hook.client.post('/register'), 'BAD_REQUEST', WEBHOOK_ONLY);
    expectExactFailure(await hook.client.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'builds' }]) }), 'BAD_REQUEST', WEBHOOK_ONLY);
  });

  it('a generic bot calls the whole API', async () => {
    expect(expectSuccess(await generic.client.get('/users/me')).user_id).to.equal(generic.userId);
  });

  it('a bot subscribed by someone else gets no "subscribed you" message from the notification bot', async () => {
    const res = expectSuccess(await subscribe(member, ['builds'], { principals: JSON.stringify([generic.userId]) }));
    expect(res.new_subscription_messages_sent).to.equal(true);
    const got = expectSuccess(await generic.client.get('/messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: JSON.stringify([{ operator: 'is', operand: 'dm' }]) }));
    expect(got.messages).to.deep.equal([]);
  });
});
