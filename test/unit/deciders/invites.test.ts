import { expect } from 'chai';
import { type CreateInviteLink, decideCreateInviteLink, type InviteLinkCreated, Role, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aChannel, aSubscription, channelContext, type ChannelWorldGiven } from '../../support/channel-factory.js';
import { aGroup, SYS } from '../../support/user-group-factory.js';
import { someUsers } from '../../support/user-state-factory.js';

const { owner, admin, moderator, member, guest, other } = someUsers();
const USERS: UserState[] = [owner, admin, moderator, member, guest, other];

const NOW = 1_767_225_600_000;
const DIGEST = 'ab'.repeat(32);
const general = aChannel({ channel_id: 10, name: 'general', is_default: true });
const design = aChannel({ channel_id: 11, name: 'design' });
const secret = aChannel({ channel_id: 12, name: 'secret', invite_only: true });
const retired = aChannel({ channel_id: 13, name: 'retired', is_archived: true });
const CHANNELS = [general, design, secret, retired];
const team = aGroup({ id: 30, creator_id: member.user_id });
const othersTeam = aGroup({ id: 31, creator_id: other.user_id });
const gone = aGroup({ id: 32, creator_id: member.user_id, deactivated: true });
const GROUPS = [team, othersTeam, gone];

const command = (rest: Partial<CreateInviteLink> = {}): CreateInviteLink => ({
  invite_id: 5,
  key_digest: DIGEST,
  now: NOW,
  default_validity_minutes: 14400,
  ...rest,
});

function decide(actor: UserState, rest: Partial<CreateInviteLink> = {}, given: Partial<ChannelWorldGiven> = {}): InviteLinkCreated['data'] {
  const ctx = channelContext(actor, { users: USERS, channels: CHANNELS, groups: GROUPS, ...given });
  const events = decideCreateInviteLink(ctx, command(rest));
  expect(events).to.have.length(1);
  return events[0].data;
}

const refuse = (actor: UserState, rest: Partial<CreateInviteLink>, mentions: string, given: Partial<ChannelWorldGiven> = {}) =>
  expectApiError(() => decide(actor, rest, given), refused(mentions));

describe('decideCreateInviteLink: who may invite, and as what', function () {
  it('records a member link that expires after the server default, with nothing else', function () {
    expect(decide(member)).to.deep.equal({
      invite_id: 5,
      key_digest: DIGEST,
      creator_id: member.user_id,
      invited_as: Role.Member,
      channel_ids: [],
      group_ids: [],
      include_realm_default_subscriptions: false,
      welcome_message_custom_text: null,
      expires_at: NOW + 14400 * 60_000,
    });
  });

  for (const actor of [owner, admin, moderator, member]) {
    it(`lets role ${actor.role} invite with the default can_invite_users_group (role:members)`, function () {
      expect(decide(actor).creator_id).to.equal(actor.user_id);
    });
  }

  it('refuses a guest, who is not in role:members', function () {
    refuse(guest, {}, 'Insufficient permission');
  });

  it('follows can_invite_users_group, and always lets administrators invite', function () {
    const realm = { can_invite_users_group: SYS['role:nobody'] };
    refuse(moderator, {}, 'Insufficient permission', { realm });
    expect(decide(admin, {}, { realm }).creator_id).to.equal(admin.user_id);
    const byName = { can_invite_users_group: { direct_members: [guest.user_id], direct_subgroups: [] } };
    expect(decide(guest, { invite_as: Role.Guest }, { realm: byName }).invited_as).to.equal(Role.Guest);
  });

  const allowed: [UserState, number[], number[]][] = [
    [owner, [100, 200, 300, 400, 600], []],
    [admin, [200, 300, 400, 600], [100]],
    [moderator, [300, 400, 600], [100, 200]],
    [member, [400, 600], [100, 200, 300]],
  ];
  for (const [actor, ok, above] of allowed) {
    it(`lets role ${actor.role} invite as ${ok.join(', ')} and refuses ${above.join(', ') || 'nothing'}`, function () {
      for (const role of ok) expect(decide(actor, { invite_as: role }).invited_as).to.equal(role);
      for (const role of above) refuse(actor, { invite_as: role }, "'invite_as'");
    });
  }

  it('refuses a role that does not exist', function () {
    refuse(owner, { invite_as: 500 }, "Invalid 'invite_as': must be one of 100, 200, 300, 400, 600");
  });
});

describe('decideCreateInviteLink: expiry and welcome text', function () {
  it('takes minutes from the request, or never expires for null', function () {
    expect(decide(member, { invite_expires_in_minutes: 60 }).expires_at).to.equal(NOW + 3_600_000);
    expect(decide(member, { invite_expires_in_minutes: null }).expires_at).to.equal(null);
    expect(decide(member, { default_validity_minutes: 30 }).expires_at).to.equal(NOW + 1_800_000);
  });

  for (const minutes of [0, -5, 1.5]) {
    it(`refuses ${minutes} minutes`, function () {
      refuse(member, { invite_expires_in_minutes: minutes }, "Invalid 'invite_expires_in_minutes'");
    });
  }

  it('refuses an expiry beyond what a timestamp can hold', function () {
    refuse(member, { invite_expires_in_minutes: Number.MAX_SAFE_INTEGER }, "Invalid 'invite_expires_in_minutes'");
  });

  it('keeps an administrator text, empty included, and stores null for everyone else', function () {
    expect(decide(admin, { welcome_message_custom_text: 'Welcome aboard' }).welcome_message_custom_text).to.equal('Welcome aboard');
    expect(decide(owner, { welcome_message_custom_text: '' }).welcome_message_custom_text).to.equal('');
    expect(decide(moderator, { welcome_message_custom_text: 'Hi' }).welcome_message_custom_text).to.equal(null);
    expect(decide(member, { welcome_message_custom_text: 'Hi' }).welcome_message_custom_text).to.equal(null);
  });

  it('counts characters, not UTF-16 units, up to 8000, and refuses more from anyone', function () {
    const emoji = '🎉'.repeat(8000);
    expect(decide(admin, { welcome_message_custom_text: emoji }).welcome_message_custom_text).to.equal(emoji);
    refuse(admin, { welcome_message_custom_text: 'x'.repeat(8001) }, "Invalid 'welcome_message_custom_text': cannot exceed 8000 characters");
    refuse(member, { welcome_message_custom_text: 'x'.repeat(8001) }, "'welcome_message_custom_text'");
  });
});

describe('decideCreateInviteLink: channels', function () {
  it('accepts default channels and channels the actor may add subscribers to, once each', function () {
    const data = decide(member, { stream_ids: [11, 10, 11], include_realm_default_subscriptions: true });
    expect(data.channel_ids).to.deep.equal([11, 10]);
    expect(data.include_realm_default_subscriptions).to.equal(true);
  });

  for (const [what, id] of [['unknown', 99], ['private, not known to the actor', 12], ['archived', 13]] as const) {
    it(`refuses a channel that is ${what}`, function () {
      refuse(member, { stream_ids: [10, id] }, `Invalid channel ID ${id} in 'stream_ids'`);
    });
  }

  it('accepts a private channel the actor is subscribed to', function () {
    const subscriptions = [aSubscription(member.user_id, 12)];
    expect(decide(member, { stream_ids: [12] }, { subscriptions }).channel_ids).to.deep.equal([12]);
  });

  it('refuses any channel, default ones too, from an actor who may not subscribe others', function () {
    const realm = { can_add_subscribers_group: SYS['role:administrators'] };
    refuse(member, { stream_ids: [10] }, "'stream_ids' must be empty", { realm });
    expect(decide(member, { include_realm_default_subscriptions: true }, { realm }).include_realm_default_subscriptions).to.equal(true);
    expect(decide(admin, { stream_ids: [10] }, { realm }).channel_ids).to.deep.equal([10]);
  });

  it('refuses a private channel the actor administers but cannot add subscribers to', function () {
    const administered = aChannel({
      channel_id: 14,
      name: 'ops',
      invite_only: true,
      settings: { ...secret.settings, can_administer_channel_group: { direct_members: [member.user_id], direct_subgroups: [] } },
    });
    refuse(member, { stream_ids: [14] }, "Insufficient permission to subscribe other users to channel 14 in 'stream_ids'", {
      channels: [...CHANNELS, administered],
    });
  });
});

describe('decideCreateInviteLink: groups', function () {
  it('accepts groups the actor may add members to', function () {
    expect(decide(member, { group_ids: [30, 30] }).group_ids).to.deep.equal([30]);
    expect(decide(admin, { group_ids: [30, 31] }).group_ids).to.deep.equal([30, 31]);
  });

  it('accepts a group whose can_add_members_group holds the actor', function () {
    const open = aGroup({ id: 33, creator_id: other.user_id, settings: { ...othersTeam.settings, can_add_members_group: SYS['role:members'] } });
    expect(decide(member, { group_ids: [33] }, { groups: [...GROUPS, open] }).group_ids).to.deep.equal([33]);
  });

  it('refuses a group the actor may not add members to, naming it', function () {
    refuse(member, { group_ids: [30, 31] }, "Insufficient permission to add members to user group 31 in 'group_ids'");
  });

  for (const [what, id] of [['unknown', 99], ['a system group', SYS['role:members']], ['deactivated', 32]] as const) {
    it(`refuses a group that is ${what}`, function () {
      refuse(owner, { group_ids: [id] }, `Invalid user group ID ${id} in 'group_ids'`);
    });
  }
});
