import { expect } from 'chai';
import { USER_GROUP_SETTING_NAMES } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

type Group = Record<string, unknown> & { id: number; name: string };

describe('PATCH /user_groups/{id}: permission settings', function () {
  let server: TestServer, admin: ApiClient, moderator: ApiClient, member: ApiClient, other: ApiClient, guest: ApiClient;
  let serial = 0;
  const sys: Record<string, number> = {};

  before(async function () {
    ({ server, admin, moderator, member, other, guest } = await startServerWith('admin', 'moderator', 'member', 'other', 'guest'));
    for (const group of await groups()) if (group.is_system_group) sys[group.name] = group.id;
  });
  after(() => server.stop());

  async function groups(params: Record<string, unknown> = {}): Promise<Group[]> {
    return expectSuccess(await server.owner.get('/user_groups', params)).user_groups as Group[];
  }
  const groupById = async (id: number): Promise<Group> => (await groups({ include_deactivated_groups: true })).find((group) => group.id === id)!;
  /** A group the member created, so the member manages it. */
  const createGroup = async (params: Record<string, unknown> = {}): Promise<number> => {
    serial += 1;
    return expectSuccess(await member.post('/user_groups/create', { name: `crew ${serial}`, description: '', members: [member.userId], ...params })).group_id as number;
  };
  const head = () => server.ctx.store.headPosition();

  it('changes each of the six settings; GET /user_groups and register show the new values', async function () {
    const id = await createGroup();
    const values: Record<string, unknown> = {
      can_add_members_group: sys['role:moderators'],
      can_join_group: { direct_members: [other.userId], direct_subgroups: [sys['role:administrators']] },
      can_leave_group: sys['role:nobody'],
      can_manage_group: { direct_members: [member.userId, other.userId], direct_subgroups: [] },
      can_mention_group: sys['role:members'],
      can_remove_members_group: sys['role:owners'],
    };
    for (const name of USER_GROUP_SETTING_NAMES) {
      expect(expectSuccess(await member.patch(`/user_groups/${id}`, { [name]: { new: values[name] } })), name).to.deep.equal({ result: 'success', msg: '' });
    }
    const listed = await groupById(id);
    const registered = (expectSuccess(await member.post('/register', { fetch_event_types: ['user_group'] })).realm_user_groups as Group[]).find((group) => group.id === id)!;
    for (const name of USER_GROUP_SETTING_NAMES) {
      expect(listed[name], name).to.deep.equal(values[name]);
      expect(registered[name], name).to.deep.equal(values[name]);
    }
  });

  it('stores an anonymous group of one subgroup as that group, and appends nothing for a value in another spelling', async function () {
    const id = await createGroup();
    expectSuccess(await member.patch(`/user_groups/${id}`, { can_mention_group: { new: { direct_members: [], direct_subgroups: [sys['role:moderators']] } } }));
    expect((await groupById(id)).can_mention_group).to.equal(sys['role:moderators']);
    const before = await head();
    expectSuccess(await member.patch(`/user_groups/${id}`, { can_mention_group: { new: { direct_members: [], direct_subgroups: [sys['role:moderators'], sys['role:moderators']] }, old: sys['role:moderators'] } }));
    expect(await head()).to.equal(before);
  });

  it('lets the owner, administrators and holders of can_manage_all_groups change a group they do not manage', async function () {
    const id = await createGroup();
    expectSuccess(await server.owner.patch(`/user_groups/${id}`, { can_mention_group: { new: sys['role:administrators'] } }));
    expectSuccess(await admin.patch(`/user_groups/${id}`, { can_mention_group: { new: sys['role:moderators'] } }));
    expectExactFailure(await moderator.patch(`/user_groups/${id}`, { can_mention_group: { new: sys['role:members'] } }), 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(await server.owner.patch('/realm', { can_manage_all_groups: { new: sys['role:moderators'] } }));
    try {
      expectSuccess(await moderator.patch(`/user_groups/${id}`, { can_mention_group: { new: sys['role:members'] } }));
    } finally {
      expectSuccess(await server.owner.patch('/realm', { can_manage_all_groups: { new: sys['role:owners'] } }));
    }
    expect((await groupById(id)).can_mention_group).to.equal(sys['role:members']);
  });

  it('refuses members and guests who do not manage the group, and every change to a system group', async function () {
    const id = await createGroup();
    for (const client of [other, guest]) {
      expectExactFailure(await client.patch(`/user_groups/${id}`, { can_join_group: { new: sys['role:everyone'] } }), 'BAD_REQUEST', 'Insufficient permission');
    }
    expectExactFailure(await server.owner.patch(`/user_groups/${sys['role:members']}`, { can_mention_group: { new: sys['role:members'] } }), 'BAD_REQUEST', 'Insufficient permission');
    expect((await groupById(id)).can_join_group).to.equal(sys['role:nobody']);
  });

  it('refuses a stale old value, naming the setting', async function () {
    const id = await createGroup();
    const res = await member.patch(`/user_groups/${id}`, { can_leave_group: { new: sys['role:nobody'], old: sys['role:members'] } });
    expectExactFailure(res, 'BAD_REQUEST', "Invalid 'can_leave_group': 'old' value does not match the expected value.");
    expect(res.body).to.not.have.property('var_name');
    expectSuccess(await member.patch(`/user_groups/${id}`, { can_leave_group: { new: sys['role:nobody'], old: sys['role:everyone'] } }));
  });

  it('refuses bad values with a message naming the setting, and applies nothing of the request', async function () {
    const id = await createGroup();
    const { name } = await groupById(id);
    const retired = await createGroup();
    expectSuccess(await member.post(`/user_groups/${retired}/deactivate`));
    const patch = (params: Record<string, unknown>) => member.patch(`/user_groups/${id}`, { name: `renamed ${id}`, ...params });
    const before = await head();
    expectExactFailure(await patch({ can_manage_group: { new: sys['role:everyone'] } }), 'BAD_REQUEST', "'can_manage_group' setting cannot be set to 'role:everyone' group.");
    expectExactFailure(await patch({ can_mention_group: { new: sys['role:owners'] } }), 'BAD_REQUEST', "'can_mention_group' setting cannot be set to 'role:owners' group.");
    expectExactFailure(await patch({ can_join_group: { new: sys['role:internet'] } }), 'BAD_REQUEST', "'can_join_group' setting cannot be set to 'role:internet' group.");
    expectExactFailure(await patch({ can_join_group: { new: retired } }), 'BAD_REQUEST', `Invalid 'can_join_group': user group ${retired} is deactivated`);
    expectExactFailure(await patch({ can_add_members_group: { new: 9999 } }), 'BAD_REQUEST', "Invalid user group ID: 9999 in 'can_add_members_group'");
    expectExactFailure(await patch({ can_add_members_group: { new: { direct_members: [9999], direct_subgroups: [] } } }), 'BAD_REQUEST', "Invalid user ID: 9999 in 'can_add_members_group'");
    expectExactFailure(await patch({ can_mention_group: 'moderators' }), 'BAD_REQUEST', "Argument 'can_mention_group' is not valid JSON.");
    expectExactFailure(await patch({ can_mention_group: { new: 'moderators' } }), 'BAD_REQUEST', "Invalid 'can_mention_group[new]': must be integer,object");
    expectExactFailure(await patch({ can_mention_group: { new: 1, extra: 2 } }), 'BAD_REQUEST', "Invalid 'can_mention_group': must NOT have additional properties");
    expect(await head()).to.equal(before);
    expect((await groupById(id)).name).to.equal(name);
  });

  it("changes a deactivated group's settings", async function () {
    const id = await createGroup();
    expectSuccess(await member.post(`/user_groups/${id}/deactivate`));
    expectSuccess(await member.patch(`/user_groups/${id}`, { can_join_group: { new: sys['role:members'] } }));
    const group = await groupById(id);
    expect(group).to.include({ deactivated: true, can_join_group: sys['role:members'] });
  });
});
