import { Role, type StoredEvent } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { messageEvent, messageRecord } from '@chat/wire';
import type { ReadModels } from '../read-models.js';
import type { FanoutOptions } from './feed-sink.js';
import { messageLookups } from './message-lookups.js';

/**
 * A public channel's new message to the queues registered with `all_public_streams` whose users did not
 * receive it (receivers get it in every queue already). The message is not in their history, so its
 * flags are empty, as the public server sends them. Guests and deactivated users get nothing.
 */
export async function allPublicStreamsFanout(event: StoredEvent, models: ReadModels, options: FanoutOptions): Promise<Delivery[]> {
  if (event.type !== 'MessageSent' || event.data.recipient.type !== 'channel' || !options.allPublicStreamsQueues) return [];
  const receivers = new Set(event.data.receivers);
  const queues = (await options.allPublicStreamsQueues()).filter((queue) => !receivers.has(queue.userId));
  if (queues.length === 0) return [];
  const channel = await models.channels.get(event.data.recipient.channel_id);
  const message = await models.messages.get(event.data.message_id);
  if (!channel || channel.invite_only || !message) return [];
  const shared = messageEvent(messageRecord(message, await messageLookups(models, [message], options.realmHost())), []);
  const deliveries: Delivery[] = [];
  for (const queue of queues) {
    const user = await models.users.get(queue.userId);
    if (user?.is_active && user.role !== Role.Guest) deliveries.push({ userIds: [queue.userId], event: shared, audience: { onlyQueue: queue.queueId } });
  }
  return deliveries;
}
