import { expect } from 'chai';
import { auditKindsOf, auditTargetsOf, documentChanges } from '@chat/core';

describe('audit kinds, targets and changes', function () {
  it('sorts a channel update by the fields it changed: privacy, permissions, settings, retention', function () {
    expect(auditKindsOf('ChannelUpdated', { channel_id: 3, changes: { invite_only: true }, previous: {} })).to.deep.equal(['channel_privacy']);
    expect(auditKindsOf('ChannelUpdated', { channel_id: 3, changes: { can_subscribe_group: 9 }, previous: {} })).to.deep.equal(['channel_permissions']);
    expect(auditKindsOf('ChannelUpdated', { channel_id: 3, changes: { description: 'x', message_retention_days: 30 }, previous: {} })).to.deep.equal(['channel_settings', 'retention']);
    expect(auditKindsOf('RealmSettingsChanged', { changes: { message_retention_days: 7 } })).to.deep.equal(['organization_settings', 'retention']);
  });

  it('marks changes to bots, and leaves what is not administrative out', function () {
    expect(auditKindsOf('UserCreated', { user_id: 5, is_bot: true })).to.deep.equal(['user_created', 'bot']);
    expect(auditKindsOf('UserDeactivated', { user_id: 5 }, true)).to.deep.equal(['user_deactivated', 'bot']);
    expect(auditKindsOf('UserErased', { user_id: 5 })).to.deep.equal(['user_erased']);
    expect(auditKindsOf('BotOwnerChanged', { user_id: 5, owner_id: 2, previous_owner_id: 1 }, true)).to.deep.equal(['bot']);
    expect(auditKindsOf('BotSettingsChanged', { user_id: 5, changes: {} }, true)).to.deep.equal(['bot']);
    expect(auditKindsOf('MessageSent', { message_id: 1 })).to.deep.equal([]);
    expect(auditKindsOf('UserSettingsChanged', { user_id: 5, changes: {} })).to.deep.equal([]);
  });

  it('names the users, channels and groups an event changes', function () {
    expect(auditTargetsOf('SubscriptionAdded', { channel_id: 4, subscriptions: [{ user_id: 9 }, { user_id: 2 }] })).to.deep.equal({ user_ids: [2, 9], channel_ids: [4], group_ids: [] });
    expect(auditTargetsOf('UserGroupMembersChanged', { group_id: 6, added_members: [3], removed_members: [1], added_subgroups: [8], removed_subgroups: [] })).to.deep.equal({
      user_ids: [1, 3],
      channel_ids: [],
      group_ids: [6, 8],
    });
    expect(auditTargetsOf('EmailInvitationSent', { invite_id: 2, channel_ids: [5, 1] })).to.deep.equal({ user_ids: [], channel_ids: [1, 5], group_ids: [], invite_id: 2 });
  });

  it('lists changed fields in order, settings one by one, credentials never by value', function () {
    const before = { user_id: 7, role: 400, password_hash: 'scrypt$a', settings: { twenty_four_hour_time: false, emojiset: 'google' } };
    const after = { user_id: 7, role: 200, password_hash: 'scrypt$b', settings: { twenty_four_hour_time: true, emojiset: 'google' } };
    expect(documentChanges('user', '7', before, after)).to.deep.equal([
      { model: 'user', id: '7', field: 'password_hash', before: '(set)', after: '(changed)' },
      { model: 'user', id: '7', field: 'role', before: 400, after: 200 },
      { model: 'user', id: '7', field: 'settings.twenty_four_hour_time', before: false, after: true },
    ]);
    expect(documentChanges('channel', '3', undefined, { name: 'finance' })).to.deep.equal([{ model: 'channel', id: '3', field: 'name', before: null, after: 'finance' }]);
  });
});
