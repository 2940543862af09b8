import { expect } from 'chai';
import {
  decideAcceptEmailInvitation,
  decideResendEmailInvitation,
  decideRevokeEmailInvitation,
  decideSendInvitations,
  type EmailInvitationState,
  parseInviteeEmails,
  Role,
  type SendInvitations,
} from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aChannel, channelContext } from '../../support/channel-factory.js';
import { someUsers } from '../../support/user-state-factory.js';

const { owner, admin, member, guest, other, gone } = someUsers();
const NOW = 1_767_225_600_000;
const world = { users: [owner, admin, member, guest, other, gone], channels: [aChannel({ channel_id: 10, name: 'general', is_default: true })] };
const send = (emails: string[], rest: Partial<SendInvitations> = {}, actor = member) =>
  decideSendInvitations(channelContext(actor, world), {
    emails,
    prepared: new Map(emails.map((email, index) => [email, { invite_id: 40 + index, key_digest: String(index).repeat(64) }])),
    now: NOW,
    default_validity_minutes: 60,
    stream_ids: [],
    ...rest,
  });

const pending = (overrides: Partial<EmailInvitationState> = {}): EmailInvitationState => ({
  id: 40, email: 'new@example.com', key_digest: 'a'.repeat(64), creator_id: member.user_id, invited_as: Role.Member, channel_ids: [], group_ids: [],
  include_realm_default_subscriptions: false, notify_referrer_on_join: true, welcome_message_custom_text: null, expires_at: NOW + 1000,
  invited_at: NOW, revoked: false, accepted_by: null, ...overrides,
});

describe('email invitation deciders', () => {
  it('parses addresses separated by commas and newlines, once each, lower-cased', () => {
    expect(parseInviteeEmails(' A@x.org,b@x.org\n\na@X.org , ')).to.deep.equal(['a@x.org', 'b@x.org']);
  });

  it('invites each address without an account, with the terms of the request, and reports the others', () => {
    const decision = send(['new@example.com', member.email, gone.email], { invite_expires_in_minutes: null, notify_referrer_on_join: false });
    expect(decision.events).to.deep.equal([{
      type: 'EmailInvitationSent',
      data: {
        invite_id: 40, key_digest: '0'.repeat(64), email: 'new@example.com', creator_id: member.user_id, invited_as: Role.Member, channel_ids: [], group_ids: [],
        include_realm_default_subscriptions: false, notify_referrer_on_join: false, welcome_message_custom_text: null, expires_at: null,
      },
    }]);
    expect(decision.skipped).to.deep.equal([[member.email, 'Already has an account.', false], [gone.email, 'Account has been deactivated.', true]]);
    expect(send(['x@example.com']).events[0].data.expires_at).to.equal(NOW + 60 * 60_000);
  });

  it('refuses the whole request for a malformed address, no address, a guest, or a higher role', () => {
    expectApiError(() => send(['ok@example.com', 'nope']), { code: 'INVITATION_FAILED', status: 400, mentions: 'did not validate' });
    expectApiError(() => send([]), refused("'invitee_emails'"));
    expectApiError(() => send(['ok@example.com'], {}, guest), refused('Insufficient permission'));
    expectApiError(() => send(['ok@example.com'], { invite_as: Role.Owner }), refused("'invite_as'"));
  });

  it('revokes and resends for the sender and administrators only, and nothing that is gone', () => {
    expect(decideRevokeEmailInvitation(member, pending())).to.deep.equal([{ type: 'EmailInvitationRevoked', data: { invite_id: 40 } }]);
    expect(decideResendEmailInvitation(admin, pending(), NOW, 'b'.repeat(64))).to.deep.equal([{ type: 'EmailInvitationResent', data: { invite_id: 40, key_digest: 'b'.repeat(64) } }]);
    expectApiError(() => decideRevokeEmailInvitation(other, pending()), refused('Insufficient permission'));
    expectApiError(() => decideRevokeEmailInvitation(admin, pending({ invited_as: Role.Owner })), refused('Insufficient permission'));
    for (const gone of [undefined, pending({ revoked: true }), pending({ accepted_by: 9 })]) expectApiError(() => decideRevokeEmailInvitation(admin, gone), refused('No such invitation'));
    expectApiError(() => decideResendEmailInvitation(admin, pending({ expires_at: NOW }), NOW, 'b'.repeat(64)), refused('expired'));
  });

  it('is accepted once, by its address, before it expires; a retry by the same account changes nothing', () => {
    expect(decideAcceptEmailInvitation(pending(), NOW, 'new@example.com', 9).events).to.deep.equal([{ type: 'EmailInvitationAccepted', data: { invite_id: 40, user_id: 9 } }]);
    expect(decideAcceptEmailInvitation(pending({ accepted_by: 9 }), NOW, 'new@example.com', 9).events).to.deep.equal([]);
    for (const [invite, email] of [[pending({ accepted_by: 8 }), 'new@example.com'], [pending(), 'other@example.com'], [pending({ expires_at: NOW }), 'new@example.com']] as const) {
      expectApiError(() => decideAcceptEmailInvitation(invite, NOW, email, 9), refused('Invalid or expired invitation link'));
    }
  });
});
