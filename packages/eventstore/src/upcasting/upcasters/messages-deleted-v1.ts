import type { MessagesDeleted } from '@chat/core';
import { defineUpcaster } from '../upcaster.js';

type MessagesDeletedV1 = Omit<MessagesDeleted['data'], 'attachment_ids' | 'reason'>;

/** v1 → v2: version 1 recorded neither the linked files (null: the read model's links) nor a reason (only people deleted then). */
export const messagesDeletedV1 = defineUpcaster<MessagesDeletedV1, MessagesDeleted['data']>('MessagesDeleted', 1, (data) => ({
  ...data,
  attachment_ids: null,
  reason: 'deleted',
}));
