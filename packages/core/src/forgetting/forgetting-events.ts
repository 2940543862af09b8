import type { DomainEvent, DomainEventType } from '../events/index.js';

/**
 * The event types whose fact is that something is gone for good, and the subjects (see
 * docs/topics/forgetting.md) each forgets: what was sealed under their keys can no longer be read by
 * anyone, from the log, its exports or its backups made from now on.
 */
export const FORGETTING_EVENTS = [
  'MessagesDeleted',
  'DraftDeleted',
  'SavedSnippetDeleted',
  'ScheduledMessageDeleted',
  'ScheduledMessageSent',
  'ReminderDeleted',
  'ReminderDelivered',
  'AttachmentDeleted',
  'UserErased',
] as const satisfies readonly DomainEventType[];

export type ForgettingEventType = (typeof FORGETTING_EVENTS)[number];

/** The subjects an event forgets; none for any other event. */
export function subjectsForgottenBy(event: DomainEvent): string[] {
  switch (event.type) {
    case 'MessagesDeleted':
      return event.data.message_ids.map((id) => `message-${id}`);
    case 'DraftDeleted':
      return [`draft-${event.data.draft_id}`];
    case 'SavedSnippetDeleted':
      return [`snippet-${event.data.saved_snippet_id}`];
    case 'ScheduledMessageDeleted':
    case 'ScheduledMessageSent':
      // A sent scheduled message lives on as the message it became, under that message's own key.
      return [`scheduled-${event.data.scheduled_message_id}`];
    case 'ReminderDeleted':
    case 'ReminderDelivered':
      return [`reminder-${event.data.reminder_id}`];
    case 'AttachmentDeleted':
      return [`attachment-${event.data.attachment_id}`];
    case 'UserErased':
      // The person's own key, and the invitations that named their address (their drafts, files and
      // other items are forgotten by their own deletions, appended in the same command).
      return [`user-${event.data.user_id}`, ...event.data.invitation_ids.map((id) => `invite-${id}`)];
    default:
      return [];
  }
}
