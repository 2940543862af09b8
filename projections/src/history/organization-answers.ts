import { canReadChannelHistory, type ChannelState, directMembers, hasContentAccess, isSystemBot, type UserState } from '@chat/core';
import type { OrganizationAt } from './world-at.js';

/** A user as the organization knew them: the fields an auditor asks about (roles, status, bots). */
export const userAt = (user: UserState) => ({
  user_id: user.user_id,
  full_name: user.full_name,
  email: user.email,
  role: user.role,
  is_active: user.is_active,
  is_bot: user.is_bot,
  bot_owner_id: user.bot_owner_id,
});

/** A channel's settings and permissions as they stood, under the API's names, with its subscribers. */
export const channelAt = (org: OrganizationAt, channel: ChannelState) => ({
  stream_id: channel.channel_id,
  name: channel.name,
  description: channel.description,
  invite_only: channel.invite_only,
  is_web_public: channel.is_web_public,
  history_public_to_subscribers: channel.history_public_to_subscribers,
  is_archived: channel.is_archived,
  message_retention_days: channel.message_retention_days,
  ...channel.settings,
  subscribers: [...(org.subscribers.get(channel.channel_id) ?? [])],
});

/** The organization's people and bots, as GET /users lists them: the server's own system bots left out. */
const peopleOf = (org: OrganizationAt): UserState[] => [...org.users.values()].filter((user) => !isSystemBot(user)).sort((a, b) => a.user_id - b.user_id);

/**
 * The organization at one point: its users with their roles, its channels with their settings,
 * permissions and subscribers, its groups with their members and subgroups, and its own permission
 * settings (group-setting values, as the API gives them).
 */
export function organizationAnswer(org: OrganizationAt) {
  return {
    position: org.position,
    users: peopleOf(org).map(userAt),
    channels: org.channels.map((channel) => channelAt(org, channel)),
    user_groups: [...org.groups.values()]
      .sort((a, b) => a.id - b.id)
      .map((group) => ({
        id: group.id,
        name: group.name,
        is_system_group: group.is_system_group,
        deactivated: group.deactivated,
        members: directMembers(org, group),
        direct_subgroup_ids: [...group.direct_subgroup_ids].sort((a, b) => a - b),
        ...group.settings,
      })),
    permissions: { ...org.realm },
  };
}

/** How a user could read a channel then: as a subscriber, or its shared history through access. */
export interface ChannelReader {
  user_id: number;
  role: number;
  subscribed: boolean;
  /** Could read the messages sent before they subscribed (or without subscribing). */
  reads_history: boolean;
}

/**
 * Who could read a channel at one point, by the server's own access rules as they stood: its active
 * subscribers read what they received, and everyone with content access reads its history when the
 * channel shares history (public channels for all but guests, private ones for the groups that may
 * subscribe). `is_web_public` says that anyone on the web could read it too. Null: no such channel then.
 */
export function channelReadersAnswer(org: OrganizationAt, channelId: number) {
  const channel = org.channels.find((candidate) => candidate.channel_id === channelId);
  if (!channel) return null;
  const readers: ChannelReader[] = [];
  for (const user of peopleOf(org)) {
    if (!user.is_active || !hasContentAccess(org, channel, user.user_id)) continue;
    const subscribed = org.isSubscribed(user.user_id, channelId);
    const readsHistory = canReadChannelHistory(org, channel, user.user_id);
    if (subscribed || readsHistory) readers.push({ user_id: user.user_id, role: user.role, subscribed, reads_history: readsHistory });
  }
  return { position: org.position, channel: channelAt(org, channel), readers };
}
