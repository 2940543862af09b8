/** An event as a client receives it from GET /events (before its queue-specific `id`). */
export interface ClientEvent {
  type: string;
  [field: string]: unknown;
}

/** Client capabilities a queue was registered with; each keeps older clients on older shapes. */
export interface Capabilities {
  notification_settings_null: boolean;
  bulk_message_deletion: boolean;
  user_avatar_url_field_optional: boolean;
  stream_typing_notifications: boolean;
  user_settings_object: boolean;
  linkifier_url_template: boolean;
  user_list_incomplete: boolean;
  include_deactivated_groups: boolean;
  archived_channels: boolean;
  empty_topic_name: boolean;
  simplified_presence_events: boolean;
}

export type CapabilityName = keyof Capabilities;

export const NO_CAPABILITIES: Readonly<Capabilities> = Object.freeze({
  notification_settings_null: false,
  bulk_message_deletion: false,
  user_avatar_url_field_optional: false,
  stream_typing_notifications: false,
  user_settings_object: false,
  linkifier_url_template: false,
  user_list_incomplete: false,
  include_deactivated_groups: false,
  archived_channels: false,
  empty_topic_name: false,
  simplified_presence_events: false,
});

/**
 * Which of a user's queues an entry is for. Most entries go to all of them; some only to queues with
 * (or without) a capability, or to one queue (a sender's echo), or to all but one.
 */
export interface Audience {
  /** Every listed capability must have the listed value on the queue. */
  capabilities?: Partial<Capabilities>;
  onlyQueue?: string;
  exceptQueue?: string;
}

/** One entry of a user's feed. `seq` increases by one per entry and is the event's id in every queue. */
export interface FeedEntry {
  seq: number;
  event: ClientEvent;
  audience?: Audience;
  /** The event's JSON, when the store already holds it serialized (a shared feed does): never built again. */
  json?: string;
}

/** What fan-out hands to the feeds: an event, who gets it, and for which of their queues. */
export interface Delivery {
  userIds: readonly number[];
  event: ClientEvent;
  audience?: Audience;
}
