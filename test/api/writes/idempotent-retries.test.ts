import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import { type ApiClient, formEncode } from '../../support/api-client.js';
import { signUp } from '../../support/server-with-people.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** The answer exactly as sent on the wire. */
async function rawRequest(client: ApiClient, method: string, path: string, params: Record<string, unknown>, requestId: string): Promise<{ status: number; text: string }> {
  const { email, apiKey } = client.credentials!;
  const res = await fetch(`${client.baseUrl}/api/v1${path}`, {
    method,
    headers: { Authorization: `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`, 'X-Request-Id': requestId },
    body: formEncode(params),
  });
  return { status: res.status, text: await res.text() };
}

async function eventsOf(server: TestServer, type: string, requestId: string): Promise<StoredEvent[]> {
  const found: StoredEvent[] = [];
  for await (const event of server.ctx.store.readAll()) if (event.type === type && event.metadata.request_id === requestId) found.push(event);
  return found;
}

describe('idempotent retries: a request id is scoped to its user', () => {
  let server: TestServer;
  let ann: ApiClient;
  const channel = 'retries';
  const message = { type: 'stream', to: channel, topic: 'lunch', content: 'Soup today' };

  before(async () => {
    server = await startTestServer();
    ({ alice: ann } = await signUp(server, 'alice'));
    await server.owner.post('/users/me/subscriptions', { subscriptions: [{ name: channel }], principals: [server.owner.userId, ann.userId] });
  });
  after(() => server.stop());

  it('answers a retried send byte for byte with the same message id, and stores the message once', async () => {
    const first = await rawRequest(server.owner, 'POST', '/messages', message, 'send-1');
    const again = await rawRequest(server.owner, 'POST', '/messages', message, 'send-1');
    expect(first.status).to.equal(200);
    expect(again).to.deep.equal(first);
    expect(JSON.parse(first.text)).to.have.property('id').that.is.a('number');
    expect(await eventsOf(server, 'MessageSent', 'send-1')).to.have.length(1);
  });

  it('answers retries that arrive together with one answer and one message', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => rawRequest(server.owner, 'POST', '/messages', message, 'send-together')));
    for (const answer of answers) expect(answer).to.deep.equal(answers[0]);
    expect(answers[0].status).to.equal(200);
    expect(await eventsOf(server, 'MessageSent', 'send-together')).to.have.length(1);
  });

  it('refuses the same id on a different request with 409 REQUEST_ID_REUSED and applies nothing of it', async () => {
    const first = await rawRequest(ann, 'PATCH', '/settings', { web_font_size_px: 13 }, 'req-b');
    const second = await rawRequest(ann, 'PATCH', '/settings', { web_font_size_px: 20, twenty_four_hour_time: true }, 'req-b');
    expect(first.status).to.equal(200);
    expect(second.status).to.equal(409);
    expect(JSON.parse(second.text)).to.deep.equal({
      result: 'error',
      code: 'REQUEST_ID_REUSED',
      msg: "X-Request-Id 'req-b' was already used for a different request",
      request_id: 'req-b',
    });
    const settings = (await server.ctx.models.users.get(ann.userId))!.settings;
    expect(settings).to.include({ web_font_size_px: 13, twenty_four_hour_time: false });
  });

  it("applies another user's identical id: two reactions under one id on one message are both stored", async () => {
    const sent = await server.owner.post('/messages', { ...message, content: 'React to me' });
    const id = sent.body.id;
    const smile = await rawRequest(ann, 'POST', `/messages/${id}/reactions`, { emoji_name: 'smile' }, 'react-1');
    const heart = await rawRequest(server.owner, 'POST', `/messages/${id}/reactions`, { emoji_name: 'heart' }, 'react-1');
    expect([smile.status, heart.status]).to.deep.equal([200, 200]);
    const got = await server.owner.get(`/messages/${id}`);
    const reactions = (got.body.message as { reactions: { emoji_name: string; user_id: number }[] }).reactions;
    expect(reactions.map((r) => [r.emoji_name, r.user_id])).to.have.deep.members([
      ['smile', ann.userId],
      ['heart', server.owner.userId],
    ]);
  });

  it('does not take an id for a request that changed nothing: a failed one can be retried differently', async () => {
    const refused = await rawRequest(ann, 'POST', '/messages', { ...message, to: 'no-such-channel' }, 'send-fixed');
    expect(refused.status).to.equal(400);
    const fixed = await rawRequest(ann, 'POST', '/messages', message, 'send-fixed');
    expect(fixed.status).to.equal(200);
  });

  it('answers a retry after a restart as the first time, without a second message', async () => {
    const first = await rawRequest(server.owner, 'POST', '/messages', { ...message, content: 'Before the restart' }, 'send-restart');
    server = await server.restart();
    const owner = server.owner;
    const again = await rawRequest(owner, 'POST', '/messages', { ...message, content: 'Before the restart' }, 'send-restart');
    expect(again).to.deep.equal(first);
    expect(await eventsOf(server, 'MessageSent', 'send-restart')).to.have.length(1);
    const other = await rawRequest(owner, 'POST', '/messages', { ...message, content: 'Something else' }, 'send-restart');
    expect(other.status).to.equal(409);
  });
});
