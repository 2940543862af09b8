import { flagNames } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { messageEvent } from '@chat/wire';
import { fanoutOf } from './fanout.js';
import { sentMessageOf, sentRecord } from './sent-record.js';

/**
 * A `message` event to every receiver, with their own flags (receivers with the same flags share one
 * delivery). The sender's queue doing local echo gets its copy with `local_message_id`. The message
 * and each receiver's flags are the ones the messages projection stored and handed on: nothing is
 * read back or worked out again.
 */
export const messagesFanout = fanoutOf('messages', ['MessageSent'], async (event, models, options, facts) => {
  const sent = sentMessageOf(event, models, facts);
  const found = await sentRecord(sent, models, options);
  if (!found) return [];
  const { sender_id, local_echo: echo } = event.data;
  const byFlags = new Map<number, number[]>();
  let senderBits = 0;
  for (let index = 0; index < sent.receivers.length; index++) {
    const userId = sent.receivers[index];
    const bits = sent.flags[index];
    if (userId === sender_id) senderBits = bits;
    if (userId === sender_id && echo) continue;
    const users = byFlags.get(bits);
    if (users) users.push(userId);
    else byFlags.set(bits, [userId]);
  }
  const deliveries: Delivery[] = [...byFlags].map(([bits, userIds]) => ({ userIds, event: messageEvent(found, flagNames(bits)) }));
  if (echo) {
    const flags = flagNames(senderBits);
    const sender = [sender_id];
    deliveries.push(
      { userIds: sender, event: messageEvent(found, flags, { local_message_id: echo.local_id }), audience: { onlyQueue: echo.queue_id } },
      { userIds: sender, event: messageEvent(found, flags), audience: { exceptQueue: echo.queue_id } },
    );
  }
  return deliveries;
});
