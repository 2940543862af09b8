/** Where a scheduled message goes and what it says, as decided when it was scheduled or last edited. */
export interface ScheduledMessageDraft {
  type: 'channel' | 'direct';
  /** The channel's id, or the direct recipients' ids (ascending). */
  to: number | number[];
  /** The topic of a channel message; null for a direct one. */
  topic: string | null;
  content: string;
  rendered_content: string;
  /** Milliseconds since the epoch. */
  deliver_at: number;
}

/** A user scheduled a message to be sent later (POST /scheduled_messages). */
export interface ScheduledMessageCreated {
  type: 'ScheduledMessageCreated';
  data: ScheduledMessageDraft & { scheduled_message_id: number; sender_id: number; read_by_sender: boolean };
}

/** Its sender changed it; the record is the whole message after the change (a failed one is scheduled again). */
export interface ScheduledMessageEdited {
  type: 'ScheduledMessageEdited';
  data: ScheduledMessageDraft & { scheduled_message_id: number; sender_id: number };
}

/** Its sender cancelled it before it was sent. */
export interface ScheduledMessageDeleted {
  type: 'ScheduledMessageDeleted';
  data: { scheduled_message_id: number; sender_id: number };
}

/** It was due and sent as the message `message_id`. */
export interface ScheduledMessageSent {
  type: 'ScheduledMessageSent';
  data: { scheduled_message_id: number; sender_id: number; message_id: number };
}

/** It was due but could not be sent (the reason as a send would have answered); it stays listed as failed. */
export interface ScheduledMessageFailed {
  type: 'ScheduledMessageFailed';
  data: { scheduled_message_id: number; sender_id: number; reason: string };
}

export type ScheduledMessageEvent = ScheduledMessageCreated | ScheduledMessageEdited | ScheduledMessageDeleted | ScheduledMessageSent | ScheduledMessageFailed;

declare module './index.js' {
  interface DomainEventKinds {
    ScheduledMessageEvent: ScheduledMessageEvent;
  }
}
