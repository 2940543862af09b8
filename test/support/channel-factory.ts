import {
  type ChannelContext,
  type ChannelState,
  channelNameKey,
  defaultChannelGroupSettings,
  NEW_SUBSCRIPTION_DEFAULTS,
  type NewChannelOptions,
  type RealmGroupSettings,
  SubscriptionIndex,
  type SubscriptionState,
  type UserGroupState,
  type UserState,
  worldOf,
} from '@chat/core';
import { groupContext, systemGroups } from './user-group-factory.js';

/** A channel as the read model holds it after ChannelCreated by `creator_id` (user 1 unless overridden). */
export function aChannel(overrides: Partial<ChannelState> & { channel_id: number; name: string }): ChannelState {
  const creator = overrides.creator_id ?? 1;
  return {
    description: '',
    rendered_description: '',
    invite_only: false,
    is_web_public: false,
    history_public_to_subscribers: !overrides.invite_only,
    message_retention_days: null,
    topics_policy: 'inherit',
    folder_id: null,
    is_default: false,
    date_created: 1_700_000_000_000,
    creator_id: creator,
    is_archived: false,
    settings: defaultChannelGroupSettings(worldOf(systemGroups(), []), creator),
    first_message_id: null,
    ...overrides,
    name_key: channelNameKey(overrides.name),
  };
}

/** A subscription with the defaults a first subscription gets, active unless said otherwise. */
export function aSubscription(user_id: number, channel_id: number, overrides: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    user_id,
    channel_id,
    active: true,
    color: '#76ce90',
    ...NEW_SUBSCRIPTION_DEFAULTS,
    ...overrides,
  };
}

export interface ChannelWorldGiven {
  users: readonly UserState[];
  channels?: readonly ChannelState[];
  subscriptions?: readonly SubscriptionState[];
  groups?: readonly UserGroupState[];
  realm?: Partial<RealmGroupSettings>;
  folderIds?: readonly number[];
}

/** What a channel decision reads, as the actor sees it, with the system groups of user-group-factory. */
export function channelContext(actor: UserState, given: ChannelWorldGiven): ChannelContext {
  const world = groupContext(actor, given.users, given.groups ?? [], given.realm ?? {});
  const subscriptions = new SubscriptionIndex(given.subscriptions ?? []);
  return {
    groups: world.groups,
    users: world.users,
    realm: world.realm,
    actor,
    channels: new Map((given.channels ?? []).map((channel) => [channel.channel_id, channel])),
    subscriptions,
    folderIds: new Set(given.folderIds ?? []),
    isSubscribed: (userId, channelId) => subscriptions.isSubscribed(userId, channelId),
  };
}

/** The options of a request that creates public channels with every default. */
export const PUBLIC_DEFAULTS: NewChannelOptions = {
  invite_only: false,
  is_web_public: false,
  history_public_to_subscribers: null,
  message_retention_days: null,
  topics_policy: 'inherit',
  folder_id: null,
  is_default: false,
  settings: {},
};
