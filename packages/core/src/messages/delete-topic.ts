import { ApiError, badRequest } from '../errors.js';
import type { MessagesDeleted } from '../events/message-deletion-events.js';
import { type DeleteMessageContext, granted } from './delete-message.js';
import type { MessageState } from './message-state.js';

/** Messages a topic deletion removes in one append, newest first, as the public server does. */
export const DELETE_TOPIC_BATCH_SIZE = 100;

/**
 * POST /streams/{stream_id}/delete_topic: only whoever may delete any message in the channel (the
 * organization's can_delete_any_message_group, administrators by default, or the channel's) deletes
 * a whole topic. The caller has checked the channel exists for the actor.
 */
export function checkDeleteTopic(ctx: DeleteMessageContext): void {
  if (!granted(ctx, 'can_delete_any_message_group')) {
    throw new ApiError('UNAUTHORIZED_PRINCIPAL', 400, 'Insufficient permission to delete every message of a topic in this channel');
  }
}

export interface DeleteTopicBatch {
  /** Messages of the topic, any order. */
  messages: readonly MessageState[];
  /** Users holding any of them. */
  holders: readonly number[];
  /** The files any of them link. */
  attachmentIds: readonly number[];
}

/** One batch of a topic deletion: the newest messages first, up to the batch size; nothing left, nothing recorded. */
export function decideDeleteTopicBatch(ctx: DeleteMessageContext, batch: DeleteTopicBatch): MessagesDeleted[] {
  checkDeleteTopic(ctx);
  const channelId = ctx.channel?.channel_id;
  const newest = [...batch.messages].sort((a, b) => b.id - a.id).slice(0, DELETE_TOPIC_BATCH_SIZE);
  if (newest.length === 0) return [];
  const recipient = newest[0].recipient;
  for (const message of newest) {
    if (message.recipient.type !== 'channel' || message.recipient.channel_id !== channelId) throw badRequest(`Message ${message.id} is not in this channel`);
  }
  const message_ids = newest.map((message) => message.id).sort((a, b) => a - b);
  const holders = [...new Set(batch.holders)].sort((a, b) => a - b);
  const attachment_ids = [...new Set(batch.attachmentIds)].sort((a, b) => a - b);
  return [{ type: 'MessagesDeleted', data: { message_ids, recipient, holders, attachment_ids, reason: 'deleted' } }];
}
