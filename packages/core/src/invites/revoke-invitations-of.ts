import type { EmailInvitationRevoked } from '../events/email-invitation-events.js';
import type { InviteLinkRevoked } from '../events/invite-events.js';
import type { UserDeactivated } from '../events/user-events.js';
import { isEmailInvitationPending, type EmailInvitationState } from './email-invitation-state.js';
import { isInviteLinkUsable } from './invite-rules.js';
import type { InviteLinkState } from './invite-state.js';

/** The invitations the deactivated accounts sent, as the read models hold them. */
export interface InvitationsSent {
  links: readonly InviteLinkState[];
  emailInvitations: readonly EmailInvitationState[];
}

/** One revocation, with the stream it belongs on. */
export type InvitationRevocation = { kind: 'link'; event: InviteLinkRevoked } | { kind: 'email'; event: EmailInvitationRevoked };

/**
 * Deactivating an account revokes the invitations it sent that still work: pending email invitations
 * and invitation links not revoked and not expired, as the public server does (its
 * `revoke_invites_generated_by_user`). Expired, revoked and accepted ones are left as they are, and
 * reactivating the account brings none back. Only invitations of the deactivated accounts are taken.
 */
export function decideRevokeInvitationsOf(deactivated: readonly UserDeactivated[], sent: InvitationsSent, now: number): InvitationRevocation[] {
  const creators = new Set(deactivated.map((event) => event.data.user_id));
  const revocations: InvitationRevocation[] = [];
  for (const invite of [...sent.emailInvitations].sort((a, b) => a.id - b.id)) {
    if (creators.has(invite.creator_id) && isEmailInvitationPending(invite, now)) {
      revocations.push({ kind: 'email', event: { type: 'EmailInvitationRevoked', data: { invite_id: invite.id } } });
    }
  }
  for (const link of [...sent.links].sort((a, b) => a.id - b.id)) {
    if (creators.has(link.creator_id) && isInviteLinkUsable(link, now)) {
      revocations.push({ kind: 'link', event: { type: 'InviteLinkRevoked', data: { invite_id: link.id } } });
    }
  }
  return revocations;
}
