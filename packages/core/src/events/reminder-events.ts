/**
 * A user asked to be reminded of a message. The reminder's text (a link to the message, the note, the
 * message quoted) is decided and rendered now, as the creator saw the message, and delivered as is.
 */
export interface ReminderScheduled {
  type: 'ReminderScheduled';
  data: {
    reminder_id: number;
    creator_id: number;
    message_id: number;
    /** Milliseconds since the epoch. */
    deliver_at: number;
    note: string;
    content: string;
    rendered_content: string;
  };
}

/** The notification bot sent the reminder to its creator as the direct message `delivered_message_id`. */
export interface ReminderDelivered {
  type: 'ReminderDelivered';
  data: { reminder_id: number; creator_id: number; delivered_message_id: number };
}

/** The reminder was due but could not be sent (its creator's account is deactivated); it stays listed as failed. */
export interface ReminderDeliveryFailed {
  type: 'ReminderDeliveryFailed';
  data: { reminder_id: number; creator_id: number; reason: 'creator_deactivated' };
}

/** Its creator cancelled the reminder before it was sent. */
export interface ReminderDeleted {
  type: 'ReminderDeleted';
  data: { reminder_id: number; creator_id: number };
}

export type ReminderEvent = ReminderScheduled | ReminderDelivered | ReminderDeliveryFailed | ReminderDeleted;

declare module './index.js' {
  interface DomainEventKinds {
    ReminderEvent: ReminderEvent;
  }
}
