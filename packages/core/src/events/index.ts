
export type * from './channel-events.js';
export type * from './channel-folder-events.js';
export type * from './claim-events.js';
export type * from './group-events.js';
export type * from './id-events.js';
export type * from './message-events.js';
export type * from './message-edit-events.js';
export type * from './alert-word-events.js';
export type * from './attachment-events.js';
export type * from './message-deletion-events.js';
export type * from './reaction-events.js';
export type * from './invite-events.js';
export type * from './invite-expiry-events.js';
export type * from './reminder-events.js';
export type * from './push-device-events.js';
export type * from './message-push-events.js';
export type * from './realm-events.js';
export type * from './user-events.js';
export type * from './request-events.js';
export type * from './owner-events.js';
export type * from './realm-emoji-events.js';
export type * from './linkifier-events.js';
export type * from './playground-events.js';
export type * from './scheduled-message-events.js';
export type * from './draft-events.js';
export type * from './saved-snippet-events.js';
export type * from './navigation-view-events.js';
export type * from './user-status-events.js';
export type * from './profile-field-events.js';
export type * from './email-invitation-events.js';
export type * from './realm-export-events.js';
export type * from './user-defaults-events.js';
export type * from './erasure-events.js';
export type * from './history-events.js';
export type * from './bot-events.js';

/**
 * The domain's events by kind. Each events file adds its own kind (its union of events) here with a
 * `declare module './index.js'` block at its end, so the union of every event is made from the files
 * rather than listed: a new event joins its file's union, or a new file declares its own kind.
 */
export interface DomainEventKinds {}

/** Every fact the domain records. */
export type DomainEvent = DomainEventKinds[keyof DomainEventKinds];
export type DomainEventType = DomainEvent['type'];
export type EventOfType<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** Who did it, when, and in answer to which request: carried by every stored event. */
export interface EventMetadata {
  actor_id: number | null;
  occurred_at: number;
  request_id: string;
  client: string;
  schema_version: number;
  causation_id: string | null;
  correlation_id: string;
}

interface StoredEnvelope {
  position: number;
  stream: string;
  revision: number;
  id: string;
  metadata: EventMetadata;
}

/** An event as read back from the log; a switch on `type` narrows `data`. */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? StoredEnvelope & { type: E['type']; data: E['data'] }
  : never;

/** A stored event of one of these types. */
export type StoredEventOf<T extends DomainEventType> = Extract<StoredEvent, { type: T }>;
