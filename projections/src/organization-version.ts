import type { DomainEventType, StoredEvent } from '@chat/core';
import type { Applied, Projection } from './projection.js';

/**
 * Event types that leave the organization alone: they change messages, flags, reactions, topic
 * policies, alert words, attachments, reminders, push devices or scheduled jobs, never users, groups,
 * channels, folders or permissions. Every other type may change the organization.
 */
const LEAVES_ORGANIZATION_ALONE: ReadonlySet<DomainEventType> = new Set<DomainEventType>([
  'MessageSent',
  'MessageFlagsChanged',
  'MessageContentEdited',
  'MessagesMoved',
  'MessagesDeleted',
  'ReactionAdded',
  'ReactionRemoved',
  'UserTopicChanged',
  'UserAlertWordsChanged',
  'UserStatusChanged',
  'UserMuted',
  'UserUnmuted',
  'MessagePushesSent',
  'MessagePushFailed',
  'AttachmentUploaded',
  'AttachmentDeleted',
  'ReminderScheduled',
  'ReminderDelivered',
  'ReminderDeliveryFailed',
  'ReminderDeleted',
  'ScheduledMessageCreated',
  'ScheduledMessageEdited',
  'ScheduledMessageDeleted',
  'ScheduledMessageSent',
  'ScheduledMessageFailed',
  'DraftCreated',
  'DraftEdited',
  'DraftDeleted',
  'SavedSnippetCreated',
  'SavedSnippetEdited',
  'SavedSnippetDeleted',
  'NavigationViewAdded',
  'NavigationViewUpdated',
  'NavigationViewRemoved',
  'PushTokenAdded',
  'PushTokenRemoved',
  'PushDeviceRegistered',
]);

/**
 * Counts the events that may have changed the organization, so a cache of it (users, groups, channels)
 * knows when to read the models again. Message traffic, nearly all of a busy log, leaves it unchanged.
 * An unknown or new event type counts, so forgetting to list one costs a re-read, never a stale answer.
 */
export class OrganizationVersion implements Projection {
  readonly name = 'organization-version';
  readonly handles = 'every';
  value = 0;

  apply(event: StoredEvent): Applied {
    if (!LEAVES_ORGANIZATION_ALONE.has(event.type)) this.value += 1;
    return undefined;
  }

  /** A projection changed the organization on an event that usually leaves it alone (a channel's first message). */
  bump(): void {
    this.value += 1;
  }
}
