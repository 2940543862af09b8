import { expect } from 'chai';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { drain, registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import type { ApiClient } from '../../support/api-client.js';

describe('messages: send and receive (smoke)', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient;
  before(async () => {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['general']);
    expectSuccess(await subscribe(bob, ['general']));
  });
  after(() => server.stop());

  it('a channel message reaches subscribers as a message event with flags, and the sender echo carries local_message_id', async () => {
    const aliceQueue = await registerQueue(alice);
    const bobQueue = await registerQueue(bob, { apply_markdown: false });
    const id = await postToChannel(alice, 'general', 'greetings', 'hello @**bob**', { queue_id: aliceQueue.queueId, local_id: '1.01' });
    const [echo] = await drain(aliceQueue);
    expect(echo.type).to.equal('message');
    expect(echo.local_message_id).to.equal('1.01');
    const [received] = await drain(bobQueue);
    expect(received.flags).to.deep.equal(['mentioned']);
    const message = received.message as Record<string, unknown>;
    expect(message.id).to.equal(id);
    expect(message.content).to.equal('hello @**bob**');
    expect(message.subject).to.equal('greetings');
    expect(message.display_recipient).to.equal('general');
  });

  it('a direct message reaches both participants', async () => {
    const bobQueue = await registerQueue(bob, { apply_markdown: true });
    const id = await postDirect(alice, [bob.userId], 'hi');
    const [received] = await drain(bobQueue);
    expect((received.message as Record<string, unknown>).id).to.equal(id);
    expect((received.message as Record<string, unknown>).content).to.equal('<p>hi</p>');
  });
});
