import { expect } from 'chai';
import { decideRevokeInvitationsOf, type EmailInvitationState, type InviteLinkState, Role, type UserDeactivated } from '@chat/core';
import { someUsers } from '../../support/user-state-factory.js';

const NOW = 1_767_225_600_000;
const { member, other } = someUsers();

const aLink = (id: number, overrides: Partial<InviteLinkState> = {}): InviteLinkState => ({
  id, key_digest: String(id).repeat(64).slice(0, 64), creator_id: member.user_id, invited_as: Role.Member, channel_ids: [], group_ids: [],
  include_realm_default_subscriptions: false, welcome_message_custom_text: null, created_at: NOW - 60_000, expires_at: null, revoked: false, ...overrides,
});
const aMail = (id: number, overrides: Partial<EmailInvitationState> = {}): EmailInvitationState => ({
  id, email: `new${id}@example.com`, key_digest: String(id).repeat(64).slice(0, 64), creator_id: member.user_id, invited_as: Role.Member, channel_ids: [],
  group_ids: [], include_realm_default_subscriptions: false, notify_referrer_on_join: true, welcome_message_custom_text: null, expires_at: NOW + 60_000,
  invited_at: NOW - 60_000, revoked: false, accepted_by: null, ...overrides,
});
const deactivated = (...userIds: number[]): UserDeactivated[] =>
  userIds.map((user_id) => ({ type: 'UserDeactivated', data: { user_id, notification_comment: null, owner_id: null } }));

describe('decideRevokeInvitationsOf', function () {
  it("revokes the deactivated accounts' pending email invitations and working links, email invitations first", function () {
    const sent = { links: [aLink(9), aLink(3, { creator_id: other.user_id })], emailInvitations: [aMail(12), aMail(11)] };
    expect(decideRevokeInvitationsOf(deactivated(member.user_id, other.user_id), sent, NOW)).to.deep.equal([
      { kind: 'email', event: { type: 'EmailInvitationRevoked', data: { invite_id: 11 } } },
      { kind: 'email', event: { type: 'EmailInvitationRevoked', data: { invite_id: 12 } } },
      { kind: 'link', event: { type: 'InviteLinkRevoked', data: { invite_id: 3 } } },
      { kind: 'link', event: { type: 'InviteLinkRevoked', data: { invite_id: 9 } } },
    ]);
  });

  it('leaves expired, revoked and accepted invitations, and those of other users, as they are', function () {
    const sent = {
      links: [aLink(1, { revoked: true }), aLink(2, { expires_at: NOW }), aLink(3, { creator_id: other.user_id })],
      emailInvitations: [aMail(4, { revoked: true }), aMail(5, { accepted_by: 77 }), aMail(6, { expires_at: NOW - 1 }), aMail(7, { creator_id: other.user_id })],
    };
    expect(decideRevokeInvitationsOf(deactivated(member.user_id), sent, NOW)).to.deep.equal([]);
  });
});
