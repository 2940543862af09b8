import { EMPTY_TOPIC_DISPLAY_NAME, type MessageRecipient, type StoredEventOf } from '@chat/core';
import type { Audience, ClientEvent, Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';
import { messageAudience } from './message-audience.js';

/** Where the deleted messages were, per queue: the empty topic spelled out for queues without empty_topic_name. */
function places(recipient: MessageRecipient): { where: Record<string, unknown>; audience: Audience }[] {
  if (recipient.type === 'direct') return [{ where: { message_type: 'private' }, audience: {} }];
  const where = (topic: string) => ({ message_type: 'stream', stream_id: recipient.channel_id, topic });
  if (recipient.topic !== '') return [{ where: where(recipient.topic), audience: {} }];
  return [
    { where: where(''), audience: { capabilities: { empty_topic_name: true } } },
    { where: where(EMPTY_TOPIC_DISPLAY_NAME), audience: { capabilities: { empty_topic_name: false } } },
  ];
}

/**
 * `delete_message` to everyone who held the messages and to subscribers of a channel whose history
 * they may read: one event listing them all for queues with bulk_message_deletion, otherwise one
 * event per message.
 */
async function messageDeletionDeliveries(event: StoredEventOf<'MessagesDeleted'>, models: ReadModels): Promise<Delivery[]> {
  const { message_ids, recipient, holders } = event.data;
  return deletionDeliveries(await messageAudience(models, recipient, holders), message_ids, recipient);
}

export const messageDeletionFanout = fanoutOf('message-deletion', ['MessagesDeleted'], messageDeletionDeliveries);

/** The `delete_message` deliveries telling these users that the messages (all in one place) are gone for them. */
export function deletionDeliveries(userIds: number[], message_ids: number[], recipient: MessageRecipient): Delivery[] {
  if (userIds.length === 0) return [];
  const deliveries: Delivery[] = [];
  const deliver = (clientEvent: ClientEvent, audience: Audience, bulk: boolean): void => {
    deliveries.push({ userIds, event: clientEvent, audience: { capabilities: { ...audience.capabilities, bulk_message_deletion: bulk } } });
  };
  for (const { where, audience } of places(recipient)) {
    deliver({ type: 'delete_message', message_ids, ...where }, audience, true);
    for (const message_id of message_ids) deliver({ type: 'delete_message', message_id, ...where }, audience, false);
  }
  return deliveries;
}
