import type { EmailInvitationState } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

const TYPES = ['EmailInvitationAccepted', 'EmailInvitationResent', 'EmailInvitationRevoked', 'EmailInvitationSent'] as const;

/** Email invitations, found by the digest of their current key; revoked and accepted ones are kept, marked. */
export function emailInvitationsProjection(models: ReadModels): Projection {
  return projectionOf('email-invitations', [...TYPES], async (event) => {
    const at = event.position;
    if (event.type === 'EmailInvitationSent') {
      const { invite_id, ...sent } = event.data;
      const invite: EmailInvitationState = { id: invite_id, ...sent, invited_at: event.metadata.occurred_at, revoked: false, accepted_by: null };
      await models.emailInvitations.put(invite_id, invite, at);
      return;
    }
    const invite = await models.emailInvitations.get(event.data.invite_id);
    if (!invite) return;
    switch (event.type) {
      case 'EmailInvitationResent':
        await models.emailInvitations.put(invite.id, { ...invite, key_digest: event.data.key_digest, invited_at: event.metadata.occurred_at }, at);
        return;
      case 'EmailInvitationRevoked':
        await models.emailInvitations.put(invite.id, { ...invite, revoked: true }, at);
        return;
      case 'EmailInvitationAccepted':
        await models.emailInvitations.put(invite.id, { ...invite, accepted_by: event.data.user_id }, at);
        return;
      default:
        return;
    }
  });
}
