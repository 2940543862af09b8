import { expect } from 'chai';
import { DEFAULT_REALM_SETTINGS, decideUpdateRealm, type RealmUpdateContext, type UpdateRealm, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aGroup, groupContext, SYS } from '../../support/user-group-factory.js';
import { someUsers } from '../../support/user-state-factory.js';

const principal = (mentions: string) => ({ code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions });

const { owner, admin, moderator, member, guest, gone } = someUsers();
const USERS: UserState[] = [owner, admin, moderator, member, guest, gone];
const GROUPS = [aGroup({ id: 30, name: 'team', members: [4] }), aGroup({ id: 32, name: 'retired', deactivated: true })];

function context(actor: UserState): RealmUpdateContext {
  const { realm, ...world } = groupContext(actor, USERS, GROUPS);
  return { ...world, groupSettings: realm, realm: { name: 'Elsinore', description: 'A castle', settings: { ...DEFAULT_REALM_SETTINGS } } };
}

const decide = (actor: UserState, cmd: UpdateRealm) => decideUpdateRealm(context(actor), cmd);

describe('decideUpdateRealm: what changes', function () {
  it('records the profile, the settings and the group permissions as three events, only what changed', function () {
    const events = decide(owner, {
      name: ' Denmark ',
      description: 'A castle',
      invite_required: false,
      allow_message_editing: true,
      message_content_edit_limit_seconds: 'unlimited',
      move_messages_within_stream_limit_seconds: 3600,
      topics_policy: 'disable_empty_topic',
      default_language: 'de',
      waiting_period_threshold: 3,
      message_retention_days: 'unlimited',
      group_settings: { can_create_groups: { new: SYS['role:moderators'] }, can_mention_many_users_group: { new: { direct_members: [4], direct_subgroups: [] } } },
    });
    expect(events).to.deep.equal([
      { type: 'RealmProfileChanged', data: { changes: { name: 'Denmark' } } },
      {
        type: 'RealmSettingsChanged',
        data: {
          changes: {
            invite_required: false,
            message_content_edit_limit_seconds: null,
            move_messages_within_stream_limit_seconds: 3600,
            topics_policy: 'disable_empty_topic',
            default_language: 'de',
            waiting_period_threshold: 3,
          },
        },
      },
      { type: 'RealmGroupSettingsChanged', data: { changes: { can_create_groups: SYS['role:moderators'], can_mention_many_users_group: { direct_members: [4], direct_subgroups: [] } } } },
    ]);
  });

  it('records nothing for the current values, however spelled', function () {
    const cmd: UpdateRealm = {
      name: 'Elsinore',
      allow_message_editing: true,
      message_content_edit_limit_seconds: '600',
      group_settings: { can_create_groups: { new: { direct_members: [], direct_subgroups: [SYS['role:members']] }, old: SYS['role:members'] } },
    };
    expect(decide(owner, cmd)).to.deep.equal([]);
    expect(decide(owner, {})).to.deep.equal([]);
  });

  it('keeps a retention period in days, and "unlimited" as -1', function () {
    expect(decide(owner, { message_retention_days: 30 })).to.deep.equal([{ type: 'RealmSettingsChanged', data: { changes: { message_retention_days: 30 } } }]);
    // The organization keeps messages forever already: "unlimited" is its current value, -1.
    expect(decide(owner, { message_retention_days: 'unlimited' })).to.deep.equal([]);
  });
});

describe('decideUpdateRealm: who may change what', function () {
  it('refuses moderators, members and guests', function () {
    for (const actor of [moderator, member, guest]) {
      expectApiError(() => decide(actor, { name_changes_disabled: true }), principal('Must be an organization administrator'));
    }
  });

  it('lets administrators change the rest', function () {
    const events = decide(admin, { name: 'Denmark', email_changes_disabled: true, group_settings: { can_add_subscribers_group: { new: SYS['role:administrators'] } } });
    expect(events.map((event) => event.type)).to.deep.equal(['RealmProfileChanged', 'RealmSettingsChanged', 'RealmGroupSettingsChanged']);
  });

  const ownerOnly: [string, UpdateRealm][] = [
    ['invite_required', { invite_required: true }],
    ['waiting_period_threshold', { waiting_period_threshold: 0 }],
    ['message_retention_days', { message_retention_days: 30 }],
    ['can_create_groups', { group_settings: { can_create_groups: { new: SYS['role:members'] } } }],
    ['can_manage_all_groups', { group_settings: { can_manage_all_groups: { new: SYS['role:administrators'] } } }],
    ['can_invite_users_group', { group_settings: { can_invite_users_group: { new: SYS['role:members'] } } }],
  ];
  for (const [name, cmd] of ownerOnly) {
    it(`lets only owners change ${name}, even to its current value`, function () {
      expectApiError(() => decide(admin, { name: 'Denmark', ...cmd }), principal(`Must be an organization owner to change '${name}'`));
      expect(() => decide(owner, cmd)).to.not.throw();
    });
  }
});

describe('decideUpdateRealm: bad values', function () {
  const bad: [string, UpdateRealm, string][] = [
    ['an empty name', { name: '   ' }, "Invalid 'name': the organization name must not be empty"],
    ['a name over 40 characters', { name: 'n'.repeat(41) }, "Invalid 'name': the organization name cannot exceed 40 characters"],
    ['a description over 1000 characters', { description: 'd'.repeat(1001) }, "Invalid 'description': the organization description cannot exceed 1000 characters"],
    ['a zero edit limit', { message_content_edit_limit_seconds: 0 }, "Invalid 'message_content_edit_limit_seconds': must be a positive number of seconds or \"unlimited\", not 0"],
    ['a word for a move limit', { move_messages_between_streams_limit_seconds: 'forever' }, "Invalid 'move_messages_between_streams_limit_seconds'"],
    ['a negative move limit', { move_messages_within_stream_limit_seconds: -5 }, "Invalid 'move_messages_within_stream_limit_seconds'"],
    ['an unknown topics policy', { topics_policy: 'empty_topic_only' }, "Invalid 'topics_policy': must be one of allow_empty_topic, disable_empty_topic"],
    ['an unknown language', { default_language: 'xx' }, "Invalid 'default_language': 'xx' is not a supported language"],
    ['a negative waiting period', { waiting_period_threshold: -1 }, "Invalid 'waiting_period_threshold': must be a whole number of days, not -1"],
    ['a zero retention period', { message_retention_days: 0 }, "Invalid 'message_retention_days': must be a whole number of days from 1 to 2147483647 or \"unlimited\", not 0"],
    ['a number sent as a JSON string', { message_retention_days: '7' }, "Invalid 'message_retention_days': must be a whole number of days from 1 to 2147483647 or \"unlimited\", not \"7\""],
    ['realm_default as the retention period', { message_retention_days: 'realm_default' }, "Invalid 'message_retention_days'"],
  ];
  for (const [what, cmd, mentions] of bad) {
    it(`refuses ${what}, naming the parameter`, function () {
      expectApiError(() => decide(owner, cmd), refused(mentions));
    });
  }

  const badGroups: [string, UpdateRealm['group_settings'], string][] = [
    ['can_create_groups = role:everyone', { can_create_groups: { new: SYS['role:everyone'] } }, "'can_create_groups' setting cannot be set to 'role:everyone' group."],
    ['can_mention_many_users_group = role:internet', { can_mention_many_users_group: { new: SYS['role:internet'] } }, "'can_mention_many_users_group' setting cannot be set to 'role:internet' group."],
    ['can_manage_all_groups = role:nobody', { can_manage_all_groups: { new: SYS['role:nobody'] } }, "'can_manage_all_groups' setting cannot be set to 'role:nobody' group."],
    ['can_manage_all_groups = an empty anonymous group', { can_manage_all_groups: { new: { direct_members: [], direct_subgroups: [] } } }, "'can_manage_all_groups' setting cannot be set to 'role:nobody' group."],
    ['a deactivated group', { can_resolve_topics_group: { new: 32 } }, "Invalid 'can_resolve_topics_group': user group 32 is deactivated"],
    ['a deactivated group inside an anonymous one', { can_resolve_topics_group: { new: { direct_members: [4], direct_subgroups: [32] } } }, "Invalid 'can_resolve_topics_group': user group 32 is deactivated"],
    ['an unknown group', { can_add_subscribers_group: { new: 99 } }, "Invalid user group ID: 99 in 'can_add_subscribers_group'"],
    ['a deactivated user', { can_add_subscribers_group: { new: { direct_members: [21], direct_subgroups: [] } } }, "Invalid user ID: 21 in 'can_add_subscribers_group'"],
    ['a stale old value', { can_resolve_topics_group: { new: 30, old: SYS['role:members'] } }, "Invalid 'can_resolve_topics_group': 'old' value does not match the expected value."],
  ];
  for (const [what, groupSettings, mentions] of badGroups) {
    it(`refuses ${what}`, function () {
      expectApiError(() => decide(owner, { group_settings: groupSettings }), refused(mentions));
    });
  }

  it('lets role:everyone hold permissions guests may have, and role:nobody those that may be nobody’s', function () {
    expect(decide(owner, { group_settings: { can_resolve_topics_group: { new: SYS['role:everyone'] }, can_create_groups: { new: SYS['role:nobody'] } } })).to.deep.equal([
      { type: 'RealmGroupSettingsChanged', data: { changes: { can_create_groups: SYS['role:nobody'] } } },
    ]);
  });

  it('decides nothing when one of several changes is bad', function () {
    expectApiError(() => decide(owner, { name: 'Denmark', invite_required: false, default_language: 'xx' }), refused("Invalid 'default_language'"));
    expectApiError(() => decide(owner, { name: 'Denmark', group_settings: { can_create_groups: { new: 32 } } }), refused("Invalid 'can_create_groups'"));
  });
});
