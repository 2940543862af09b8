import { isAdminRole, type StoredEvent } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';

/**
 * `invites_changed` when a link is created or revoked, to administrators and the link's creator:
 * the users who can see it in GET /invites, which they refetch. A link being used changes nothing
 * they see.
 */
export async function invitesFanout(event: StoredEvent, models: ReadModels): Promise<Delivery[]> {
  if (event.type !== 'InviteLinkCreated' && event.type !== 'InviteLinkRevoked') return [];
  const invite = await models.invites.get(event.data.invite_id);
  if (!invite) return [];
  const userIds = (await models.users.all())
    .filter((user) => user.is_active && (isAdminRole(user.role) || user.user_id === invite.creator_id))
    .map((user) => user.user_id);
  return userIds.length === 0 ? [] : [{ userIds, event: { type: 'invites_changed' } }];
}
