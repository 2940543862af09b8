import type { DomainEventType } from '@chat/core';
import { channelFoldersProjection } from '../channel-folders/channel-folders-projection.js';
import { channelsProjection } from '../channels/channels-projection.js';
import { realmExportsProjection } from '../exports/realm-exports-projection.js';
import { groupsProjection } from '../groups/groups-projection.js';
import { emailInvitationsProjection } from '../invites/email-invitations-projection.js';
import { invitesProjection } from '../invites/invites-projection.js';
import type { Projection } from '../projection.js';
import type { ReadModels } from '../read-models.js';
import { profileFieldsProjection } from '../realm/profile-fields-projection.js';
import { realmProjection } from '../realm/realm-projection.js';
import { userDefaultsProjection } from '../realm/user-defaults-projection.js';
import { usersProjection } from '../users/users-projection.js';

/**
 * The projections of the organization: users and roles, groups, channels and subscriptions,
 * settings and permissions, invitations, exports. The server's own (the same code, so a replay of
 * the organization's events equals what the live models held), none of which reads a message.
 */
export const organizationProjections = (models: ReadModels): Projection[] => [
  realmProjection(models),
  usersProjection(models),
  profileFieldsProjection(models),
  userDefaultsProjection(models),
  groupsProjection(models),
  channelFoldersProjection(models),
  channelsProjection(models),
  invitesProjection(models),
  emailInvitationsProjection(models),
  realmExportsProjection(models),
];

/** Administrative changes that change no organization model but belong in the audit trail. */
const AUDITED_ONLY: readonly DomainEventType[] = ['InviteLinkUsed', 'HistoryQueried', 'UserErased'];

/** What a message's past needs besides its own stream: moves and deletions name many messages. */
export const MESSAGE_HISTORY_TYPES: readonly DomainEventType[] = ['MessagesMoved', 'MessagesDeleted'];

/** The event types that change the organization models, or are audited: what a replay into the past applies. */
export function organizationEventTypes(models: ReadModels): DomainEventType[] {
  const types = new Set<DomainEventType>(AUDITED_ONLY);
  for (const projection of organizationProjections(models)) {
    if (projection.handles === 'every') throw new Error(`organization projection ${projection.name} reads every event`);
    for (const type of projection.handles) types.add(type);
  }
  return [...types].sort();
}
