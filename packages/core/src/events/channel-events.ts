import type { ChannelChanges, ChannelGroupSettings, ChannelProperties, SubscriptionProperties } from './channel-properties.js';

/** A channel came into being (by a subscription request naming a channel that did not exist). */
export interface ChannelCreated {
  type: 'ChannelCreated';
  data: ChannelProperties & { channel_id: number; creator_id: number | null; settings: ChannelGroupSettings };
}

/**
 * Some of a channel's properties or permissions changed: `changes` holds the new values of what changed,
 * `previous` the values they replaced (the audit trail, and who could see the channel before).
 */
export interface ChannelUpdated {
  type: 'ChannelUpdated';
  data: { channel_id: number; changes: ChannelChanges; previous: ChannelChanges };
}

/** The channel was archived: nobody can post in it; its history stays. */
export interface ChannelArchived {
  type: 'ChannelArchived';
  data: { channel_id: number };
}

export interface ChannelUnarchived {
  type: 'ChannelUnarchived';
  data: { channel_id: number };
}

/** Users became subscribers, each with the personal properties their subscription starts with. */
export interface SubscriptionAdded {
  type: 'SubscriptionAdded';
  data: { channel_id: number; subscriptions: (SubscriptionProperties & { user_id: number })[] };
}

/** Users stopped being subscribers; their personal properties are kept for a return. */
export interface SubscriptionRemoved {
  type: 'SubscriptionRemoved';
  data: { channel_id: number; user_ids: number[] };
}

/** A subscriber changed one personal property of their subscription. */
export interface SubscriptionPropertyChanged {
  type: 'SubscriptionPropertyChanged';
  data: {
    channel_id: number;
    user_id: number;
    property: keyof SubscriptionProperties;
    value: string | boolean | null;
  };
}

export type ChannelEvent =
  | ChannelCreated
  | ChannelUpdated
  | ChannelArchived
  | ChannelUnarchived
  | SubscriptionAdded
  | SubscriptionRemoved
  | SubscriptionPropertyChanged;

declare module './index.js' {
  interface DomainEventKinds {
    ChannelEvent: ChannelEvent;
  }
}
