import { expect } from 'chai';
import { Role } from '@chat/core';
import { ApiClient } from '../../support/api-client.js';
import { createBot } from '../../support/bot-requests.js';
import { createChannels } from '../../support/channel-requests.js';
import { expectExactFailure, expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('Bots: POST /bots and GET /bots', () => {
  let server: TestServer, member: ApiClient, other: ApiClient, guest: ApiClient;
  let host: string;

  before(async () => {
    ({ server, member, other, guest } = await startServerWith('member', 'other', 'guest'));
    host = new URL(server.ctx.config.externalUrl).hostname;
  });
  after(() => server.stop());

  it('creates a generic bot owned by its maker, named <short>-bot@<bot domain>, with a working key', async () => {
    const res = expectSuccess(await member.post('/bots', { full_name: 'Helper', short_name: 'helper' }));
    expect(Object.keys(res).sort()).to.deep.equal(['api_key', 'avatar_url', 'default_all_public_streams', 'default_events_register_stream', 'default_sending_stream', 'msg', 'result', 'user_id']);
    expect(res).to.include({ default_sending_stream: null, default_events_register_stream: null, default_all_public_streams: false });
    expect(res.api_key).to.be.a('string').with.length(32);
    const user = expectSuccess(await member.get(`/users/${res.user_id as number}`)).user as Record<string, unknown>;
    expect(user).to.include({ email: `helper-bot@${host}`, full_name: 'Helper', is_bot: true, bot_type: 1, bot_owner_id: member.userId, role: Role.Member });
    const asBot = new ApiClient(member.baseUrl, { email: `helper-bot@${host}`, apiKey: res.api_key as string, userId: res.user_id as number });
    expect(expectSuccess(await asBot.get('/users/me'))).to.include({ user_id: res.user_id, is_bot: true });
  });

  it('takes default channels by name, and lists the caller\'s own active bots with GET /bots', async () => {
    await createChannels(member, ['builds']);
    const bot = await createBot(member, 'ci', { default_sending_stream: 'builds', default_all_public_streams: true });
    const listed = expectSuccess(await member.get('/bots')).bots as Record<string, unknown>[];
    const entry = listed.find((one) => one.username === bot.email)!;
    expect(entry).to.deep.equal({
      username: bot.email,
      full_name: 'ci bot',
      api_key: bot.apiKey,
      avatar_url: entry.avatar_url,
      default_sending_stream: 'builds',
      default_events_register_stream: null,
      default_all_public_streams: true,
    });
    expect(expectSuccess(await other.get('/bots')).bots).to.deep.equal([]);
  });

  it('refuses what the public server refuses, with its messages', async () => {
    expectExactFailure(await member.post('/bots', { full_name: 'Helper Two', short_name: 'helper' }), 'BAD_REQUEST', 'Username already in use');
    expectExactFailure(await member.post('/bots', { full_name: 'Helper', short_name: 'helper2' }), 'BAD_REQUEST', 'Name is already in use.');
    expectExactFailure(await member.post('/bots', { full_name: 'X', short_name: '  ' }), 'BAD_REQUEST', 'Bad name or username');
    expectExactFailure(await member.post('/bots', { full_name: 'X', short_name: 'a b' }), 'BAD_REQUEST', 'Bad name or username');
    expectExactFailure(await member.post('/bots', { full_name: '   ', short_name: 'blank' }), 'BAD_REQUEST', 'Name must not be empty!');
    expectExactFailure(await member.post('/bots', { full_name: 'Bad @ name', short_name: 'bad' }), 'BAD_REQUEST', 'Invalid characters in name!');
    expectExactFailure(await member.post('/bots', { full_name: 'Mention|12', short_name: 'mention' }), 'BAD_REQUEST', 'Invalid format!');
    expectExactFailure(await member.post('/bots', { full_name: 'Embedded', short_name: 'emb', bot_type: 4 }), 'BAD_REQUEST', 'Embedded bots are not enabled.');
    expectExactFailure(await member.post('/bots', { full_name: 'Seven', short_name: 'seven', bot_type: 7 }), 'BAD_REQUEST', 'Invalid bot type');
    expectExactFailure(await member.post('/bots', { full_name: 'Iface', short_name: 'iface', interface_type: 9 }), 'BAD_REQUEST', 'Invalid interface type');
    expectExactFailure(await member.post('/bots', { full_name: 'Nowhere', short_name: 'nowhere', default_sending_stream: 'no such' }), 'BAD_REQUEST', "Invalid channel name 'no such'");
    expectExactFailure(await member.post('/bots', { full_name: 'Hook', short_name: 'hook', bot_type: 3, payload_url: 'not a url' }), 'BAD_REQUEST', 'payload_url is not a URL');
    expectExactFailure(await guest.post('/bots', { full_name: 'Guest bot', short_name: 'gb' }), 'BAD_REQUEST', 'Not allowed for guest users');
    expectFailure(await member.post('/bots', { full_name: 'No short' }), 'REQUEST_VARIABLE_MISSING', 'short_name');
  });

  it('refuses a private channel the maker cannot read as a default, as if it did not exist', async () => {
    await createChannels(other, ['secret'], { invite_only: true });
    expectExactFailure(await member.post('/bots', { full_name: 'Spy', short_name: 'spy', default_events_register_stream: 'secret' }), 'BAD_REQUEST', "Invalid channel name 'secret'");
  });

  it('bots do not create bots', async () => {
    const bot = await createBot(member, 'maker');
    expectExactFailure(await bot.client.post('/bots', { full_name: 'Child', short_name: 'child' }), 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
  });
});
