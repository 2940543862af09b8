import { expect } from 'chai';
import { type RealmGroupSettingName, Role } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { createChannels } from '../support/channel-requests.js';
import { createLink } from '../support/invite-requests.js';
import { numberField } from '../support/json-fields.js';
import { expectBadRequest, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('invitation links: creating', function () {
  let server: TestServer, admin: ApiClient, moderator: ApiClient, member: ApiClient, guest: ApiClient;
  const channel: Record<string, number> = {};
  let ownersGroup: number;
  let membersGroup: number;

  const createChannel = async (name: string, params: Record<string, unknown> = {}): Promise<void> => {
    [channel[name]] = await createChannels(server.owner, [name], params);
  };
  const createGroup = async (client: ApiClient, name: string): Promise<number> =>
    numberField(expectSuccess(await client.post('/user_groups/create', { name, description: '', members: [] })), 'group_id');

  before(async function () {
    ({ server, admin, moderator, member, guest } = await startServerWith('admin', 'moderator', 'member', 'guest'));
    await createChannel('lobby', { is_default_stream: true });
    await createChannel('projects');
    await createChannel('vault', { invite_only: true });
    await createChannel('ops', { invite_only: true, can_administer_channel_group: { direct_members: [member.userId], direct_subgroups: [] } });
    ownersGroup = await createGroup(server.owner, 'Owners circle');
    membersGroup = await createGroup(member, 'Mia team');
  });
  after(() => server.stop());

  const roles: [string, () => ApiClient][] = [
    ['an owner', () => server.owner],
    ['an administrator', () => admin],
    ['a moderator', () => moderator],
    ['a member', () => member],
  ];
  for (const [who, client] of roles) {
    it(`lets ${who} create a link (can_invite_users_group is role:members)`, async function () {
      const link = await createLink(server, client());
      expect(link.key.length).to.be.at.least(24);
    });
  }

  it('refuses a guest', async function () {
    expectBadRequest(await guest.post('/invites/multiuse'), 'Insufficient permission');
  });

  it('gives every link its own key', async function () {
    const keys = new Set([(await createLink(server, member)).key, (await createLink(server, member)).key]);
    expect(keys.size).to.equal(2);
  });

  const above: [string, () => ApiClient, number, number][] = [
    ['an administrator', () => admin, Role.Owner, Role.Administrator],
    ['a moderator', () => moderator, Role.Administrator, Role.Moderator],
    ['a member', () => member, Role.Moderator, Role.Guest],
  ];
  for (const [who, client, refused, allowed] of above) {
    it(`refuses ${who} a role above their own (${refused}) and allows ${allowed}`, async function () {
      expectBadRequest(await client().post('/invites/multiuse', { invite_as: refused }), "'invite_as'");
      await createLink(server, client(), { invite_as: allowed });
    });
  }

  it('lets an owner invite owners, and refuses a role that does not exist', async function () {
    await createLink(server, server.owner, { invite_as: Role.Owner });
    expectBadRequest(await server.owner.post('/invites/multiuse', { invite_as: 500 }), "Invalid 'invite_as'");
  });

  it('refuses a channel that does not exist or that the caller cannot see', async function () {
    expectBadRequest(await member.post('/invites/multiuse', { stream_ids: [9999] }), "Invalid channel ID 9999 in 'stream_ids'");
    expectBadRequest(await member.post('/invites/multiuse', { stream_ids: [channel.projects, channel.vault] }), `Invalid channel ID ${channel.vault}`);
  });

  it('refuses a channel the caller knows but may not subscribe others to', async function () {
    const res = await member.post('/invites/multiuse', { stream_ids: [channel.ops] });
    expectBadRequest(res, `Insufficient permission to subscribe other users to channel ${channel.ops}`);
  });

  it('accepts default channels and channels the caller may add subscribers to (private ones the caller is in)', async function () {
    await createLink(server, member, { stream_ids: [channel.lobby, channel.projects], include_realm_default_subscriptions: true });
    await createLink(server, server.owner, { stream_ids: [channel.vault, channel.ops] });
  });

  it('refuses a group the caller may not add members to, and system groups', async function () {
    expectBadRequest(await member.post('/invites/multiuse', { group_ids: [membersGroup, ownersGroup] }), `user group ${ownersGroup} in 'group_ids'`);
    const groups = expectSuccess(await server.owner.get('/user_groups')).user_groups as { id: number; name: string }[];
    const everyone = groups.find((group) => group.name === 'role:everyone')!.id;
    expectBadRequest(await server.owner.post('/invites/multiuse', { group_ids: [everyone] }), `Invalid user group ID ${everyone} in 'group_ids'`);
    await createLink(server, member, { group_ids: [membersGroup] });
    await createLink(server, admin, { group_ids: [membersGroup, ownersGroup] });
  });

  it('refuses a welcome text over 8000 characters, and keeps one only from administrators', async function () {
    expectBadRequest(await admin.post('/invites/multiuse', { welcome_message_custom_text: 'w'.repeat(8001) }), "'welcome_message_custom_text'");
    const before = (await server.ctx.models.invites.all()).length;
    await createLink(server, admin, { welcome_message_custom_text: 'w'.repeat(8000) });
    await createLink(server, member, { welcome_message_custom_text: 'Hello from Mia' });
    const latest = (await server.ctx.models.invites.all()).sort((a, b) => a.id - b.id).slice(before);
    expect(latest.map((invite) => invite.welcome_message_custom_text)).to.deep.equal(['w'.repeat(8000), null]);
  });

  it('refuses an expiry that is not a positive integer or null', async function () {
    for (const bad of [0, -1, 2.5]) expectBadRequest(await member.post('/invites/multiuse', { invite_expires_in_minutes: bad }), "'invite_expires_in_minutes'");
    expectBadRequest(await member.post('/invites/multiuse', { invite_expires_in_minutes: 'soon' }), "'invite_expires_in_minutes'");
  });

  /** The owner sets organization permissions through PATCH /realm. */
  const setRealmPermission = async (changes: Partial<Record<RealmGroupSettingName, number>>): Promise<void> => {
    const params = Object.fromEntries(Object.entries(changes).map(([name, value]) => [name, { new: value }]));
    expectSuccess(await server.owner.patch('/realm', params));
  };
  const systemGroup = async (name: string): Promise<number> =>
    (expectSuccess(await server.owner.get('/user_groups')).user_groups as { id: number; name: string }[]).find((group) => group.name === name)!.id;

  it('refuses any channel, a default one too, from a caller who may not subscribe others', async function () {
    await setRealmPermission({ can_add_subscribers_group: await systemGroup('role:administrators') });
    try {
      const res = await member.post('/invites/multiuse', { stream_ids: [channel.lobby] });
      expectBadRequest(res, "Insufficient permission to subscribe other users to channels: 'stream_ids' must be empty");
      await createLink(server, member, { include_realm_default_subscriptions: true });
      await createLink(server, admin, { stream_ids: [channel.lobby] });
    } finally {
      await setRealmPermission({ can_add_subscribers_group: await systemGroup('role:members') });
    }
  });

  it('follows can_invite_users_group', async function () {
    await setRealmPermission({ can_invite_users_group: await systemGroup('role:administrators') });
    try {
      expectBadRequest(await moderator.post('/invites/multiuse'), 'Insufficient permission');
      await createLink(server, admin);
    } finally {
      await setRealmPermission({ can_invite_users_group: await systemGroup('role:members') });
    }
    await createLink(server, moderator);
  });

  it('appends nothing for a refused request', async function () {
    const head = await server.ctx.store.headPosition();
    expectBadRequest(await member.post('/invites/multiuse', { stream_ids: [channel.projects], group_ids: [ownersGroup] }), `${ownersGroup}`);
    expect(await server.ctx.store.headPosition()).to.equal(head);
  });
});
