import { isAdminRole, type StoredEvent } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';

/** `invites_changed` to the users who see an invitation in GET /invites: administrators and its sender. */
async function toManagers(models: ReadModels, creatorId: number): Promise<Delivery[]> {
  const userIds = (await models.users.all())
    .filter((user) => user.is_active && (isAdminRole(user.role) || user.user_id === creatorId))
    .map((user) => user.user_id);
  return userIds.length === 0 ? [] : [{ userIds, event: { type: 'invites_changed' } }];
}

const EMAIL_INVITATION_EVENTS: ReadonlySet<string> = new Set(['EmailInvitationSent', 'EmailInvitationResent', 'EmailInvitationRevoked', 'EmailInvitationAccepted']);

/**
 * `invites_changed`, which clients answer by refetching GET /invites: when a link is created or
 * revoked (a link being used changes nothing listed), and when an email invitation is sent, resent,
 * revoked or accepted (an accepted one leaves the list).
 */
export async function invitesFanout(event: StoredEvent, models: ReadModels): Promise<Delivery[]> {
  if (event.type === 'InviteLinkCreated' || event.type === 'InviteLinkRevoked') {
    const invite = await models.invites.get(event.data.invite_id);
    return invite ? toManagers(models, invite.creator_id) : [];
  }
  if (EMAIL_INVITATION_EVENTS.has(event.type) && 'invite_id' in event.data) {
    const invite = await models.emailInvitations.get(event.data.invite_id);
    return invite ? toManagers(models, invite.creator_id) : [];
  }
  return [];
}
