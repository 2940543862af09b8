import { badRequest, insufficientPermission } from '../errors.js';
import type { EmailInvitationAccepted, EmailInvitationResent, EmailInvitationRevoked } from '../events/email-invitation-events.js';
import type { UserState } from '../users/user-state.js';
import { isEmailInvitationPending, type EmailInvitationState } from './email-invitation-state.js';
import { managesInvite, mayGrantRole } from './invite-rules.js';

const noSuchInvitation = () => badRequest('No such invitation');

/**
 * An invitation the actor manages (its sender, or administrators) and could have sent (an
 * administrator cannot touch one that makes owners). Revoked or accepted ones no longer exist.
 */
function managedInvitation(actor: UserState, invite: EmailInvitationState | undefined): EmailInvitationState {
  if (!invite || invite.revoked || invite.accepted_by !== null) throw noSuchInvitation();
  if (!managesInvite(actor, { creator_id: invite.creator_id }) || !mayGrantRole(actor, invite.invited_as)) throw insufficientPermission('Insufficient permission');
  return invite;
}

/** DELETE /invites/{invite_id} */
export function decideRevokeEmailInvitation(actor: UserState, invite: EmailInvitationState | undefined): EmailInvitationRevoked[] {
  const found = managedInvitation(actor, invite);
  return [{ type: 'EmailInvitationRevoked', data: { invite_id: found.id } }];
}

/** POST /invites/{invite_id}/resend: a pending invitation gets a new key; an expired one cannot be resent. */
export function decideResendEmailInvitation(actor: UserState, invite: EmailInvitationState | undefined, now: number, keyDigest: string): EmailInvitationResent[] {
  const found = managedInvitation(actor, invite);
  if (!isEmailInvitationPending(found, now)) throw badRequest('The invitation has expired.');
  return [{ type: 'EmailInvitationResent', data: { invite_id: found.id, key_digest: keyDigest } }];
}

/** The invitation a presented key opens, for the address it was sent to; one message for every failure, so a guess learns nothing. */
export function checkEmailInvitationUsable(invite: EmailInvitationState | undefined, now: number, email: string): EmailInvitationState {
  if (!invite || !isEmailInvitationPending(invite, now) || invite.email !== email) throw badRequest('Invalid or expired invitation link');
  return invite;
}

/**
 * Accepting: the invitation is used up by the new account. One this very account used already (a
 * request retried after a conflict on a later stream) is left as it is.
 */
export function decideAcceptEmailInvitation(
  invite: EmailInvitationState | undefined,
  now: number,
  email: string,
  userId: number,
): { invite: EmailInvitationState; events: EmailInvitationAccepted[] } {
  if (invite && invite.accepted_by === userId) return { invite, events: [] };
  const found = checkEmailInvitationUsable(invite, now, email);
  return { invite: found, events: [{ type: 'EmailInvitationAccepted', data: { invite_id: found.id, user_id: userId } }] };
}
