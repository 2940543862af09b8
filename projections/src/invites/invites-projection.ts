import type { InviteLinkState, StoredEvent } from '@chat/core';
import type { Projection } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Reusable invitation links, revoked and expired ones included (expiry depends on the clock, which projections never read). */
export function invitesProjection(models: ReadModels): Projection {
  return {
    name: 'invites',
    async apply(event: StoredEvent): Promise<void> {
      switch (event.type) {
        case 'InviteLinkCreated': {
          const { invite_id, ...link } = event.data;
          const invite: InviteLinkState = { id: invite_id, ...link, created_at: event.metadata.occurred_at, revoked: false };
          await models.invites.put(invite_id, invite, event.position);
          return;
        }
        case 'InviteLinkRevoked': {
          const invite = await models.invites.get(event.data.invite_id);
          if (invite) await models.invites.put(invite.id, { ...invite, revoked: true }, event.position);
          return;
        }
        default:
          return;
      }
    },
  };
}
