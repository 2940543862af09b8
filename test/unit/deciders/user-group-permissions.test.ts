import { expect } from 'chai';
import { decideUpdateUserGroup, decideUpdateUserGroupSubgroups, type GroupSettingUpdate, type UserGroupSettingName, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aGroup, groupContext, SYS } from '../../support/user-group-factory.js';
import { someUsers } from '../../support/user-state-factory.js';

const { owner, admin, moderator, member, guest, other, gone } = someUsers();
const USERS: UserState[] = [owner, admin, moderator, member, guest, other, gone];

/** Group 30 is managed by its creator, the member (user 4); 31 is another group; 32 is deactivated. */
const team = aGroup({ id: 30, name: 'team' });
const helpers = aGroup({ id: 31, name: 'helpers', members: [20] });
const retired = aGroup({ id: 32, name: 'retired', deactivated: true });
const GROUPS = [team, helpers, retired];

type Settings = Partial<Record<UserGroupSettingName, GroupSettingUpdate>>;
const change = (actor: UserState, settings: Settings, groupId = 30, groups = GROUPS, realm = {}) =>
  decideUpdateUserGroup(groupContext(actor, USERS, groups, realm), groupId, { settings });

const permissionsChanged = (changes: Record<string, unknown>, previous: Record<string, unknown>, group_id = 30) => ({
  type: 'UserGroupPermissionsChanged',
  data: { group_id, changes, previous },
});

describe('decideUpdateUserGroup: permission settings', function () {
  it('records the new values with the ones they replace', function () {
    expect(change(member, { can_mention_group: { new: SYS['role:moderators'] }, can_join_group: { new: { direct_members: [20, 4, 20], direct_subgroups: [31] } } })).to.deep.equal([
      permissionsChanged(
        { can_join_group: { direct_members: [4, 20], direct_subgroups: [31] }, can_mention_group: SYS['role:moderators'] },
        { can_join_group: SYS['role:nobody'], can_mention_group: SYS['role:everyone'] },
      ),
    ]);
  });

  it('stores an anonymous group of one subgroup and no members as that group', function () {
    expect(change(member, { can_leave_group: { new: { direct_members: [], direct_subgroups: [31] } } })).to.deep.equal([
      permissionsChanged({ can_leave_group: 31 }, { can_leave_group: SYS['role:everyone'] }),
    ]);
  });

  it('records nothing when every value is the current one, however spelled', function () {
    expect(change(member, { can_manage_group: { new: { direct_members: [4, 4], direct_subgroups: [] } }, can_mention_group: { new: { direct_members: [], direct_subgroups: [SYS['role:everyone']] } } })).to.deep.equal([]);
  });

  it("accepts an 'old' that matches the current value in another spelling, and refuses a stale one naming the setting", function () {
    expect(change(member, { can_manage_group: { new: 31, old: { direct_subgroups: [], direct_members: [4] } } })).to.have.length(1);
    const error = expectApiError(() => change(member, { can_manage_group: { new: 31, old: SYS['role:members'] } }), refused("Invalid 'can_manage_group': 'old' value does not match the expected value."));
    expect(error.extras).to.deep.equal({});
  });

  it('lets administrators, the group manager and can_manage_all_groups holders change them', function () {
    for (const actor of [owner, admin, member]) expect(change(actor, { can_mention_group: { new: 31 } }), `user ${actor.user_id}`).to.have.length(1);
    expect(change(moderator, { can_mention_group: { new: 31 } }, 30, GROUPS, { can_manage_all_groups: SYS['role:moderators'] })).to.have.length(1);
  });

  it('refuses moderators, members and guests who do not manage the group, and system groups even to the owner', function () {
    for (const actor of [moderator, other, guest]) expectApiError(() => change(actor, { can_mention_group: { new: 31 } }), refused('Insufficient permission'));
    expectApiError(() => change(owner, { can_mention_group: { new: 31 } }, SYS['role:members']), refused('Insufficient permission'));
  });

  const forbidden: [UserGroupSettingName, string][] = [
    ['can_manage_group', 'role:everyone'],
    ['can_manage_group', 'role:internet'],
    ['can_mention_group', 'role:owners'],
    ['can_join_group', 'role:internet'],
    ['can_add_members_group', 'role:internet'],
  ];
  for (const [setting, system] of forbidden) {
    it(`refuses ${setting} = ${system}`, function () {
      expectApiError(() => change(member, { [setting]: { new: SYS[system as keyof typeof SYS] } }), refused(`'${setting}' setting cannot be set to '${system}' group.`));
    });
  }

  it('refuses unknown and deactivated groups and unknown and deactivated users as values', function () {
    expectApiError(() => change(member, { can_mention_group: { new: 99 } }), refused("Invalid user group ID: 99 in 'can_mention_group'"));
    expectApiError(() => change(member, { can_mention_group: { new: 32 } }), refused("Invalid 'can_mention_group': user group 32 is deactivated"));
    expectApiError(() => change(member, { can_join_group: { new: { direct_members: [], direct_subgroups: [32] } } }), refused("Invalid 'can_join_group': user group 32 is deactivated"));
    expectApiError(() => change(member, { can_join_group: { new: { direct_members: [21], direct_subgroups: [] } } }), refused("Invalid user ID: 21 in 'can_join_group'"));
    expectApiError(() => change(member, { can_join_group: { new: { direct_members: [99], direct_subgroups: [] } } }), refused("Invalid user ID: 99 in 'can_join_group'"));
  });

  it('decides nothing when one of several changes is bad', function () {
    expectApiError(
      () => decideUpdateUserGroup(groupContext(member, USERS, GROUPS), 30, { name: 'crew', settings: { can_mention_group: { new: 31 }, can_manage_group: { new: SYS['role:everyone'] } } }),
      refused("'can_manage_group' setting cannot be set to 'role:everyone' group."),
    );
  });

  it('renames and changes permissions in one request, as two events', function () {
    const events = decideUpdateUserGroup(groupContext(member, USERS, GROUPS), 30, { name: 'crew', settings: { can_mention_group: { new: 31 } } });
    expect(events).to.deep.equal([
      { type: 'UserGroupUpdated', data: { group_id: 30, changes: { name: 'crew' } } },
      permissionsChanged({ can_mention_group: 31 }, { can_mention_group: SYS['role:everyone'] }),
    ]);
  });

  it("changes a deactivated group's permissions, and reactivates it after them", function () {
    const events = decideUpdateUserGroup(groupContext(member, USERS, GROUPS), 32, { deactivated: false, settings: { can_join_group: { new: 31 } } });
    expect(events).to.deep.equal([
      permissionsChanged({ can_join_group: 31 }, { can_join_group: SYS['role:nobody'] }, 32),
      { type: 'UserGroupReactivated', data: { group_id: 32 } },
    ]);
  });

  it('lets a group hold its own permission: its members may then mention it', function () {
    expect(change(member, { can_mention_group: { new: 30 } })).to.deep.equal([permissionsChanged({ can_mention_group: 30 }, { can_mention_group: SYS['role:everyone'] })]);
  });
});

describe('decideUpdateUserGroupSubgroups', function () {
  const parent = aGroup({ id: 40, name: 'parent', direct_subgroup_ids: [31] });
  const decide = (actor: UserState, cmd: { add?: number[]; delete?: number[] }) =>
    decideUpdateUserGroupSubgroups(groupContext(actor, USERS, [...GROUPS, parent]), 40, cmd);

  it('adds and removes direct subgroups as one members change', function () {
    expect(decide(member, { add: [30, 30], delete: [31] })).to.deep.equal([
      { type: 'UserGroupMembersChanged', data: { group_id: 40, added_members: [], removed_members: [], added_subgroups: [30], removed_subgroups: [31] } },
    ]);
  });

  it('refuses a request with nothing to do, naming its parameters', function () {
    expectApiError(() => decide(member, {}), refused("Nothing to do. Specify at least one of 'add' or 'delete'."));
    expectApiError(() => decide(member, { add: [], delete: [] }), refused("Nothing to do. Specify at least one of 'add' or 'delete'."));
  });

  it('refuses the group itself, a cycle, a deactivated group, and a group that is not a subgroup', function () {
    expectApiError(() => decide(member, { add: [40] }), refused('User group 40 cannot be a subgroup of itself.'));
    expectApiError(() => decide(member, { add: [32] }), refused('User group 32 is deactivated and cannot be a subgroup.'));
    expectApiError(() => decide(member, { delete: [30] }), refused('User group 30 is not a subgroup of this group.'));
    const cycle = groupContext(member, USERS, [aGroup({ id: 30, name: 'team', direct_subgroup_ids: [40] }), parent]);
    expectApiError(() => decideUpdateUserGroupSubgroups(cycle, 40, { add: [30] }), refused('it would create a cycle'));
  });

  it('refuses those who may not change the group, and system groups', function () {
    expectApiError(() => decide(moderator, { add: [30] }), refused('Insufficient permission'));
    expectApiError(() => decideUpdateUserGroupSubgroups(groupContext(owner, USERS), SYS['role:members'], { add: [SYS['role:nobody']] }), refused('Insufficient permission'));
  });
});
