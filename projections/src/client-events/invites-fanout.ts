import { isAdminRole } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

/** `invites_changed` to the users who see an invitation in GET /invites: administrators and its sender. */
async function toManagers(models: ReadModels, creatorId: number): Promise<Delivery[]> {
  const userIds = (await models.users.all())
    .filter((user) => user.is_active && (isAdminRole(user.role) || user.user_id === creatorId))
    .map((user) => user.user_id);
  return userIds.length === 0 ? [] : [{ userIds, event: { type: 'invites_changed' } }];
}

/**
 * `invites_changed`, which clients answer by refetching GET /invites: when a link is created or
 * revoked (a link being used changes nothing listed), and when an email invitation is sent, resent,
 * revoked or accepted (an accepted one leaves the list).
 */
export const invitesFanout = fanoutOf(
  'invites',
  ['InviteLinkCreated', 'InviteLinkRevoked', 'EmailInvitationSent', 'EmailInvitationResent', 'EmailInvitationRevoked', 'EmailInvitationAccepted'],
  async (event, models) => {
    const invite = event.type === 'InviteLinkCreated' || event.type === 'InviteLinkRevoked' ? await models.invites.get(event.data.invite_id) : await models.emailInvitations.get(event.data.invite_id);
    return invite ? toManagers(models, invite.creator_id) : [];
  },
);
