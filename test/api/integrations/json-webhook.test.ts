import { expect } from 'chai';
import { redactedTarget } from '@chat/http';
import type { ApiClient } from '../../support/api-client.js';
import { createBot, type MadeBot } from '../../support/bot-requests.js';
import { createChannels } from '../../support/channel-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/** A service's POST: a JSON body, the key in the query (or Basic auth in `headers`). */
async function hook(base: string, query: Record<string, string>, body: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}/api/v1/external/json?${new URLSearchParams(query)}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The message as the public server's json integration formats it (json.dumps with indent 2, ASCII only). */
const expected = (payload: unknown, ascii: string = JSON.stringify(payload, null, 2)) => `\`\`\`json\n${ascii}\n\`\`\``;

describe('Incoming webhooks: POST /external/json', () => {
  let server: TestServer, member: ApiClient, bot: MadeBot;
  const lastMessage = async (client: ApiClient) => {
    const got = expectSuccess(await client.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, apply_markdown: false }));
    return (got.messages as Record<string, unknown>[])[0] ?? {};
  };

  before(async () => {
    ({ server, member } = await startServerWith('member'));
    await createChannels(member, ['alerts']);
    bot = await createBot(member, 'ci', { bot_type: 2 });
  });
  after(() => server.stop());

  it('posts the payload under topic "JSON" in the channel named, as the bot, with the key in the query', async () => {
    const payload = { check: 'api', status: 'down', nested: { codes: [500, 503], ok: false, note: null }, empty: {}, list: [] };
    const res = await hook(member.baseUrl, { api_key: bot.apiKey, stream: 'alerts' }, JSON.stringify(payload));
    expect(res).to.deep.equal({ status: 200, body: { result: 'success', msg: '' } });
    const message = await lastMessage(member);
    expect(message).to.include({ sender_id: bot.userId, display_recipient: 'alerts', subject: 'JSON', content: expected(payload), client: 'ZulipJSONWebhook' });
  });

  it('takes the topic parameter, a channel id, and Basic auth', async () => {
    const [id] = await createChannels(member, ['deploys']);
    const basic = `Basic ${Buffer.from(`${bot.email}:${bot.apiKey}`).toString('base64')}`;
    expect((await hook(member.baseUrl, { stream: String(id), topic: 'prod' }, '{"café":"ünïcode"}', { Authorization: basic })).status).to.equal(200);
    expect(await lastMessage(member)).to.include({ display_recipient: 'deploys', subject: 'prod', content: expected(null, '{\n  "caf\\u00e9": "\\u00fcn\\u00efcode"\n}') });
  });

  it('without a channel, sends the payload to the bot\'s owner', async () => {
    expect((await hook(member.baseUrl, { api_key: bot.apiKey }, '{"a":1}')).status).to.equal(200);
    expect(await lastMessage(member)).to.include({ type: 'private', sender_id: bot.userId, content: expected({ a: 1 }) });
  });

  it('answers success for a channel that does not exist, telling the bot\'s owner once a minute', async () => {
    expect((await hook(member.baseUrl, { api_key: bot.apiKey, stream: 'nowhere' }, '{"a":2}')).status).to.equal(200);
    const notice = await lastMessage(member);
    expect(notice).to.include({ type: 'private', sender_full_name: 'Notification Bot', client: 'Internal' });
    expect(notice.content).to.equal(`Your bot \`${bot.email}\` tried to send a message to channel #**nowhere**, but that channel does not exist. Click [here](#channels/new) to create it.`);
    expect((await hook(member.baseUrl, { api_key: bot.apiKey, stream: 'elsewhere' }, '{"a":3}')).status).to.equal(200);
    expect((await lastMessage(member)).id).to.equal(notice.id);
  });

  it('refuses a bad key, a missing key, malformed JSON and an unknown integration', async () => {
    expect(await hook(member.baseUrl, { api_key: 'nope', stream: 'alerts' }, '{}')).to.deep.include({ status: 401 });
    expect((await hook(member.baseUrl, { stream: 'alerts' }, '{}')).body).to.include({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'api_key' argument" });
    expect(await hook(member.baseUrl, { api_key: bot.apiKey, stream: 'alerts' }, '{"a":')).to.deep.equal({ status: 400, body: { result: 'error', msg: 'Malformed JSON', code: 'INVALID_JSON' } });
    const unknown = await fetch(`${member.baseUrl}/api/v1/external/nosuch?api_key=${bot.apiKey}`, { method: 'POST', body: '{}' });
    expect(unknown.status).to.equal(404);
  });

  it('keeps keys out of the request log\'s targets', () => {
    expect(redactedTarget('/api/v1/external/json?stream=a&api_key=secret1&topic=t')).to.equal('/api/v1/external/json?stream=a&api_key=REDACTED&topic=t');
    expect(redactedTarget('/api/v1/external/json?API_KEY=x')).to.equal('/api/v1/external/json?API_KEY=REDACTED');
  });
});
