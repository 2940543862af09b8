import { badRequest, insufficientPermission } from '../errors.js';
import type { InviteLinkRevoked } from '../events/invite-events.js';
import type { UserState } from '../users/user-state.js';
import { managesInvite, mayGrantRole } from './invite-rules.js';
import type { InviteLinkState } from './invite-state.js';

/**
 * DELETE /invites/multiuse/{invite_id}: its creator or an administrator revokes a link, provided they
 * could have created it (an administrator cannot revoke a link that makes owners). Expired links may
 * be revoked too; a revoked one cannot be revoked again.
 */
export function decideRevokeInviteLink(actor: UserState, invite: InviteLinkState | undefined): InviteLinkRevoked[] {
  if (!invite) throw badRequest('No such invitation link');
  if (!managesInvite(actor, invite) || !mayGrantRole(actor, invite.invited_as)) throw insufficientPermission('Insufficient permission');
  if (invite.revoked) throw badRequest('Invitation link has already been revoked');
  return [{ type: 'InviteLinkRevoked', data: { invite_id: invite.id } }];
}
