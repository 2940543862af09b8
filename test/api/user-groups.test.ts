import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { numberField } from '../support/json-fields.js';
import { expectFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

type Group = Record<string, unknown> & { id: number; name: string; members: number[]; direct_subgroup_ids: number[] };

const SYSTEM_NAMES = [
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:internet',
  'role:nobody',
];

describe('user groups API', function () {
  let server: TestServer, admin: ApiClient, moderator: ApiClient, member: ApiClient, other: ApiClient, guest: ApiClient;
  let serial = 0;

  before(async function () {
    ({ server, admin, moderator, member, other, guest } = await startServerWith('admin', 'moderator', 'member', 'other', 'guest'));
  });
  after(() => server.stop());

  const groups = async (params: Record<string, unknown> = {}): Promise<Group[]> => expectSuccess(await server.owner.get('/user_groups', params)).user_groups as Group[];
  const byName = async (name: string, params: Record<string, unknown> = {}): Promise<Group | undefined> =>
    (await groups(params)).find((group) => group.name === name);
  const sys = async (name: string): Promise<Group> => (await byName(name))!;
  const createGroup = async (client: ApiClient, params: Record<string, unknown> = {}): Promise<number> => {
    serial += 1;
    const res = await client.post('/user_groups/create', { name: `team ${serial}`, description: 'A team', members: [], ...params });
    return numberField(expectSuccess(res), 'group_id');
  };

  describe('system groups', function () {
    it('exist from the start, nested by role, with members derived from roles', async function () {
      const all = await groups();
      const system = all.filter((group) => group.is_system_group);
      expect(system.map((group) => group.name)).to.deep.equal(SYSTEM_NAMES);
      const id = (name: string) => system.find((group) => group.name === name)!.id;
      expect(system.find((g) => g.name === 'role:administrators')!.direct_subgroup_ids).to.deep.equal([id('role:owners')]);
      expect(system.find((g) => g.name === 'role:everyone')!.direct_subgroup_ids).to.deep.equal([id('role:members')]);
      expect(system.find((g) => g.name === 'role:nobody')!.direct_subgroup_ids).to.deep.equal([]);
      expect(system.find((g) => g.name === 'role:owners')!.members).to.deep.equal([server.owner.userId]);
      expect(system.find((g) => g.name === 'role:administrators')!.members).to.deep.equal([admin.userId]);
      expect(system.find((g) => g.name === 'role:moderators')!.members).to.deep.equal([moderator.userId]);
      expect(system.find((g) => g.name === 'role:fullmembers')!.members).to.include.members([member.userId, other.userId]);
      expect(system.find((g) => g.name === 'role:everyone')!.members).to.deep.equal([guest.userId]);
      for (const group of system) {
        expect(group).to.include({ deactivated: false, creator_id: null });
        expect(group).to.have.keys([
          'id', 'name', 'description', 'members', 'direct_subgroup_ids', 'is_system_group', 'deactivated', 'date_created', 'creator_id',
          'can_add_members_group', 'can_join_group', 'can_leave_group', 'can_manage_group', 'can_mention_group', 'can_remove_members_group',
        ]);
      }
    });

    it('list recursive members: role:members holds everyone but guests', async function () {
      const members = expectSuccess(await member.get(`/user_groups/${(await sys('role:members')).id}/members`)).members as number[];
      expect(members).to.include.members([server.owner.userId, admin.userId, moderator.userId, member.userId]);
      expect(members).to.not.include(guest.userId);
      const direct = expectSuccess(await member.get(`/user_groups/${(await sys('role:members')).id}/members`, { direct_member_only: true }));
      expect(direct.members).to.deep.equal([]);
    });

    it('follow role changes without membership events of their own', async function () {
      const user = await server.createUser('Rolf Rolechange');
      expect((await sys('role:fullmembers')).members).to.include(user.userId);
      expectSuccess(await server.owner.patch(`/users/${user.userId}`, { role: Role.Moderator }));
      expect((await sys('role:fullmembers')).members).to.not.include(user.userId);
      expect((await sys('role:moderators')).members).to.include(user.userId);
    });

    it('cannot be edited, renamed or deactivated, even by the owner', async function () {
      const members = await sys('role:members');
      expectFailure(await server.owner.post(`/user_groups/${members.id}/members`, { add: [guest.userId] }), 'BAD_REQUEST', 'Insufficient permission');
      expectFailure(await server.owner.patch(`/user_groups/${members.id}`, { name: 'people' }), 'BAD_REQUEST', 'Insufficient permission');
      expectFailure(await server.owner.post(`/user_groups/${members.id}/deactivate`), 'BAD_REQUEST', 'Insufficient permission');
    });

    it('are the values of the organization group settings in the register response', async function () {
      const state = expectSuccess(await member.post('/register', { fetch_event_types: ['realm'] }));
      expect(state.realm_can_create_groups).to.equal((await sys('role:members')).id);
      expect(state.realm_can_manage_all_groups).to.equal((await sys('role:owners')).id);
      expect(state.realm_can_mention_many_users_group).to.equal((await sys('role:administrators')).id);
      for (const name of ['can_resolve_topics_group', 'can_move_messages_between_channels_group', 'can_move_messages_between_topics_group',
        'can_invite_users_group', 'can_add_subscribers_group', 'can_create_public_channel_group', 'can_create_private_channel_group']) {
        expect(state[`realm_${name}`], name).to.be.a('number');
      }
    });
  });

  describe('POST /user_groups/create', function () {
    for (const [label, client] of [['owner', () => server.owner], ['administrator', () => admin], ['moderator', () => moderator], ['member', () => member]] as const) {
      it(`lets the ${label} create a group they manage`, async function () {
        const creator = client();
        const id = await createGroup(creator, { members: [member.userId, other.userId], description: 'Backend people' });
        const group = (await groups()).find((g) => g.id === id)!;
        expect(group).to.include({ description: 'Backend people', is_system_group: false, deactivated: false, creator_id: creator.userId });
        expect(group.members).to.deep.equal([member.userId, other.userId].sort((a, b) => a - b));
        expect(group.can_manage_group).to.deep.equal({ direct_members: [creator.userId], direct_subgroups: [] });
        expect(group.date_created).to.equal(Math.floor(server.clock.now() / 1000));
      });
    }

    it('refuses a guest', async function () {
      expectFailure(await guest.post('/user_groups/create', { name: 'guests only', description: '', members: [] }), 'BAD_REQUEST', 'Insufficient permission');
      expect(await byName('guests only')).to.equal(undefined);
    });

    it('takes subgroups and group-setting values in both forms', async function () {
      const sub = await createGroup(member);
      const id = await createGroup(member, {
        subgroups: [sub],
        can_mention_group: (await sys('role:moderators')).id,
        can_join_group: { direct_members: [other.userId], direct_subgroups: [sub] },
      });
      const group = (await groups()).find((g) => g.id === id)!;
      expect(group.direct_subgroup_ids).to.deep.equal([sub]);
      expect(group.can_mention_group).to.equal((await sys('role:moderators')).id);
      expect(group.can_join_group).to.deep.equal({ direct_members: [other.userId], direct_subgroups: [sub] });
    });

    it('refuses bad names, members, subgroups and setting values, and records nothing', async function () {
      const taken = await createGroup(member, { name: 'Design' });
      expect(taken).to.be.a('number');
      const before = (await groups({ include_deactivated_groups: true })).length;
      const post = (params: Record<string, unknown>) => member.post('/user_groups/create', { name: 'fresh', description: '', members: [], ...params });
      expectFailure(await post({ name: '  ' }), 'BAD_REQUEST', "Invalid 'name'");
      expectFailure(await post({ name: 'DESIGN' }), 'BAD_REQUEST', "User group 'DESIGN' already exists.");
      expectFailure(await post({ name: 'role:designers' }), 'BAD_REQUEST', "cannot start with 'role:'");
      expectFailure(await post({ members: [member.userId, 9999] }), 'BAD_REQUEST', 'Invalid user ID: 9999');
      expectFailure(await post({ subgroups: [9999] }), 'BAD_REQUEST', 'Invalid user group ID: 9999');
      expectFailure(await post({ can_manage_group: (await sys('role:everyone')).id }), 'BAD_REQUEST', "'role:everyone'");
      expectFailure(await post({ can_mention_group: 9999 }), 'BAD_REQUEST', 'Invalid user group ID: 9999');
      expectFailure(await post({ members: 'not json' }), 'BAD_REQUEST', "'members'");
      const missing = await member.post('/user_groups/create', { description: '', members: [] });
      expectFailure(missing, 'REQUEST_VARIABLE_MISSING', "'name'");
      expect((await groups({ include_deactivated_groups: true })).length).to.equal(before);
    });
  });

  describe('POST /user_groups/{id}/members', function () {
    it('adds and removes members and subgroups; GET members is recursive', async function () {
      const sub = await createGroup(member, { members: [guest.userId] });
      const id = await createGroup(member, { members: [member.userId] });
      expectSuccess(await member.post(`/user_groups/${id}/members`, { add: [other.userId, moderator.userId], delete: [member.userId], add_subgroups: [sub] }));
      let group = (await groups()).find((g) => g.id === id)!;
      expect(group.members).to.deep.equal([moderator.userId, other.userId].sort((a, b) => a - b));
      expect(group.direct_subgroup_ids).to.deep.equal([sub]);
      const all = expectSuccess(await member.get(`/user_groups/${id}/members`)).members;
      expect(all).to.deep.equal([moderator.userId, other.userId, guest.userId].sort((a, b) => a - b));
      expect(expectSuccess(await member.get(`/user_groups/${id}/members`, { direct_member_only: true })).members).to.not.include(guest.userId);
      expectSuccess(await member.post(`/user_groups/${id}/members`, { delete_subgroups: [sub] }));
      group = (await groups()).find((g) => g.id === id)!;
      expect(group.direct_subgroup_ids).to.deep.equal([]);
    });

    it('refuses duplicates, non-members, unknown users and bad subgroups', async function () {
      const id = await createGroup(member, { members: [member.userId] });
      const parent = await createGroup(member, { subgroups: [id] });
      const post = (params: Record<string, unknown>) => member.post(`/user_groups/${id}/members`, params);
      expectFailure(await post({ add: [member.userId] }), 'BAD_REQUEST', `User ${member.userId} is already a member`);
      expectFailure(await post({ delete: [other.userId] }), 'BAD_REQUEST', `There is no member '${other.userId}'`);
      expectFailure(await post({ add: [9999] }), 'BAD_REQUEST', 'Invalid user ID: 9999');
      expectFailure(await post({ add_subgroups: [id] }), 'BAD_REQUEST', 'cannot be a subgroup of itself');
      expectFailure(await post({ add_subgroups: [parent] }), 'BAD_REQUEST', 'cycle');
      expectFailure(await post({ delete_subgroups: [parent] }), 'BAD_REQUEST', 'is not a subgroup');
      expectFailure(await post({}), 'BAD_REQUEST', 'Nothing to do');
      expect((await groups()).find((g) => g.id === id)!.members).to.deep.equal([member.userId]);
    });

    it('lets the owner and administrators edit anyone’s group, but not other non-managers', async function () {
      const id = await createGroup(member);
      expectSuccess(await admin.post(`/user_groups/${id}/members`, { add: [other.userId] }));
      expectSuccess(await server.owner.post(`/user_groups/${id}/members`, { add: [guest.userId] }));
      for (const client of [moderator, other, guest]) {
        expectFailure(await client.post(`/user_groups/${id}/members`, { add: [moderator.userId] }), 'BAD_REQUEST', 'Insufficient permission');
      }
      expectSuccess(await member.post(`/user_groups/${id}/members`, { delete: [guest.userId] }));
    });

    it('answers "Invalid user group" for an unknown group on every endpoint', async function () {
      expectFailure(await member.post('/user_groups/9999/members', { add: [member.userId] }), 'BAD_REQUEST', 'Invalid user group');
      expectFailure(await member.get('/user_groups/9999/members'), 'BAD_REQUEST', 'Invalid user group');
      expectFailure(await member.patch('/user_groups/9999', { name: 'x' }), 'BAD_REQUEST', 'Invalid user group');
      expectFailure(await member.post('/user_groups/9999/deactivate'), 'BAD_REQUEST', 'Invalid user group');
    });
  });

  describe('PATCH /user_groups/{id}', function () {
    it('renames and describes; refuses taken and reserved names and non-managers', async function () {
      const id = await createGroup(member);
      await createGroup(member, { name: 'Taken Name' });
      expectSuccess(await member.patch(`/user_groups/${id}`, { name: 'Renamed', description: 'New words' }));
      expect((await groups()).find((g) => g.id === id)).to.include({ name: 'Renamed', description: 'New words' });
      expectFailure(await member.patch(`/user_groups/${id}`, { name: 'taken name' }), 'BAD_REQUEST', 'already exists');
      expectFailure(await member.patch(`/user_groups/${id}`, { name: 'role:x' }), 'BAD_REQUEST', "cannot start with 'role:'");
      expectFailure(await moderator.patch(`/user_groups/${id}`, { name: 'Mine' }), 'BAD_REQUEST', 'Insufficient permission');
      expect((await groups()).find((g) => g.id === id)!.name).to.equal('Renamed');
    });
  });

  describe('deactivation and reactivation', function () {
    it('refuses a group in use as a subgroup, listing the objection; succeeds once unused', async function () {
      const child = await createGroup(member);
      const parent = await createGroup(member, { subgroups: [child] });
      const res = await member.post(`/user_groups/${child}/deactivate`);
      expectFailure(res, 'CANNOT_DEACTIVATE_GROUP_IN_USE', 'in use');
      expect(res.body.objections).to.deep.equal([{ type: 'user_group', group_id: parent, settings: ['direct_subgroup_ids'] }]);
      expect((await groups()).find((g) => g.id === child)!.deactivated).to.equal(false);
      expectSuccess(await member.post(`/user_groups/${parent}/members`, { delete_subgroups: [child] }));
      expectSuccess(await member.post(`/user_groups/${child}/deactivate`));
      expect((await groups()).map((g) => g.id)).to.not.include(child);
      expect((await groups({ include_deactivated_groups: true })).find((g) => g.id === child)!.deactivated).to.equal(true);
    });

    it('refuses a group an organization setting uses, with a realm objection', async function () {
      const id = await createGroup(member);
      expectSuccess(await server.owner.patch('/realm', { can_invite_users_group: { new: id } }));
      const res = await member.post(`/user_groups/${id}/deactivate`);
      expectFailure(res, 'CANNOT_DEACTIVATE_GROUP_IN_USE', 'in use');
      expect(res.body.objections).to.deep.equal([{ type: 'realm', settings: ['can_invite_users_group'] }]);
      expectSuccess(await server.owner.patch('/realm', { can_invite_users_group: { new: (await sys('role:members')).id, old: id } }));
      expectSuccess(await member.post(`/user_groups/${id}/deactivate`));
    });

    it('a deactivated group cannot be a subgroup or a setting value, but its members can change, it can be renamed and reactivated', async function () {
      const id = await createGroup(member, { members: [member.userId] });
      expectSuccess(await member.post(`/user_groups/${id}/deactivate`));
      const host = await createGroup(member);
      expectFailure(await member.post(`/user_groups/${host}/members`, { add_subgroups: [id] }), 'BAD_REQUEST', 'deactivated');
      expectFailure(await member.post('/user_groups/create', { name: 'uses it', description: '', members: [], can_mention_group: id }), 'BAD_REQUEST', 'deactivated');
      expectSuccess(await member.post(`/user_groups/${id}/members`, { add: [other.userId] }));
      expectSuccess(await member.patch(`/user_groups/${id}`, { name: `archived ${id}` }));
      let group = (await groups({ include_deactivated_groups: true })).find((g) => g.id === id)!;
      expect(group).to.include({ name: `archived ${id}`, deactivated: true });
      expect(group.members).to.deep.equal([member.userId, other.userId].sort((a, b) => a - b));
      expectFailure(await moderator.patch(`/user_groups/${id}`, { deactivated: false }), 'BAD_REQUEST', 'Insufficient permission');
      expectSuccess(await member.patch(`/user_groups/${id}`, { deactivated: false }));
      group = (await groups()).find((g) => g.id === id)!;
      expect(group.deactivated).to.equal(false);
      expectSuccess(await member.post(`/user_groups/${host}/members`, { add_subgroups: [id] }));
    });

    it('refuses non-managers', async function () {
      const id = await createGroup(member);
      for (const client of [moderator, other, guest]) {
        expectFailure(await client.post(`/user_groups/${id}/deactivate`), 'BAD_REQUEST', 'Insufficient permission');
      }
      expectSuccess(await admin.post(`/user_groups/${id}/deactivate`));
    });
  });

  describe('GET /user_groups', function () {
    it('is refused to guests', async function () {
      expectFailure(await guest.get('/user_groups'), 'BAD_REQUEST', 'guest');
    });
  });
});
