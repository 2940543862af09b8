import type { InviteLinkState } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/**
 * Reusable invitation links, revoked ones included. Expired ones stay until the scheduler records their
 * expiry (projections never read the clock), so readers still compare `expires_at` with the time.
 */
export function invitesProjection(models: ReadModels): Projection {
  return projectionOf('invites', ['InviteLinkCreated', 'InviteLinkExpired', 'InviteLinkRevoked'], async (event) => {
    switch (event.type) {
      case 'InviteLinkCreated': {
        const { invite_id, ...link } = event.data;
        const invite: InviteLinkState = { id: invite_id, ...link, created_at: event.metadata.occurred_at, revoked: false };
        await models.invites.put(invite_id, invite, event.position);
        return;
      }
      case 'InviteLinkExpired':
        // Expired links were refused from expires_at on; once the expiry is recorded they are gone.
        await models.invites.delete(event.data.invite_id, event.position);
        return;
      case 'InviteLinkRevoked': {
        const invite = await models.invites.get(event.data.invite_id);
        if (invite) await models.invites.put(invite.id, { ...invite, revoked: true }, event.position);
        return;
      }
      default:
        return;
    }
  });
}
