import type { MessageRecipient } from './message-recipient.js';

/** Why messages were deleted: someone deleted them (a message or a topic), the retention policy, an erasure of their sender. */
export type MessageDeletionReason = 'deleted' | 'retention' | 'erasure';

/**
 * Messages were deleted for good. They share one recipient (a channel's topic or a direct
 * conversation); `holders` are the users who had them in their history, recorded because the rows
 * that said so are gone once the deletion is applied. `attachment_ids` are the files they linked:
 * recorded because a replay reads the deleted text as forgotten and cannot find the links in it.
 */
export interface MessagesDeleted {
  type: 'MessagesDeleted';
  data: {
    /** Ascending. */
    message_ids: number[];
    recipient: MessageRecipient;
    /** Ascending. */
    holders: number[];
    /** Ascending; null in events written before version 2 (the links are the ones the read model held). */
    attachment_ids: number[] | null;
    reason: MessageDeletionReason;
  };
}

export type MessageDeletionEvent = MessagesDeleted;

declare module './index.js' {
  interface DomainEventKinds {
    MessageDeletionEvent: MessageDeletionEvent;
  }
}
