import type { MessageRecipient } from './message-recipient.js';

/**
 * Messages were deleted for good. They share one recipient (a channel's topic or a direct
 * conversation); `holders` are the users who had them in their history, recorded because the rows
 * that said so are gone once the deletion is applied.
 */
export interface MessagesDeleted {
  type: 'MessagesDeleted';
  data: {
    /** Ascending. */
    message_ids: number[];
    recipient: MessageRecipient;
    /** Ascending. */
    holders: number[];
  };
}

export type MessageDeletionEvent = MessagesDeleted;

declare module './index.js' {
  interface DomainEventKinds {
    MessageDeletionEvent: MessageDeletionEvent;
  }
}
