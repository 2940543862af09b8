import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createBot } from '../../support/bot-requests.js';
import { createChannels } from '../../support/channel-requests.js';
import { expectExactFailure, expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('Bots: PATCH /bots/{bot_id}, key regeneration, deactivation and reactivation', () => {
  let server: TestServer, member: ApiClient, other: ApiClient, admin: ApiClient;

  before(async () => {
    ({ server, member, other, admin } = await startServerWith('member', 'other', 'admin'));
    await createChannels(member, ['alerts', 'ops']);
  });
  after(() => server.stop());

  it('its owner renames it and sets its defaults; the answer shows the bot as it now is', async () => {
    const bot = await createBot(member, 'patcher');
    const res = expectSuccess(await member.patch(`/bots/${bot.userId}`, { full_name: 'Patcher Two', default_sending_stream: 'alerts', default_events_register_stream: 'ops', default_all_public_streams: true }));
    expect(res).to.include({ full_name: 'Patcher Two', default_sending_stream: 'alerts', default_events_register_stream: 'ops', default_all_public_streams: true, bot_owner: member.email });
    const cleared = expectSuccess(await member.patch(`/bots/${bot.userId}`, { default_sending_stream: '' }));
    expect(cleared).to.include({ default_sending_stream: null, default_events_register_stream: 'ops' });
    expect((expectSuccess(await member.get(`/users/${bot.userId}`)).user as Record<string, unknown>).full_name).to.equal('Patcher Two');
  });

  it('only its owner and administrators may change it; people are no bots', async () => {
    const bot = await createBot(member, 'guarded');
    expectExactFailure(await other.patch(`/bots/${bot.userId}`, { full_name: 'Mine now' }), 'BAD_REQUEST', 'Insufficient permission');
    expectExactFailure(await other.post(`/bots/${bot.userId}/api_key/regenerate`), 'BAD_REQUEST', 'Insufficient permission');
    expectExactFailure(await other.delete(`/bots/${bot.userId}`), 'BAD_REQUEST', 'Insufficient permission');
    expectExactFailure(await member.patch(`/bots/${other.userId}`, { full_name: 'X' }), 'BAD_REQUEST', 'No such bot');
    expectExactFailure(await member.patch('/bots/999999', { full_name: 'X' }), 'BAD_REQUEST', 'No such bot');
    expectSuccess(await admin.patch(`/bots/${bot.userId}`, { full_name: 'Renamed by admin' }));
  });

  it('changes its owner: never to a bot, a deactivated user or nobody', async () => {
    const bot = await createBot(member, 'handover');
    const another = await createBot(member, 'another');
    expectExactFailure(await member.patch(`/bots/${bot.userId}`, { bot_owner_id: another.userId }), 'BAD_REQUEST', "Failed to change owner, bots can't own other bots");
    expectExactFailure(await member.patch(`/bots/${bot.userId}`, { bot_owner_id: 999999 }), 'BAD_REQUEST', 'Failed to change owner, no such user');
    expectSuccess(await member.patch(`/bots/${bot.userId}`, { bot_owner_id: other.userId }));
    expect((expectSuccess(await other.get(`/users/${bot.userId}`)).user as Record<string, unknown>).bot_owner_id).to.equal(other.userId);
    expectExactFailure(await member.patch(`/bots/${bot.userId}`, { full_name: 'Not yours' }), 'BAD_REQUEST', 'Insufficient permission');
  });

  it('role changes need an administrator (an owner for the owner role)', async () => {
    const bot = await createBot(member, 'roles');
    expectFailure(await member.patch(`/bots/${bot.userId}`, { role: 200 }), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectFailure(await admin.patch(`/bots/${bot.userId}`, { role: 100 }), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectSuccess(await admin.patch(`/bots/${bot.userId}`, { role: 300 }));
    expect((expectSuccess(await member.get(`/users/${bot.userId}`)).user as Record<string, unknown>).role).to.equal(300);
  });

  it('regenerating the key: the old one stops working at once', async () => {
    const bot = await createBot(member, 'rekey');
    const res = expectSuccess(await member.post(`/bots/${bot.userId}/api_key/regenerate`));
    expect(res.api_key).to.be.a('string').and.not.equal(bot.apiKey);
    expect((await bot.client.get('/users/me')).status).to.equal(401);
    expectSuccess(await bot.client.withCredentials(bot.email, res.api_key as string, bot.userId).get('/users/me'));
  });

  it('deactivation by DELETE /bots/{bot_id}; reactivation by its owner through POST /users/{id}/reactivate', async () => {
    const bot = await createBot(member, 'sleeper');
    expectSuccess(await member.delete(`/bots/${bot.userId}`));
    expect(await bot.client.get('/users/me')).to.deep.include({ status: 401 });
    expect(expectSuccess(await member.get('/bots')).bots as unknown[]).to.satisfy((bots: { username: string }[]) => bots.every((one) => one.username !== bot.email));
    expectExactFailure(await other.post(`/users/${bot.userId}/reactivate`), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectSuccess(await member.post(`/users/${bot.userId}/reactivate`));
    expectSuccess(await bot.client.get('/users/me'));
  });

  it('a bot whose name an active account took meanwhile is not reactivated', async () => {
    const bot = await createBot(member, 'twin');
    expectSuccess(await member.delete(`/bots/${bot.userId}`));
    await createBot(member, 'twin2', { full_name: 'twin bot' });
    expectExactFailure(
      await member.post(`/users/${bot.userId}/reactivate`),
      'BAD_REQUEST',
      'There is already an active bot named "twin bot" in this organization. To reactivate this bot, you must rename or deactivate the other one first.',
    );
  });

  it('a deactivated owner\'s bots go with them; reactivating one gives it to whoever reactivated it', async () => {
    const leaver = await server.createUser('Lee Leaver');
    const bot = await createBot(leaver, 'orphan');
    expectSuccess(await admin.delete(`/users/${leaver.userId}`));
    expect((await bot.client.get('/users/me')).status).to.equal(401);
    expectSuccess(await admin.post(`/users/${bot.userId}/reactivate`));
    expect((expectSuccess(await admin.get(`/users/${bot.userId}`)).user as Record<string, unknown>).bot_owner_id).to.equal(admin.userId);
  });
});
