import type { ChannelEvent } from './channel-events.js';
import type { ChannelFolderEvent } from './channel-folder-events.js';
import type { ClaimEvent } from './claim-events.js';
import type { GroupEvent } from './group-events.js';
import type { IdEvent } from './id-events.js';
import type { MessageEvent } from './message-events.js';
import type { MessageEditEvent } from './message-edit-events.js';
import type { AlertWordEvent } from './alert-word-events.js';
import type { AttachmentEvent } from './attachment-events.js';
import type { MessageDeletionEvent } from './message-deletion-events.js';
import type { ReactionEvent } from './reaction-events.js';
import type { InviteEvent } from './invite-events.js';
import type { InviteExpiryEvent } from './invite-expiry-events.js';
import type { ReminderEvent } from './reminder-events.js';
import type { PushDeviceEvent } from './push-device-events.js';
import type { MessagePushEvent } from './message-push-events.js';
import type { RealmEvent } from './realm-events.js';
import type { UserEvent } from './user-events.js';
import type { RequestEvent } from './request-events.js';
import type { OwnerEvent } from './owner-events.js';
import type { RealmEmojiEvent } from './realm-emoji-events.js';
import type { LinkifierEvent } from './linkifier-events.js';
import type { CodePlaygroundEvent } from './playground-events.js';
import type { ScheduledMessageEvent } from './scheduled-message-events.js';
import type { DraftEvent } from './draft-events.js';
import type { SavedSnippetEvent } from './saved-snippet-events.js';
import type { NavigationViewEvent } from './navigation-view-events.js';
import type { UserStatusEvent } from './user-status-events.js';
import type { ProfileFieldEvent } from './profile-field-events.js';
import type { EmailInvitationEvent } from './email-invitation-events.js';
import type { RealmExportEvent } from './realm-export-events.js';
import type { UserDefaultsEvent } from './user-defaults-events.js';
import type { ErasureEvent } from './erasure-events.js';

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

/** Every fact the domain records. */
export type DomainEvent = RealmEvent | UserEvent | GroupEvent | ChannelEvent | ChannelFolderEvent | InviteEvent | ClaimEvent | IdEvent | MessageEvent | ReactionEvent | MessageDeletionEvent | AlertWordEvent | MessageEditEvent | AttachmentEvent | ReminderEvent | InviteExpiryEvent | PushDeviceEvent | MessagePushEvent
  | ProfileFieldEvent | UserDefaultsEvent | EmailInvitationEvent | UserStatusEvent | RealmEmojiEvent | LinkifierEvent | CodePlaygroundEvent | RequestEvent | OwnerEvent
  | ScheduledMessageEvent
  | DraftEvent | SavedSnippetEvent | NavigationViewEvent
  | RealmExportEvent
  | ErasureEvent;
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
