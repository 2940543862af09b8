import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { systemGroupIds } from '../support/group-requests.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('user group subgroups and membership', function () {
  let server: TestServer, member: ApiClient, other: ApiClient, guest: ApiClient;
  let serial = 0;
  let sys: Record<string, number>;

  before(async function () {
    ({ server, member, other, guest } = await startServerWith('member', 'other', 'guest'));
    sys = await systemGroupIds(server.owner);
  });
  after(() => server.stop());

  const createGroup = async (params: Record<string, unknown> = {}): Promise<number> => {
    serial += 1;
    return expectSuccess(await member.post('/user_groups/create', { name: `unit ${serial}`, description: '', members: [], ...params })).group_id as number;
  };
  const subgroups = async (id: number, params: Record<string, unknown> = {}) => expectSuccess(await member.get(`/user_groups/${id}/subgroups`, params)).subgroups;
  const isMember = async (id: number, userId: number, params: Record<string, unknown> = {}) =>
    expectSuccess(await member.get(`/user_groups/${id}/members/${userId}`, params)).is_user_group_member;

  describe('GET /user_groups/{id}/subgroups', function () {
    it('lists every group below, or with direct_subgroup_only only the direct ones', async function () {
      expect(await subgroups(sys['role:administrators'])).to.deep.equal([sys['role:owners']]);
      expect(await subgroups(sys['role:members'])).to.deep.equal([sys['role:owners'], sys['role:administrators'], sys['role:moderators'], sys['role:fullmembers']].sort((a, b) => a - b));
      expect(await subgroups(sys['role:members'], { direct_subgroup_only: true })).to.deep.equal([sys['role:fullmembers']]);
      expect(await subgroups(sys['role:nobody'])).to.deep.equal([]);
    });

    it('answers guests too, and refuses an unknown group', async function () {
      expect(expectSuccess(await guest.get(`/user_groups/${sys['role:administrators']}/subgroups`)).subgroups).to.deep.equal([sys['role:owners']]);
      expectExactFailure(await member.get('/user_groups/9999/subgroups'), 'BAD_REQUEST', 'Invalid user group');
    });
  });

  describe('POST /user_groups/{id}/subgroups', function () {
    it('adds and removes subgroups, announced as add_subgroups and remove_subgroups', async function () {
      const [a, b, parent] = [await createGroup(), await createGroup(), await createGroup()];
      const queue = await registerQueue(other, { event_types: ['user_group'] });
      expect(expectSuccess(await member.post(`/user_groups/${parent}/subgroups`, { add: [a, b] }))).to.deep.equal({ result: 'success', msg: '' });
      expect(await subgroups(parent)).to.deep.equal([a, b]);
      expectSuccess(await member.post(`/user_groups/${parent}/subgroups`, { delete: [a] }));
      expect(await subgroups(parent)).to.deep.equal([b]);
      expect(ofType(await drain(queue), 'user_group').map(({ id: _id, ...rest }) => rest)).to.deep.equal([
        { type: 'user_group', op: 'add_subgroups', group_id: parent, direct_subgroup_ids: [a, b] },
        { type: 'user_group', op: 'remove_subgroups', group_id: parent, direct_subgroup_ids: [a] },
      ]);
    });

    it('refuses empty requests, cycles, deactivated groups, non-subgroups and non-managers, changing nothing', async function () {
      const [child, parent] = [await createGroup(), await createGroup()];
      expectSuccess(await member.post(`/user_groups/${parent}/subgroups`, { add: [child] }));
      const retired = await createGroup();
      expectSuccess(await member.post(`/user_groups/${retired}/deactivate`));
      const post = (params: Record<string, unknown>, client = member) => client.post(`/user_groups/${child}/subgroups`, params);
      expectExactFailure(await post({}), 'BAD_REQUEST', "Nothing to do. Specify at least one of 'add' or 'delete'.");
      expectExactFailure(await post({ add: [parent] }), 'BAD_REQUEST', `User group ${parent} cannot be a subgroup of group ${child}: it would create a cycle.`);
      expectExactFailure(await post({ add: [child] }), 'BAD_REQUEST', `User group ${child} cannot be a subgroup of itself.`);
      expectExactFailure(await post({ add: [retired] }), 'BAD_REQUEST', `User group ${retired} is deactivated and cannot be a subgroup.`);
      expectExactFailure(await post({ add: [9999] }), 'BAD_REQUEST', 'Invalid user group ID: 9999');
      expectExactFailure(await post({ delete: [parent] }), 'BAD_REQUEST', `User group ${parent} is not a subgroup of this group.`);
      expectExactFailure(await post({ add: 'all' }), 'BAD_REQUEST', "Argument 'add' is not valid JSON.");
      expectExactFailure(await post({ add: [sys['role:moderators']] }, other), 'BAD_REQUEST', 'Insufficient permission');
      expectExactFailure(await server.owner.post(`/user_groups/${sys['role:members']}/subgroups`, { add: [child] }), 'BAD_REQUEST', 'Insufficient permission');
      expectExactFailure(await member.post('/user_groups/9999/subgroups', { add: [child] }), 'BAD_REQUEST', 'Invalid user group');
      expect(await subgroups(child)).to.deep.equal([]);
    });
  });

  describe('GET /user_groups/{id}/members/{user_id}', function () {
    it('answers through subgroups unless direct_member_only', async function () {
      const inner = await createGroup({ members: [other.userId] });
      const outer = await createGroup({ members: [member.userId], subgroups: [inner] });
      expect(await isMember(outer, member.userId)).to.equal(true);
      expect(await isMember(outer, other.userId)).to.equal(true);
      expect(await isMember(outer, other.userId, { direct_member_only: true })).to.equal(false);
      expect(await isMember(outer, guest.userId)).to.equal(false);
      expect(await isMember(sys['role:everyone'], guest.userId, { direct_member_only: true })).to.equal(true);
      expect(await isMember(sys['role:members'], server.owner.userId)).to.equal(true);
      expect(await isMember(sys['role:members'], guest.userId)).to.equal(false);
    });

    it('refuses an unknown user or group', async function () {
      const id = await createGroup({ members: [member.userId] });
      expectExactFailure(await member.get(`/user_groups/${id}/members/9999`), 'BAD_REQUEST', "Invalid 'user_id': no user 9999");
      expectExactFailure(await member.get(`/user_groups/9999/members/${member.userId}`), 'BAD_REQUEST', 'Invalid user group');
    });
  });
});
