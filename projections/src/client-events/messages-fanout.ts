import { contentBits, FlagBit, flagNames, type StoredEvent } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { messageEvent, messageRecord } from '@chat/wire';
import type { ReadModels } from '../read-models.js';
import type { FanoutOptions } from './feed-sink.js';
import { messageLookups } from './message-lookups.js';

/**
 * A `message` event to every receiver, with their own flags (receivers with the same flags share one
 * delivery). The sender's queue doing local echo gets its copy with `local_message_id`.
 */
export async function messagesFanout(event: StoredEvent, models: ReadModels, options: FanoutOptions): Promise<Delivery[]> {
  if (event.type !== 'MessageSent') return [];
  const data = event.data;
  const message = await models.messages.get(data.message_id);
  if (!message) return [];
  const found = messageRecord(message, await messageLookups(models, [message], options.realmHost()));
  const bitsOf = contentBits(data.flags);
  const read = new Set(data.read);
  const byFlags = new Map<number, number[]>();
  for (const userId of data.receivers) {
    if (userId === data.sender_id && data.local_echo) continue;
    const bits = bitsOf(userId) | (read.has(userId) ? FlagBit.read : 0);
    const users = byFlags.get(bits);
    if (users) users.push(userId);
    else byFlags.set(bits, [userId]);
  }
  const deliveries: Delivery[] = [...byFlags].map(([bits, userIds]) => ({ userIds, event: messageEvent(found, flagNames(bits)) }));
  const echo = data.local_echo;
  if (echo) {
    const flags = flagNames(bitsOf(data.sender_id) | (read.has(data.sender_id) ? FlagBit.read : 0));
    const sender = [data.sender_id];
    deliveries.push(
      { userIds: sender, event: messageEvent(found, flags, { local_message_id: echo.local_id }), audience: { onlyQueue: echo.queue_id } },
      { userIds: sender, event: messageEvent(found, flags), audience: { exceptQueue: echo.queue_id } },
    );
  }
  return deliveries;
}
