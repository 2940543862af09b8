import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createBot, type MadeBot } from '../../support/bot-requests.js';
import { createChannels } from '../../support/channel-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { signUp } from '../../support/server-with-people.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';

/** Waits (polling, at most 10 s) until `check` holds. */
async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await check()); waited += 20) {
    if (waited > 10_000) throw new Error('not within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Outgoing webhooks with the scheduler\'s timer running: calls wait for no tick', function () {
  let server: TestServer, slow: WebhookReceiver, fast: WebhookReceiver, alice: ApiClient, slowBot: MadeBot, fastBot: MadeBot;

  before(async function () {
    [slow, fast] = [await WebhookReceiver.start(), await WebhookReceiver.start()];
    // A tick an hour apart: whatever is called here was called without one.
    server = await startTestServer({ env: { CHAT_SCHEDULER_TICK_MS: '3600000', CHAT_OUTGOING_WEBHOOK_TIMEOUT_MS: '30000' } });
    ({ alice } = await signUp(server, 'alice'));
    await createChannels(alice, ['ops']);
    slowBot = await createBot(alice, 'slow', { bot_type: 3, payload_url: slow.url, full_name: 'Slow' });
    fastBot = await createBot(alice, 'fast', { bot_type: 3, payload_url: fast.url, full_name: 'Fast' });
  });
  after(async () => {
    // The receivers first: stopping waits for the calls under way, which the slow one would hold.
    await slow.stop();
    await fast.stop();
    await server.stop();
  });

  it('a mention is delivered at once, and a service that does not answer holds up no other bot', async function () {
    slow.answer = { status: 200, body: '{}', hang: true };
    fast.answer = { status: 200, body: JSON.stringify({ content: 'on it' }) };
    await postToChannel(alice, 'ops', 'incident', '@**Slow** look');
    await eventually(() => slow.received.length === 1);
    const id = await postToChannel(alice, 'ops', 'incident', '@**Fast** look');
    await eventually(() => fast.received.length === 1);
    expect(JSON.parse(fast.received[0]?.body ?? '{}')).to.deep.include({ data: '@**Fast** look', bot_email: fastBot.email });
    const newest = async () => ((await alice.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, apply_markdown: false })).body.messages as Record<string, unknown>[]).at(-1);
    let reply: Record<string, unknown> | undefined;
    await eventually(async () => {
      reply = await newest();
      return reply !== undefined && reply.id !== id && reply.sender_id === fastBot.userId;
    });
    expect(reply).to.include({ content: 'on it', subject: 'incident' });
    expect(slow.received).to.have.length(1);
    expect(slowBot.userId).to.be.a('number');
  });
});
