import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { createChannels } from '../support/channel-requests.js';
import { acceptLink, createLink, newcomer } from '../support/invite-requests.js';
import { numberField, numbersField, objectField } from '../support/json-fields.js';
import { expectBadRequest, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('invitation links: joining', function () {
  let server: TestServer, admin: ApiClient;
  const channel: Record<string, number> = {};
  let team: number;
  const keys: string[] = [];

  const createChannel = async (name: string, params: Record<string, unknown> = {}): Promise<void> => {
    [channel[name]] = await createChannels(server.owner, [name], params);
  };

  /** Accepts the link as a new person, logs them in, and returns their client. */
  const joinThrough = async (key: string, name = 'Newcomer'): Promise<ApiClient> => {
    const person = newcomer(name);
    const joined = expectSuccess(await acceptLink(server, key, person));
    expect(joined).to.include({ email: person.email });
    expect(joined.user_id).to.be.a('number');
    const client = await server.anonymous.login(person.email, person.password);
    expect(client.userId).to.equal(joined.user_id);
    return client;
  };
  const link = async (params: Record<string, unknown> = {}, creator: ApiClient = admin): Promise<string> => {
    const { key } = await createLink(server, creator, params);
    keys.push(key);
    return key;
  };
  const channelsOf = async (client: ApiClient): Promise<number[]> =>
    (expectSuccess(await client.get('/users/me/subscriptions')).subscriptions as { stream_id: number }[]).map((sub) => sub.stream_id).sort((a, b) => a - b);
  const membersOf = async (groupId: number): Promise<number[]> => numbersField(expectSuccess(await server.owner.get(`/user_groups/${groupId}/members`)), 'members');

  before(async function () {
    ({ server, admin } = await startServerWith('admin'));
    await createChannel('lobby', { is_default_stream: true });
    await createChannel('projects', { principals: [admin.userId] });
    team = numberField(expectSuccess(await admin.post('/user_groups/create', { name: 'Welcome team', description: '', members: [] })), 'group_id');
  });
  after(() => server.stop());

  it("creates the account with the link's role, channels and groups, and without the default channels", async function () {
    const key = await link({ invite_as: Role.Moderator, stream_ids: [channel.projects], group_ids: [team] });
    const joiner = await joinThrough(key, 'Mona');
    expect(expectSuccess(await admin.get(`/users/${joiner.userId}`)).user).to.include({ user_id: joiner.userId, role: Role.Moderator, full_name: 'Mona' });
    expect(await channelsOf(joiner)).to.deep.equal([channel.projects]);
    expect(await membersOf(team)).to.include(joiner.userId);
  });

  it('adds the default channels when the link includes them', async function () {
    const joiner = await joinThrough(await link({ stream_ids: [channel.projects], include_realm_default_subscriptions: true }));
    expect(await channelsOf(joiner)).to.deep.equal([channel.lobby, channel.projects].sort((a, b) => a - b));
    expect(objectField(expectSuccess(await admin.get(`/users/${joiner.userId}`)), 'user').role).to.equal(Role.Member);
  });

  it('leaves accounts created by POST /users in the default channels, as before', async function () {
    const created = await server.createUser('Paula Plain');
    expect(await channelsOf(created)).to.deep.equal([channel.lobby]);
  });

  it('admits several people through one link', async function () {
    const key = await link({ group_ids: [team] });
    const first = await joinThrough(key, 'First');
    const second = await joinThrough(key, 'Second');
    expect(await membersOf(team)).to.include.members([first.userId, second.userId]);
  });

  it('refuses an address already in use, creating nothing', async function () {
    const key = await link({ group_ids: [team] });
    const members = await membersOf(team);
    expectBadRequest(await acceptLink(server, key, { ...newcomer(), email: admin.email }), 'already in use');
    expect(await membersOf(team)).to.deep.equal(members);
  });

  it('refuses a link once the server clock passes its expiry', async function () {
    const key = await link({ invite_expires_in_minutes: 60 });
    server.clock.advance(60 * 60_000 - 1);
    await joinThrough(key);
    server.clock.advance(1);
    expectBadRequest(await acceptLink(server, key, newcomer()), 'Invalid or expired invitation link');
  });

  it('admits through a link without expiry years later', async function () {
    const key = await link({ invite_expires_in_minutes: null });
    server.clock.advance(5 * 365 * 86_400_000);
    await joinThrough(key);
  });

  it('refuses a revoked link and an unknown key with the same message', async function () {
    const key = await link();
    const id = (expectSuccess(await admin.get('/invites')).invites as { id: number }[]).at(-1)!.id;
    expectSuccess(await admin.delete(`/invites/multiuse/${id}`));
    expectBadRequest(await acceptLink(server, key, newcomer()), 'Invalid or expired invitation link');
    expectBadRequest(await acceptLink(server, 'x'.repeat(32), newcomer()), 'Invalid or expired invitation link');
  });

  it('refuses a short password, a bad address and a missing name, naming them', async function () {
    const key = await link();
    expectBadRequest(await acceptLink(server, key, { ...newcomer(), password: 'short' }), "'password'");
    expectBadRequest(await acceptLink(server, key, { ...newcomer(), email: 'not-an-address' }), "'email'");
    const { full_name: _name, ...nameless } = newcomer();
    const res = await acceptLink(server, key, nameless);
    expect(res.body).to.include({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'full_name' });
  });

  it('never writes a key to the log, only its sha256', function () {
    expect(keys.length).to.be.greaterThan(5);
    const db = new Database(join(server.dataDir, 'events.sqlite3'), { readonly: true, fileMustExist: true });
    let rows: { type: string; data: string; metadata: string }[];
    try {
      rows = db.prepare('SELECT type, data, metadata FROM events ORDER BY position').all() as typeof rows;
    } finally {
      db.close();
    }
    for (const key of keys) expect(rows.filter((row) => row.data.includes(key) || row.metadata.includes(key))).to.deep.equal([]);
    const digests = rows.filter((row) => row.type === 'InviteLinkCreated').map((row) => JSON.parse(row.data).key_digest);
    expect(digests).to.deep.equal(keys.map((key) => createHash('sha256').update(key).digest('hex')));
    expect(rows.filter((row) => row.type === 'InviteLinkUsed')).to.have.length(6, 'one per account created');
  });
});
