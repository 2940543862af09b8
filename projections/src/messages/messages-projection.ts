import { FlagBit, HISTORY_ONLY_BITS, type StoredEventOf, type StoredFlagName, USER_FLAGS, VisibilityPolicy, visibilityPolicyCode } from '@chat/core';
import { topicKey } from '@chat/readstore';
import type { EventFacts } from '../event-facts.js';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';
import { sentRows } from './sent-message.js';

/** The key of a user's visibility policy for a topic. */
export const userTopicKey = (userId: number, channelId: number, topic: string): string => `${userId}:${channelId}:${topicKey(topic)}`;

/** The events the messages projection reads. */
type MessagesEvent = StoredEventOf<'MessageFlagsChanged' | 'MessageSent' | 'UserTopicChanged'>;

/** Messages, their per-user flag rows, and users' topic visibility policies. */
export function messagesProjection(models: ReadModels): Projection {
  return projectionOf(
    'messages',
    ['MessageFlagsChanged', 'MessageSent', 'UserTopicChanged'],
    // A send, most of a log, is one write returned as it is: no await of its own.
    (event, facts) => (event.type === 'MessageSent' ? insertSent(models, event, facts) : applyOther(models, event)),
    () => models.messages.caughtUp(),
  );
}

/** Stores the message and its receivers' rows, and hands both on to the fan-out (EventFacts.sent). */
function insertSent(models: ReadModels, event: StoredEventOf<'MessageSent'>, facts: EventFacts | undefined): Promise<number | null> {
  const { message, flags } = sentRows(event);
  const receivers = event.data.receivers;
  const conversation = models.messages.insert(message, { user_ids: receivers, flags }, event.position);
  if (facts) facts.sent = { message, receivers, flags, conversation };
  return conversation;
}

async function applyOther(models: ReadModels, event: MessagesEvent): Promise<void> {
  switch (event.type) {
    case 'MessageFlagsChanged': {
      const { user_id, op, flag, message_ids, historical } = event.data;
      if (historical.length > 0) {
        await models.messages.addRows(user_id, historical.map((message_id) => ({ message_id, flags: HISTORY_ONLY_BITS })), event.position);
      }
      if (!USER_FLAGS.includes(flag as StoredFlagName)) return;
      await models.messages.setFlags(user_id, message_ids, FlagBit[flag as StoredFlagName], op === 'add', event.position);
      return;
    }
    case 'UserTopicChanged': {
      const { user_id, channel_id, topic } = event.data;
      const visibility_policy = visibilityPolicyCode(event.data.visibility_policy);
      const key = userTopicKey(user_id, channel_id, topic);
      if (visibility_policy === VisibilityPolicy.Inherit) await models.userTopics.delete(key, event.position);
      else {
        const last_updated = Math.floor(event.metadata.occurred_at / 1000);
        await models.userTopics.put(key, { user_id, channel_id, topic, visibility_policy, last_updated }, event.position);
      }
      return;
    }
    default:
      return;
  }
}
