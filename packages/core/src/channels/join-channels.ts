import type { SubscriptionAdded } from '../events/channel-events.js';
import type { SubscriptionIndex } from './channel-context.js';
import type { ChannelState, SubscriptionProperties } from './channel-state.js';
import { pickColor } from './subscription-colors.js';

/** A first subscription's personal properties besides its color. */
export const NEW_SUBSCRIPTION_DEFAULTS: Omit<SubscriptionProperties, 'color'> = {
  pin_to_top: false,
  is_muted: false,
  desktop_notifications: null,
  email_notifications: null,
  push_notifications: null,
  audible_notifications: null,
  wildcard_mentions_notify: null,
};

export interface Joined {
  /** SubscriptionAdded per channel that gains subscribers. */
  events: Map<number, SubscriptionAdded>;
  /** Channel names each user joined, and those they were in already, by user id. */
  subscribed: Map<number, string[]>;
  already: Map<number, string[]>;
}

/**
 * Subscribes users to channels. A returning subscriber gets their earlier personal properties back;
 * a first subscription takes the next palette color the user does not use yet.
 */
export function joinChannels(index: SubscriptionIndex, channels: readonly ChannelState[], userIds: readonly number[]): Joined {
  const joined: Joined = { events: new Map(), subscribed: new Map(), already: new Map() };
  const assigned = new Map<number, string[]>();
  const note = (map: Map<number, string[]>, userId: number, name: string): void => {
    map.set(userId, [...(map.get(userId) ?? []), name]);
  };
  for (const channel of channels) {
    const added: SubscriptionAdded['data']['subscriptions'] = [];
    for (const userId of userIds) {
      const previous = index.get(userId, channel.channel_id);
      if (previous?.active) {
        note(joined.already, userId, channel.name);
        continue;
      }
      note(joined.subscribed, userId, channel.name);
      if (previous) {
        const { user_id: _user, channel_id: _channel, active: _active, ...properties } = previous;
        added.push({ user_id: userId, ...properties });
        continue;
      }
      const taken = assigned.get(userId) ?? [];
      const color = pickColor([...index.colorsOf(userId), ...taken]);
      assigned.set(userId, [...taken, color]);
      added.push({ user_id: userId, color, ...NEW_SUBSCRIPTION_DEFAULTS });
    }
    if (added.length > 0) {
      joined.events.set(channel.channel_id, { type: 'SubscriptionAdded', data: { channel_id: channel.channel_id, subscriptions: added } });
    }
  }
  return joined;
}
