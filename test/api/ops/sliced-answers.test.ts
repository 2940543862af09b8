import { expect } from 'chai';
import { createChannels } from '../../support/channel-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const PUBLIC = JSON.stringify([{ operator: 'channels', operand: 'public' }]);

/** An answer as bytes, with the headers that frame it. */
async function raw(server: TestServer, method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<{ status: number; length: string | null; type: string | null; text: string }> {
  const credentials = server.owner.credentials;
  const authorization = `Basic ${Buffer.from(`${credentials?.email}:${credentials?.apiKey}`).toString('base64')}`;
  const query = new URLSearchParams(params).toString();
  const res =
    method === 'GET'
      ? await fetch(`${server.url}/api/v1${path}?${query}`, { headers: { Authorization: authorization } })
      : await fetch(`${server.url}/api/v1${path}`, { method, headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' }, body: query });
  return { status: res.status, length: res.headers.get('content-length'), type: res.headers.get('content-type'), text: await res.text() };
}

/** The bytes sendJson wrote for a body: JSON.stringify of it, nothing more (checked against the answer's own value). */
function expectWrittenAsBefore(answer: { status: number; length: string | null; type: string | null; text: string }): Record<string, unknown> {
  expect(answer.status).to.equal(200);
  expect(answer.type).to.equal('application/json');
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(answer.text).to.equal(JSON.stringify(body));
  expect(Number(answer.length)).to.equal(Buffer.byteLength(answer.text));
  return body;
}

describe('large answers written in slices', function () {
  this.timeout(60000);
  let server: TestServer;
  const sent: number[] = [];

  before(async function () {
    server = await startTestServer();
    const names = ['slices-a', 'slices-b', 'slices-c'];
    await createChannels(server.owner, names);
    for (let i = 0; i < 60; i++) sent.push(await postToChannel(server.owner, names[i % 3], `topic ${i % 7}`, `message ${i} with **bold** and a “quote” \u2028 ${'x'.repeat(i)}`));
  });
  after(() => server.stop());

  it('answers GET /messages across channels with every field and byte as a single write gave, newest window first', async function () {
    const body = expectWrittenAsBefore(await raw(server, 'GET', '/messages', { anchor: 'newest', num_before: '1000', num_after: '0', narrow: PUBLIC }));
    const ids = (body.messages as { id: number }[]).map((message) => message.id);
    expect(ids.slice(-sent.length)).to.deep.equal(sent);
    expect([body.found_oldest, body.found_newest, body.history_limited]).to.deep.equal([true, true, false]);
  });

  it('walks several channels from an anchor in the middle as one ordered history', async function () {
    const anchor = sent[30];
    const body = expectWrittenAsBefore(await raw(server, 'GET', '/messages', { anchor: String(anchor), num_before: '5', num_after: '7', narrow: PUBLIC }));
    expect((body.messages as { id: number }[]).map((message) => message.id)).to.deep.equal(sent.slice(25, 38));
    expect([body.anchor, body.found_anchor, body.found_oldest, body.found_newest]).to.deep.equal([anchor, true, false, false]);
  });

  it("answers the owner's POST /register with every section, its Content-Length the bytes sent", async function () {
    const body = expectWrittenAsBefore(await raw(server, 'POST', '/register', {}));
    for (const key of ['queue_id', 'last_event_id', 'realm_users', 'subscriptions', 'unread_msgs', 'zulip_feature_level']) expect(body).to.have.property(key);
    expect((body.subscriptions as { name: string }[]).map((each) => each.name)).to.include.members(['slices-a', 'slices-b', 'slices-c']);
  });
});
