import { expect } from 'chai';
import { decideRevokeInviteLink, decideUseInviteLink, type InviteLinkState, Role } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aGroup, systemGroups } from '../../support/user-group-factory.js';
import { someUsers } from '../../support/user-state-factory.js';

const NOW = 1_767_225_600_000;
const { owner, admin, moderator, member, other } = someUsers();

const aLink = (overrides: Partial<InviteLinkState> = {}): InviteLinkState => ({
  id: 7,
  key_digest: 'cd'.repeat(32),
  creator_id: member.user_id,
  invited_as: Role.Member,
  channel_ids: [],
  group_ids: [],
  include_realm_default_subscriptions: false,
  welcome_message_custom_text: null,
  created_at: NOW - 60_000,
  expires_at: NOW + 60_000,
  revoked: false,
  ...overrides,
});

describe('decideRevokeInviteLink', function () {
  it('lets the creator revoke their link', function () {
    expect(decideRevokeInviteLink(member, aLink())).to.deep.equal([{ type: 'InviteLinkRevoked', data: { invite_id: 7 } }]);
  });

  it('lets administrators revoke links of others, and revoke expired links', function () {
    expect(decideRevokeInviteLink(admin, aLink())).to.have.length(1);
    expect(decideRevokeInviteLink(owner, aLink({ expires_at: NOW - 1 }))).to.have.length(1);
  });

  it('refuses other users, even moderators', function () {
    expectApiError(() => decideRevokeInviteLink(other, aLink()), refused('Insufficient permission'));
    expectApiError(() => decideRevokeInviteLink(moderator, aLink()), refused('Insufficient permission'));
  });

  it('refuses an administrator a link that makes owners; an owner may', function () {
    const owners = aLink({ creator_id: owner.user_id, invited_as: Role.Owner });
    expectApiError(() => decideRevokeInviteLink(admin, owners), refused('Insufficient permission'));
    expect(decideRevokeInviteLink(owner, owners)).to.have.length(1);
  });

  it('refuses an unknown link and a revoked one', function () {
    expectApiError(() => decideRevokeInviteLink(admin, undefined), refused('No such invitation link'));
    expectApiError(() => decideRevokeInviteLink(member, aLink({ revoked: true })), refused('Invitation link has already been revoked'));
  });
});

describe('decideUseInviteLink', function () {
  const groups = new Map([...systemGroups(), aGroup({ id: 30 }), aGroup({ id: 31, members: [42] })].map((group) => [group.id, group]));

  it('records the use and a membership change per group of the link', function () {
    const use = decideUseInviteLink(aLink({ group_ids: [30, 31] }), groups, NOW, 43);
    expect(use.used).to.deep.equal({ type: 'InviteLinkUsed', data: { invite_id: 7, user_id: 43 } });
    expect(use.memberships.map((change) => change.data)).to.deep.equal([
      { group_id: 30, added_members: [43], removed_members: [], added_subgroups: [], removed_subgroups: [] },
      { group_id: 31, added_members: [43], removed_members: [], added_subgroups: [], removed_subgroups: [] },
    ]);
  });

  it('leaves alone a group that holds the account already (a retried request)', function () {
    const use = decideUseInviteLink(aLink({ group_ids: [30, 31] }), groups, NOW, 42);
    expect(use.memberships.map((change) => change.data.group_id)).to.deep.equal([30]);
  });

  it('works until the instant of expiry, and forever without one', function () {
    expect(decideUseInviteLink(aLink({ expires_at: NOW + 1 }), groups, NOW, 43).used.data.invite_id).to.equal(7);
    expect(decideUseInviteLink(aLink({ expires_at: null }), groups, NOW + 10 * 365 * 86_400_000, 43).used.data.invite_id).to.equal(7);
  });

  const unusable: [string, InviteLinkState | undefined][] = [
    ['an unknown link', undefined],
    ['a revoked link', aLink({ revoked: true })],
    ['a link at its expiry', aLink({ expires_at: NOW })],
    ['an expired link', aLink({ expires_at: NOW - 1 })],
  ];
  for (const [what, link] of unusable) {
    it(`refuses ${what} with one message`, function () {
      expectApiError(() => decideUseInviteLink(link, groups, NOW, 43), refused('Invalid or expired invitation link'));
    });
  }
});
