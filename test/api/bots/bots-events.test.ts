import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createBot } from '../../support/bot-requests.js';
import { createChannels } from '../../support/channel-requests.js';
import { drain, ofType, type Queue, registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('Bots: realm_bots in register, realm_bot events to exactly those who administer the bot', () => {
  let server: TestServer, member: ApiClient, other: ApiClient, admin: ApiClient;
  let queues: { member: Queue; other: Queue; admin: Queue; owner: Queue };

  before(async () => {
    ({ server, member, other, admin } = await startServerWith('member', 'other', 'admin'));
    await createChannels(member, ['hidden'], { invite_only: true });
  });
  after(() => server.stop());
  beforeEach(async () => {
    const fetch = { fetch_event_types: ['realm_bot', 'realm_user'] };
    queues = { member: await registerQueue(member, fetch), other: await registerQueue(other, fetch), admin: await registerQueue(admin, fetch), owner: await registerQueue(server.owner, fetch) };
  });
  const botEvents = async (queue: Queue) => (await drain(queue)).filter((event) => event.type === 'realm_bot');

  it('a new bot: realm_bot add to its owner and the administrators, realm_user add to everyone', async () => {
    const bot = await createBot(member, 'announcer');
    const [added] = await botEvents(queues.member);
    expect(added).to.deep.include({ type: 'realm_bot', op: 'add' });
    expect(added.bot).to.deep.include({ user_id: bot.userId, email: bot.email, full_name: 'announcer bot', bot_type: 1, is_active: true, api_key: bot.apiKey, owner_id: member.userId, services: [] });
    expect((await botEvents(queues.admin)).map((event) => event.op)).to.deep.equal(['add']);
    expect((await botEvents(queues.owner)).map((event) => event.op)).to.deep.equal(['add']);
    const others = await drain(queues.other);
    expect(others.filter((event) => event.type === 'realm_bot')).to.deep.equal([]);
    expect(ofType(others, 'realm_user', 'add').map((event) => (event.person as { user_id: number }).user_id)).to.deep.equal([bot.userId]);
  });

  it('register: an administrator sees every bot, a member only their own', async () => {
    const bot = await createBot(member, 'listed');
    const mine = (await registerQueue(member, { fetch_event_types: ['realm_bot'] })).state.realm_bots as Record<string, unknown>[];
    expect(mine.map((one) => one.user_id)).to.include(bot.userId);
    expect(mine.find((one) => one.user_id === bot.userId)).to.deep.include({ owner_id: member.userId, api_key: bot.apiKey, default_sending_stream: null });
    expect((await registerQueue(other, { fetch_event_types: ['realm_bot'] })).state.realm_bots).to.deep.equal([]);
    const forAdmin = (await registerQueue(admin, { fetch_event_types: ['realm_bot'] })).state.realm_bots as { user_id: number }[];
    expect(forAdmin.map((one) => one.user_id)).to.include(bot.userId);
  });

  it('a bot with a private default channel is its owner\'s alone: administrators hear nothing of it', async () => {
    await createBot(member, 'private', { default_sending_stream: 'hidden' });
    expect((await botEvents(queues.member)).map((event) => event.op)).to.deep.equal(['add']);
    expect(await botEvents(queues.admin)).to.deep.equal([]);
  });

  it('changes reach the same users as realm_bot update, one property each', async () => {
    const bot = await createBot(member, 'changing');
    await drain(queues.member);
    await drain(queues.admin);
    expectSuccess(await member.patch(`/bots/${bot.userId}`, { full_name: 'Changed', default_all_public_streams: true }));
    const key = expectSuccess(await member.post(`/bots/${bot.userId}/api_key/regenerate`)).api_key;
    expectSuccess(await member.delete(`/bots/${bot.userId}`));
    expectSuccess(await member.post(`/users/${bot.userId}/reactivate`));
    const bots = (await botEvents(queues.member)).map((event) => event.bot);
    expect(bots).to.deep.equal([
      { user_id: bot.userId, full_name: 'Changed' },
      { user_id: bot.userId, default_all_public_streams: true },
      { user_id: bot.userId, api_key: key },
      { user_id: bot.userId, is_active: false },
      { user_id: bot.userId, is_active: true },
    ]);
    expect((await botEvents(queues.admin)).map((event) => event.bot)).to.deep.equal(bots);
    expect(await botEvents(queues.other)).to.deep.equal([]);
  });

  it('a new owner: the old one gets delete, the new one add, the administrators update; everyone the new bot_owner_id', async () => {
    const bot = await createBot(member, 'passed');
    await drain(queues.member);
    await drain(queues.admin);
    expectSuccess(await member.patch(`/bots/${bot.userId}`, { bot_owner_id: other.userId }));
    const forOld = await botEvents(queues.member);
    expect(forOld.map((event) => [event.op, event.bot])).to.deep.equal([['delete', { user_id: bot.userId }]]);
    const forNew = await botEvents(queues.other);
    expect(forNew.map((event) => event.op)).to.deep.equal(['add']);
    expect(forNew[0].bot).to.deep.include({ user_id: bot.userId, owner_id: other.userId, api_key: bot.apiKey });
    expect((await botEvents(queues.admin)).map((event) => event.bot)).to.deep.equal([{ user_id: bot.userId, owner_id: other.userId }]);
    const people = ofType(await drain(queues.owner), 'realm_user', 'update').map((event) => event.person);
    expect(people).to.deep.include({ user_id: bot.userId, bot_owner_id: other.userId });
  });
});

describe('Bots: who may create which kind (can_create_bots_group, can_create_write_only_bots_group)', () => {
  let server: TestServer, member: ApiClient;
  let groups: Map<string, number>;

  before(async () => {
    ({ server, member } = await startServerWith('member'));
    groups = new Map((expectSuccess(await server.owner.get('/user_groups')).user_groups as { id: number; name: string }[]).map((group) => [group.name, group.id]));
  });
  after(() => server.stop());

  it('members may create every kind by default, and register shows both settings', async () => {
    const state = (await registerQueue(member, { fetch_event_types: ['realm'] })).state;
    expect(state).to.include({ realm_can_create_bots_group: groups.get('role:members'), realm_can_create_write_only_bots_group: groups.get('role:members') });
    await createBot(member, 'first');
  });

  it('write-only creators may make incoming webhooks only; others are refused', async () => {
    expectSuccess(await server.owner.patch('/realm', { can_create_bots_group: { new: groups.get('role:administrators') } }));
    expectExactFailure(await member.post('/bots', { full_name: 'Generic', short_name: 'generic' }), 'BAD_REQUEST', 'Insufficient permission');
    await createBot(member, 'hook', { bot_type: 2 });
    expectSuccess(await server.owner.patch('/realm', { can_create_write_only_bots_group: { new: groups.get('role:administrators') } }));
    expectExactFailure(await member.post('/bots', { full_name: 'Hook two', short_name: 'hook2', bot_type: 2 }), 'BAD_REQUEST', 'Insufficient permission');
    await createBot(server.owner, 'owners', { bot_type: 3, payload_url: 'http://127.0.0.1:9/hook' });
  });

  it('never everyone (guests included) nor the Internet', async () => {
    const res = await server.owner.patch('/realm', { can_create_bots_group: { new: groups.get('role:everyone') } });
    expect(res.status).to.equal(400);
  });
});
