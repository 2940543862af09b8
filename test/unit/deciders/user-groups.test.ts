import { expect } from 'chai';
import {
  decideCreateUserGroup,
  decideDeactivateUserGroup,
  decideUpdateUserGroup,
  decideUpdateUserGroupMembers,
  effectiveMembers,
  isUserInSetting,
  Role,
  type UserState,
} from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aGroup, groupContext, SYS } from '../../support/user-group-factory.js';
import { aUser, someUsers } from '../../support/user-state-factory.js';

const { owner, admin, moderator, member, guest, other, gone } = someUsers();
const USERS: UserState[] = [owner, admin, moderator, member, guest, other, gone];

const create = (name: string, rest: Partial<Parameters<typeof decideCreateUserGroup>[1]> = {}) => ({
  group_id: 50,
  name,
  description: 'd',
  members: [],
  ...rest,
});

describe('user groups: group-setting values', function () {
  const ctx = groupContext(owner, USERS);

  it('derives system-group members from roles, through the nested subgroups', function () {
    expect([...effectiveMembers(ctx, SYS['role:administrators'])].sort()).to.deep.equal([1, 2]);
    expect([...effectiveMembers(ctx, SYS['role:members'])].sort((a, b) => a - b)).to.deep.equal([1, 2, 3, 4, 20]);
    expect([...effectiveMembers(ctx, SYS['role:everyone'])].sort((a, b) => a - b)).to.deep.equal([1, 2, 3, 4, 6, 20]);
    expect([...effectiveMembers(ctx, SYS['role:nobody'])]).to.deep.equal([]);
  });

  it('never counts deactivated users, and a deactivated group has nobody', function () {
    expect(effectiveMembers(ctx, SYS['role:members']).has(gone.user_id)).to.equal(false);
    const withGroups = groupContext(owner, USERS, [aGroup({ id: 30, members: [20], deactivated: true }), aGroup({ id: 31, direct_subgroup_ids: [30] })]);
    expect(isUserInSetting(withGroups, 30, 20)).to.equal(false);
    expect(isUserInSetting(withGroups, 31, 20)).to.equal(false);
  });

  it('resolves anonymous values by direct members and subgroups', function () {
    expect(isUserInSetting(ctx, { direct_members: [20], direct_subgroups: [] }, 20)).to.equal(true);
    expect(isUserInSetting(ctx, { direct_members: [], direct_subgroups: [SYS['role:moderators']] }, admin.user_id)).to.equal(true);
    expect(isUserInSetting(ctx, { direct_members: [], direct_subgroups: [SYS['role:moderators']] }, member.user_id)).to.equal(false);
  });
});

describe('decideCreateUserGroup', function () {
  it('lets a member create a group they manage, with the default settings', function () {
    const [event] = decideCreateUserGroup(groupContext(member, USERS), create(' Backend ', { members: [20, 20, 4], subgroups: [SYS['role:moderators']] }));
    expect(event).to.deep.equal({
      type: 'UserGroupCreated',
      data: {
        group_id: 50,
        name: 'Backend',
        description: 'd',
        is_system_group: false,
        members: [20, 4],
        direct_subgroup_ids: [SYS['role:moderators']],
        creator_id: member.user_id,
        settings: {
          can_add_members_group: { direct_members: [4], direct_subgroups: [] },
          can_join_group: SYS['role:nobody'],
          can_leave_group: SYS['role:everyone'],
          can_manage_group: { direct_members: [4], direct_subgroups: [] },
          can_mention_group: SYS['role:everyone'],
          can_remove_members_group: SYS['role:nobody'],
        },
      },
    });
  });

  it('refuses a guest (not in can_create_groups = role:members)', function () {
    expectApiError(() => decideCreateUserGroup(groupContext(guest, USERS), create('x')), refused('Insufficient permission'));
  });

  it('follows can_create_groups: moderators only refuses a member, admits a moderator and an administrator', function () {
    const realm = { can_create_groups: SYS['role:moderators'] };
    expectApiError(() => decideCreateUserGroup(groupContext(member, USERS, [], realm), create('x')), refused('Insufficient permission'));
    expect(decideCreateUserGroup(groupContext(moderator, USERS, [], realm), create('x'))).to.have.length(1);
    expect(decideCreateUserGroup(groupContext(admin, USERS, [], { can_create_groups: SYS['role:nobody'] }), create('x'))).to.have.length(1);
  });

  for (const [what, name, mentions] of [
    ['empty', '  ', "Invalid 'name'"],
    ['reserved for system groups', 'Role:Team', "cannot start with 'role:'"],
    ['too long', 'x'.repeat(101), "Invalid 'name'"],
    ['taken in another letter case', 'BACKEND', "User group 'BACKEND' already exists."],
    ['the name of a system group', 'role:members', "cannot start with 'role:'"],
  ]) {
    it(`refuses a name that is ${what}`, function () {
      const ctx = groupContext(member, USERS, [aGroup({ id: 30, name: 'backend', deactivated: true })]);
      expectApiError(() => decideCreateUserGroup(ctx, create(name)), refused(mentions));
    });
  }

  it('refuses an unknown or deactivated member, naming the user id', function () {
    expectApiError(() => decideCreateUserGroup(groupContext(member, USERS), create('x', { members: [4, 99] })), refused('Invalid user ID: 99'));
    expectApiError(() => decideCreateUserGroup(groupContext(member, USERS), create('x', { members: [21] })), refused('Invalid user ID: 21'));
  });

  it('refuses an unknown or deactivated subgroup', function () {
    const ctx = groupContext(member, USERS, [aGroup({ id: 30, deactivated: true })]);
    expectApiError(() => decideCreateUserGroup(ctx, create('x', { subgroups: [77] })), refused('Invalid user group ID: 77'));
    expectApiError(() => decideCreateUserGroup(ctx, create('x', { subgroups: [30] })), refused('deactivated'));
  });

  it('checks setting values: groups active, users active, forbidden system groups', function () {
    const ctx = groupContext(member, USERS, [aGroup({ id: 30, deactivated: true })]);
    expectApiError(() => decideCreateUserGroup(ctx, create('x', { settings: { can_mention_group: 30 } })), refused('deactivated'));
    expectApiError(() => decideCreateUserGroup(ctx, create('x', { settings: { can_manage_group: SYS['role:everyone'] } })), refused("'role:everyone'"));
    expectApiError(
      () => decideCreateUserGroup(ctx, create('x', { settings: { can_join_group: { direct_members: [21], direct_subgroups: [] } } })),
      refused('Invalid user ID: 21'),
    );
    const [event] = decideCreateUserGroup(ctx, create('x', { settings: { can_manage_group: SYS['role:moderators'] } }));
    expect(event.data.settings.can_manage_group).to.equal(SYS['role:moderators']);
  });
});

describe('decideUpdateUserGroupMembers', function () {
  const team = aGroup({ id: 30, members: [4], creator_id: 4 });

  it('records added and removed members and subgroups in one event', function () {
    const ctx = groupContext(member, USERS, [team, aGroup({ id: 31 })]);
    expect(decideUpdateUserGroupMembers(ctx, 30, { add: [20], delete: [4], add_subgroups: [31] })).to.deep.equal([
      { type: 'UserGroupMembersChanged', data: { group_id: 30, added_members: [20], removed_members: [4], added_subgroups: [31], removed_subgroups: [] } },
    ]);
  });

  it('refuses an unknown group', function () {
    expectApiError(() => decideUpdateUserGroupMembers(groupContext(owner, USERS), 99, { add: [4] }), refused('Invalid user group'));
  });

  it('refuses a request with nothing to do', function () {
    expectApiError(() => decideUpdateUserGroupMembers(groupContext(owner, USERS, [team]), 30, {}), refused('Nothing to do'));
  });

  it('refuses adding a member twice and removing a non-member', function () {
    const ctx = groupContext(owner, USERS, [team]);
    expectApiError(() => decideUpdateUserGroupMembers(ctx, 30, { add: [4] }), refused('User 4 is already a member'));
    expectApiError(() => decideUpdateUserGroupMembers(ctx, 30, { delete: [20] }), refused("There is no member '20'"));
  });

  it('refuses deactivated and unknown users, naming the id', function () {
    const ctx = groupContext(owner, USERS, [team]);
    expectApiError(() => decideUpdateUserGroupMembers(ctx, 30, { add: [21] }), refused('Invalid user ID: 21'));
    expectApiError(() => decideUpdateUserGroupMembers(ctx, 30, { add: [404] }), refused('Invalid user ID: 404'));
  });

  it('refuses any change to a system group, even by the owner', function () {
    expectApiError(() => decideUpdateUserGroupMembers(groupContext(owner, USERS), SYS['role:members'], { add: [6] }), refused('Insufficient permission'));
  });

  for (const actor of [moderator, aUser({ user_id: 20 }), guest]) {
    it(`refuses role ${actor.role} who does not manage the group`, function () {
      expectApiError(() => decideUpdateUserGroupMembers(groupContext(actor, USERS, [team]), 30, { add: [1] }), refused('Insufficient permission'));
    });
  }

  it('lets administrators, the can_manage_group holder and can_manage_all_groups holders change members', function () {
    for (const actor of [owner, admin, member]) {
      expect(decideUpdateUserGroupMembers(groupContext(actor, USERS, [team]), 30, { add: [20] })).to.have.length(1);
    }
    const realm = { can_manage_all_groups: SYS['role:moderators'] };
    expect(decideUpdateUserGroupMembers(groupContext(moderator, USERS, [team], realm), 30, { add: [20] })).to.have.length(1);
  });

  it('lets a user join through can_join_group, but only themself', function () {
    const open = aGroup({ id: 30, members: [4], settings: { ...team.settings, can_join_group: SYS['role:members'] } });
    expect(decideUpdateUserGroupMembers(groupContext(other, USERS, [open]), 30, { add: [20] })).to.have.length(1);
    expectApiError(() => decideUpdateUserGroupMembers(groupContext(other, USERS, [open]), 30, { add: [20, 3] }), refused('Insufficient permission'));
  });

  it('allows member changes on a deactivated group', function () {
    const ctx = groupContext(admin, USERS, [aGroup({ id: 30, members: [4], deactivated: true })]);
    expect(decideUpdateUserGroupMembers(ctx, 30, { add: [20], delete: [4] })).to.have.length(1);
  });

  describe('subgroups', function () {
    const a = aGroup({ id: 30, direct_subgroup_ids: [31] });
    const b = aGroup({ id: 31, direct_subgroup_ids: [32] });
    const c = aGroup({ id: 32 });
    const off = aGroup({ id: 33, deactivated: true });
    const ctx = groupContext(admin, USERS, [a, b, c, off]);

    it('refuses the group itself', function () {
      expectApiError(() => decideUpdateUserGroupMembers(ctx, 30, { add_subgroups: [30] }), refused('cannot be a subgroup of itself'));
    });
    it('refuses a cycle, direct or through other groups', function () {
      expectApiError(() => decideUpdateUserGroupMembers(ctx, 31, { add_subgroups: [30] }), refused('cycle'));
      expectApiError(() => decideUpdateUserGroupMembers(ctx, 32, { add_subgroups: [30] }), refused('cycle'));
    });
    it('refuses an unknown, deactivated or already-added subgroup', function () {
      expectApiError(() => decideUpdateUserGroupMembers(ctx, 30, { add_subgroups: [99] }), refused('Invalid user group ID: 99'));
      expectApiError(() => decideUpdateUserGroupMembers(ctx, 30, { add_subgroups: [33] }), refused('deactivated'));
      expectApiError(() => decideUpdateUserGroupMembers(ctx, 30, { add_subgroups: [31] }), refused('already a subgroup'));
    });
    it('refuses removing a group that is not a subgroup', function () {
      expectApiError(() => decideUpdateUserGroupMembers(ctx, 30, { delete_subgroups: [32] }), refused('is not a subgroup'));
    });
    it('adds a group lower in another branch and removes a direct subgroup', function () {
      expect(decideUpdateUserGroupMembers(ctx, 30, { add_subgroups: [32], delete_subgroups: [31] })[0].data).to.include.keys('added_subgroups');
    });
  });
});

describe('decideUpdateUserGroup', function () {
  const team = aGroup({ id: 30, name: 'team' });
  const other = aGroup({ id: 31, name: 'Other' });

  it('renames and describes', function () {
    expect(decideUpdateUserGroup(groupContext(member, USERS, [team, other]), 30, { name: 'crew', description: 'new' })).to.deep.equal([
      { type: 'UserGroupUpdated', data: { group_id: 30, changes: { name: 'crew', description: 'new' } } },
    ]);
  });

  it('records nothing for the current values', function () {
    expect(decideUpdateUserGroup(groupContext(member, USERS, [team]), 30, { name: 'team', description: '' })).to.deep.equal([]);
  });

  it('refuses a name another group has, in any case, or a reserved one', function () {
    const ctx = groupContext(member, USERS, [team, other]);
    expectApiError(() => decideUpdateUserGroup(ctx, 30, { name: 'other' }), refused('already exists'));
    expectApiError(() => decideUpdateUserGroup(ctx, 30, { name: 'role:x' }), refused("cannot start with 'role:'"));
  });

  it('renames a deactivated group and reactivates it', function () {
    const ctx = groupContext(admin, USERS, [aGroup({ id: 30, name: 'team', deactivated: true })]);
    expect(decideUpdateUserGroup(ctx, 30, { name: 'old team', deactivated: false }).map((e) => e.type)).to.deep.equal(['UserGroupUpdated', 'UserGroupReactivated']);
    expect(decideUpdateUserGroup(ctx, 30, { deactivated: true })).to.deep.equal([]);
  });

  it('refuses system groups and non-managers', function () {
    expectApiError(() => decideUpdateUserGroup(groupContext(owner, USERS), SYS['role:owners'], { name: 'x' }), refused('Insufficient permission'));
    expectApiError(() => decideUpdateUserGroup(groupContext(moderator, USERS, [team]), 30, { name: 'x' }), refused('Insufficient permission'));
  });
});

describe('decideDeactivateUserGroup', function () {
  it('deactivates an unused group', function () {
    expect(decideDeactivateUserGroup(groupContext(member, USERS, [aGroup({ id: 30 })]), 30)).to.deep.equal([
      { type: 'UserGroupDeactivated', data: { group_id: 30 } },
    ]);
  });

  it('refuses a group that is a subgroup of an active group, listing the objection', function () {
    const ctx = groupContext(admin, USERS, [aGroup({ id: 30 }), aGroup({ id: 31, direct_subgroup_ids: [30] })]);
    const error = expectApiError(() => decideDeactivateUserGroup(ctx, 30), { code: 'CANNOT_DEACTIVATE_GROUP_IN_USE', status: 400, mentions: 'in use' });
    expect(error.extras).to.deep.equal({ objections: [{ type: 'user_group', group_id: 31, settings: ['direct_subgroup_ids'] }] });
  });

  it('ignores uses by deactivated groups', function () {
    const ctx = groupContext(admin, USERS, [aGroup({ id: 30 }), aGroup({ id: 31, direct_subgroup_ids: [30], deactivated: true })]);
    expect(decideDeactivateUserGroup(ctx, 30)).to.have.length(1);
  });

  it('refuses a group used by an organization setting or another group setting', function () {
    const user = aGroup({ id: 31 });
    user.settings = { ...user.settings, can_mention_group: { direct_members: [], direct_subgroups: [30] } };
    const ctx = groupContext(admin, USERS, [aGroup({ id: 30 }), user], { can_create_public_channel_group: 30, can_create_groups: 30 });
    const error = expectApiError(() => decideDeactivateUserGroup(ctx, 30), { code: 'CANNOT_DEACTIVATE_GROUP_IN_USE', status: 400, mentions: 'in use' });
    expect(error.extras.objections).to.deep.equal([
      { type: 'user_group', group_id: 31, settings: ['can_mention_group'] },
      { type: 'realm', settings: ['can_create_groups', 'can_create_public_channel_group'] },
    ]);
  });

  it('refuses system groups, unknown groups and non-managers', function () {
    expectApiError(() => decideDeactivateUserGroup(groupContext(owner, USERS), SYS['role:members']), refused('Insufficient permission'));
    expectApiError(() => decideDeactivateUserGroup(groupContext(owner, USERS), 99), refused('Invalid user group'));
    expectApiError(() => decideDeactivateUserGroup(groupContext(aUser({ user_id: 20, role: Role.Member }), USERS, [aGroup({ id: 30 })]), 30), refused('Insufficient permission'));
  });
});
