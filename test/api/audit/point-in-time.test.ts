import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ApiClient } from '../../support/api-client.js';
import { audit, expectOwnersOnly } from '../../support/audit-requests.js';
import { createChannels, subscribe, unsubscribe } from '../../support/channel-requests.js';
import { runEvents } from '../../support/cli-run.js';
import type { JsonObject } from '../../support/json-fields.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** What the live server answered at one moment, to be asked again of the past later. */
interface Moment {
  at: string;
  users: JsonObject[];
  channels: Map<number, JsonObject>;
  subscribers: Map<number, number[]>;
  groups: JsonObject[];
  realm: JsonObject;
  /** Who could read the message the owner sent to each channel at that moment. */
  readers: Map<number, number[]>;
  /** By user: the channels GET /streams/{id} showed them, those they were subscribed to, the groups they were in. */
  rights: Map<number, { canSee: number[]; subscribed: number[]; groups: number[] }>;
}

const USER_FIELDS = ['user_id', 'full_name', 'role', 'is_active', 'is_bot'] as const;
const CHANNEL_FIELDS = ['stream_id', 'name', 'description', 'invite_only', 'is_web_public', 'history_public_to_subscribers', 'is_archived', 'can_subscribe_group', 'can_add_subscribers_group', 'can_administer_channel_group'] as const;
const pick = (object: JsonObject, fields: readonly string[]): JsonObject => Object.fromEntries(fields.map((field) => [field, object[field]]));

/**
 * Point-in-time answers equal what the live server answered then: a scripted history, live answers
 * recorded at several moments, then many later changes, then the same questions asked of the past.
 */
describe('GET /audit/organization and /audit/channels/{id}/readers: the past as it was', function () {
  this.timeout(60_000);
  let server: TestServer;
  let ann: ApiClient;
  let bob: ApiClient;
  let gus: ApiClient;
  let clients: ApiClient[];
  let channelIds: number[];
  const moments: Moment[] = [];

  const tick = (): void => server.clock.advance(60_000);

  async function readersNow(channelId: number, name: string): Promise<number[]> {
    const sent = expectSuccess(await server.owner.post('/messages', { type: 'stream', to: String(channelId), topic: 'audit', content: `at ${name}` }));
    const readers: number[] = [];
    for (const client of clients) {
      const res = await client.get(`/messages/${sent.id as number}`, {});
      if (res.status === 200) readers.push(client.userId);
    }
    return readers.sort((a, b) => a - b);
  }

  async function rightsNow(groups: JsonObject[]): Promise<Moment['rights']> {
    const rights: Moment['rights'] = new Map();
    for (const client of clients) {
      const canSee: number[] = [];
      for (const id of channelIds) if ((await client.get(`/streams/${id}`, {})).status === 200) canSee.push(id);
      const own = await client.get('/users/me/subscriptions', {});
      const subscribed = own.status === 200 ? (own.body.subscriptions as JsonObject[]).map((sub) => sub.stream_id as number).sort((a, b) => a - b) : [];
      const inGroups: number[] = [];
      for (const group of groups) {
        const member = await server.owner.get(`/user_groups/${group.id as number}/members/${client.userId}`, { direct_member_only: 'false' });
        if (member.body.is_user_group_member === true) inGroups.push(group.id as number);
      }
      rights.set(client.userId, { canSee, subscribed, groups: inGroups });
    }
    return rights;
  }

  async function record(): Promise<void> {
    tick();
    const users = (expectSuccess(await server.owner.get('/users', {})).members as JsonObject[]).map((user) => pick(user, USER_FIELDS));
    const channels = new Map<number, JsonObject>();
    const subscribers = new Map<number, number[]>();
    const readers = new Map<number, number[]>();
    for (const id of channelIds) {
      channels.set(id, pick(expectSuccess(await server.owner.get(`/streams/${id}`, {})).stream as JsonObject, CHANNEL_FIELDS));
      subscribers.set(id, (expectSuccess(await server.owner.get(`/streams/${id}/members`, {})).subscribers as number[]).sort((a, b) => a - b));
    }
    const groups = (expectSuccess(await server.owner.get('/user_groups', {})).user_groups as JsonObject[]).map((group) => pick(group, ['id', 'name', 'members', 'direct_subgroup_ids']));
    const realm = expectSuccess(await server.owner.post('/register', { fetch_event_types: JSON.stringify(['realm']) }));
    const at = new Date(server.clock.now()).toISOString();
    tick();
    const rights = await rightsNow(groups);
    for (const id of channelIds) readers.set(id, await readersNow(id, at));
    moments.push({ at, users, channels, subscribers, groups, realm, readers, rights });
  }

  before(async function () {
    server = await startTestServer();
    ann = await server.createUser('Ann');
    bob = await server.createUser('Bob');
    gus = await server.createUser('Gus', Role.Guest);
    clients = [server.owner, ann, bob, gus];
    channelIds = [
      ...(await createChannels(server.owner, ['finance'], { invite_only: true, principals: JSON.stringify([server.owner.userId, ann.userId]) })),
      ...(await createChannels(server.owner, ['lobby'])),
    ];
    const [finance, lobby] = channelIds;
    await record();
    tick();
    expectSuccess(await server.owner.patch(`/users/${ann.userId}`, { role: Role.Administrator }));
    expectSuccess(await subscribe(server.owner, ['finance'], { principals: JSON.stringify([bob.userId]) }));
    expectSuccess(await server.owner.patch(`/streams/${finance}`, { history_public_to_subscribers: false }));
    expectSuccess(await subscribe(server.owner, ['lobby'], { principals: JSON.stringify([gus.userId]) }));
    await record();
    expectSuccess(await server.owner.patch(`/streams/${finance}`, { is_private: false, history_public_to_subscribers: true }));
    expectSuccess(await server.owner.post('/user_groups/create', { name: 'auditors', description: 'They look', members: JSON.stringify([ann.userId, bob.userId]) }));
    expectSuccess(await server.owner.delete(`/users/${bob.userId}`));
    await record();
    expectSuccess(await server.owner.patch(`/streams/${finance}`, { is_private: true }));
    expectSuccess(await unsubscribe(server.owner, ['finance'], { principals: JSON.stringify([ann.userId]) }));
    expectSuccess(await server.owner.patch(`/users/${ann.userId}`, { role: Role.Member }));
    expectSuccess(await unsubscribe(server.owner, ['lobby'], { principals: JSON.stringify([gus.userId]) }));
    await record();
    // Many later changes, none of which may leak into the answers about the moments before.
    for (let round = 0; round < 5; round++) {
      tick();
      const extra = await server.createUser(`Later ${round}`);
      expectSuccess(await subscribe(server.owner, ['finance', 'lobby'], { principals: JSON.stringify([extra.userId, ann.userId]) }));
      expectSuccess(await server.owner.patch(`/streams/${lobby}`, { description: `round ${round}`, is_private: round % 2 === 0 }));
      expectSuccess(await server.owner.patch(`/users/${ann.userId}`, { role: round % 2 === 0 ? Role.Moderator : Role.Administrator }));
    }
  });
  after(() => server.stop());

  it('gives the organization as the live server gave it at each moment: users, channels, subscribers, groups, permissions', async function () {
    for (const moment of moments) {
      const answer = expectSuccess(await audit(server.owner, 'organization', { at: moment.at }));
      expect((answer.users as JsonObject[]).map((user) => pick(user, USER_FIELDS)), moment.at).to.deep.equal(moment.users);
      for (const channel of answer.channels as JsonObject[]) {
        const id = channel.stream_id as number;
        expect(pick(channel, CHANNEL_FIELDS), `${moment.at} channel ${id}`).to.deep.equal(moment.channels.get(id));
        expect(channel.subscribers, `${moment.at} subscribers of ${id}`).to.deep.equal(moment.subscribers.get(id));
      }
      expect((answer.user_groups as JsonObject[]).map((group) => pick(group, ['id', 'name', 'members', 'direct_subgroup_ids'])), moment.at).to.deep.equal(moment.groups);
      for (const [setting, value] of Object.entries(answer.permissions as JsonObject)) expect(value, `${moment.at} ${setting}`).to.deep.equal(moment.realm[`realm_${setting}`]);
    }
  });

  it('gives who could read each channel at each moment, as the live server let them read', async function () {
    for (const moment of moments) {
      for (const id of channelIds) {
        const answer = expectSuccess(await audit(server.owner, `channels/${id}/readers`, { at: moment.at }));
        const readers = (answer.readers as JsonObject[]).map((reader) => reader.user_id as number);
        expect(readers, `${moment.at} readers of ${id}`).to.deep.equal(moment.readers.get(id));
      }
    }
    // The moments differ: the answers are not one answer repeated.
    expect(new Set(moments.map((moment) => JSON.stringify([...moment.readers])))).to.have.length.above(2);
  });

  it("gives each user's effective permissions at each moment: the channels they could see, their subscriptions and groups", async function () {
    for (const moment of moments) {
      for (const [userId, live] of moment.rights) {
        const answer = expectSuccess(await audit(server.owner, `users/${userId}/permissions`, { at: moment.at }));
        const channels = answer.channels as JsonObject[];
        const ids = (flag: string): number[] => channels.filter((channel) => channel[flag] === true).map((channel) => channel.stream_id as number);
        expect(ids('can_see'), `${moment.at} user ${userId} sees`).to.deep.equal(live.canSee);
        expect(ids('subscribed'), `${moment.at} user ${userId} subscribed`).to.deep.equal(live.subscribed);
        expect(answer.user_groups, `${moment.at} user ${userId} groups`).to.deep.equal(live.groups);
        const readable = [...moment.readers].filter(([, readers]) => readers.includes(userId)).map(([id]) => id);
        expect(channels.filter((channel) => channel.subscribed === true || channel.can_read_history === true).map((channel) => channel.stream_id), `${moment.at} user ${userId} reads`).to.deep.equal(readable);
      }
    }
    const owner = expectSuccess(await audit(server.owner, `users/${server.owner.userId}/permissions`));
    expect(owner.permissions).to.deep.include({ can_create_public_channel_group: true });
    const missing = await audit(server.owner, 'users/9999/permissions');
    expect(missing.body).to.deep.include({ code: 'BAD_REQUEST', msg: 'No such user' });
    expectOwnersOnly(await audit(ann, `users/${ann.userId}/permissions`));
    const run = await runEvents(['audit', 'permissions', '--data-dir', server.dataDir, '--user', String(ann.userId), '--at', moments[1].at, '--json']);
    expect(run.code, run.stderr).to.equal(0);
    const { result: _result, msg: _msg, ...expected } = expectSuccess(await audit(server.owner, `users/${ann.userId}/permissions`, { at: moments[1].at }));
    expect(JSON.parse(run.stdout)).to.deep.equal(expected);
  });

  it('answers by log position as by time, and now when neither is given', async function () {
    const byTime = expectSuccess(await audit(server.owner, 'organization', { at: moments[1].at }));
    const byPosition = expectSuccess(await audit(server.owner, 'organization', { position: byTime.position }));
    expect(byPosition).to.deep.equal(byTime);
    const now = expectSuccess(await audit(server.owner, 'organization'));
    const live = (expectSuccess(await server.owner.get('/users', {})).members as JsonObject[]).map((user) => pick(user, USER_FIELDS));
    expect((now.users as JsonObject[]).map((user) => pick(user, USER_FIELDS))).to.deep.equal(live);
  });

  it('gives the operator the same answers on the command line', async function () {
    const answer = expectSuccess(await audit(server.owner, `channels/${channelIds[0]}/readers`, { at: moments[2].at }));
    const run = await runEvents(['audit', 'readers', '--data-dir', server.dataDir, '--channel', String(channelIds[0]), '--at', moments[2].at, '--json']);
    expect(run.code, run.stderr).to.equal(0);
    const { result: _result, msg: _msg, ...expected } = answer;
    expect(JSON.parse(run.stdout)).to.deep.equal(expected);
    const organization = await runEvents(['audit', 'organization', '--data-dir', server.dataDir, '--at', moments[0].at, '--json']);
    expect(organization.code, organization.stderr).to.equal(0);
    expect((JSON.parse(organization.stdout) as { users: JsonObject[] }).users.map((user) => pick(user, USER_FIELDS))).to.deep.equal(moments[0].users);
  });

  it('refuses administrators, moderators, members and guests, a channel that did not exist then, and a bad point', async function () {
    for (const client of [ann, gus]) {
      expectOwnersOnly(await audit(client, 'organization'));
      expectOwnersOnly(await audit(client, `channels/${channelIds[0]}/readers`));
    }
    const unknown = await audit(server.owner, 'channels/9999/readers');
    expect(unknown.status).to.equal(400);
    expect(unknown.body).to.deep.include({ code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    const both = await audit(server.owner, 'organization', { at: moments[0].at, position: 3 });
    expect(both.body).to.deep.include({ code: 'BAD_REQUEST', var_name: 'at' });
    const badTime = await audit(server.owner, 'organization', { at: 'last tuesday' });
    expect(badTime.body).to.deep.include({ code: 'BAD_REQUEST', var_name: 'at' });
  });
});
