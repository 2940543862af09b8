import { Role } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { messageEvent } from '@chat/wire';
import { fanoutOf } from './fanout.js';
import { sentMessageOf, sentRecord } from './sent-record.js';

/**
 * A public channel's new message to the queues registered with `all_public_streams` whose users did not
 * receive it (receivers get it in every queue already). The message is not in their history, so its
 * flags are empty, as the public server sends them. Guests and deactivated users get nothing.
 */
export const allPublicStreamsFanout = fanoutOf('all-public-streams', ['MessageSent'], async (event, models, options, facts) => {
  if (event.data.recipient.type !== 'channel' || !options.allPublicStreamsQueues) return [];
  const receivers = new Set(event.data.receivers);
  const queues = (await options.allPublicStreamsQueues()).filter((queue) => !receivers.has(queue.userId));
  if (queues.length === 0) return [];
  const channel = await models.channels.get(event.data.recipient.channel_id);
  const found = await sentRecord(sentMessageOf(event, models, facts), models, options);
  if (!channel || channel.invite_only || !found) return [];
  const shared = messageEvent(found, []);
  const deliveries: Delivery[] = [];
  for (const queue of queues) {
    const user = await models.users.get(queue.userId);
    if (user?.is_active && user.role !== Role.Guest) deliveries.push({ userIds: [queue.userId], event: shared, audience: { onlyQueue: queue.queueId } });
  }
  return deliveries;
});
