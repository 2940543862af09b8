import type { ScheduledMessageState, StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

/** A scheduled message as the public API shows it (GET /scheduled_messages, register, events). */
export function scheduledMessageView(message: ScheduledMessageState): Record<string, unknown> {
  return {
    scheduled_message_id: message.scheduled_message_id,
    type: message.type === 'channel' ? 'stream' : 'private',
    to: message.to,
    ...(message.type === 'channel' ? { topic: message.topic ?? '' } : {}),
    content: message.content,
    rendered_content: message.rendered_content,
    scheduled_delivery_timestamp: Math.floor(message.deliver_at / 1000),
    failed: message.status === 'failed',
  };
}

const HANDLED = ['ScheduledMessageCreated', 'ScheduledMessageEdited', 'ScheduledMessageFailed', 'ScheduledMessageSent', 'ScheduledMessageDeleted'] as const;

/** `scheduled_messages` events, to the sender's own clients: add, update (an edit, a failure), remove (sent or deleted). */
async function scheduledMessagesDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels): Promise<Delivery[]> {
  switch (event.type) {
    case 'ScheduledMessageCreated':
    case 'ScheduledMessageEdited':
    case 'ScheduledMessageFailed': {
      const message = await models.scheduledMessages.get(event.data.scheduled_message_id);
      if (!message) return [];
      const view = scheduledMessageView(message);
      const clientEvent =
        event.type === 'ScheduledMessageCreated'
          ? { type: 'scheduled_messages', op: 'add', scheduled_messages: [view] }
          : { type: 'scheduled_messages', op: 'update', scheduled_message: view };
      return [{ userIds: [message.sender_id], event: clientEvent }];
    }
    case 'ScheduledMessageSent':
    case 'ScheduledMessageDeleted':
      return [{ userIds: [event.data.sender_id], event: { type: 'scheduled_messages', op: 'remove', scheduled_message_id: event.data.scheduled_message_id } }];
    default:
      return [];
  }
}

export const scheduledMessagesFanout = fanoutOf('scheduled-messages', HANDLED, scheduledMessagesDeliveries);
