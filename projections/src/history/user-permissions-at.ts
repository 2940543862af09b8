import {
  canAddSubscribers,
  canAdministerChannel,
  canReadChannelHistory,
  canSubscribeSelf,
  hasContentAccess,
  hasMetadataAccess,
  isUserInGroup,
  isUserInSetting,
} from '@chat/core';
import { userAt } from './organization-answers.js';
import type { OrganizationAt } from './world-at.js';

/**
 * A user's effective permissions at one point, by the server's own rules over the organization as it
 * stood: the groups they were in (directly, through subgroups, or by role for the system groups),
 * each organization permission as held or not, and for each channel what they could do with it.
 * Null: no such user then.
 */
export function userPermissionsAnswer(org: OrganizationAt, userId: number) {
  const user = org.users.get(userId);
  if (!user) return null;
  const groups = [...org.groups.values()].filter((group) => isUserInGroup(org, group.id, userId)).map((group) => group.id).sort((a, b) => a - b);
  const permissions = Object.fromEntries(Object.entries(org.realm).map(([setting, value]) => [setting, isUserInSetting(org, value, userId)]));
  const channels = org.channels.map((channel) => ({
    stream_id: channel.channel_id,
    name: channel.name,
    subscribed: user.is_active && org.isSubscribed(userId, channel.channel_id),
    can_see: hasMetadataAccess(org, channel, userId),
    can_read: hasContentAccess(org, channel, userId),
    can_read_history: canReadChannelHistory(org, channel, userId),
    can_subscribe: canSubscribeSelf(org, channel, userId),
    can_add_subscribers: canAddSubscribers(org, channel, userId),
    can_administer: canAdministerChannel(org, channel, userId),
  }));
  return { position: org.position, user: userAt(user), user_groups: groups, permissions, channels };
}
