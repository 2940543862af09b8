import {
  clientName,
  contentBits,
  FlagBit,
  HISTORY_ONLY_BITS,
  type MessageState,
  type StoredEventOf,
  type StoredFlagName,
  USER_FLAGS,
  VisibilityPolicy,
  visibilityPolicyCode,
} from '@chat/core';
import { topicKey } from '@chat/readstore';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

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
    (event) => (event.type === 'MessageSent' ? insertSent(models, event) : applyOther(models, event)),
    () => models.messages.caughtUp(),
  );
}

function insertSent(models: ReadModels, event: StoredEventOf<'MessageSent'>): Promise<void> {
  const data = event.data;
  // The body is read only if the store keeps it (a store without the log, or a live one caching it):
  // a replay of a sealed log never decrypts a message's text here (docs/topics/forgetting.md).
  const message: MessageState = {
    id: data.message_id,
    sender_id: data.sender_id,
    recipient: data.recipient,
    get content() {
      return data.content;
    },
    get rendered_content() {
      return data.rendered_content;
    },
    date_sent: event.metadata.occurred_at,
    client: clientName(event.metadata.client),
    is_me_message: data.is_me_message,
    last_edit_timestamp: null,
    last_moved_timestamp: null,
    edit_history: [],
    reactions: [],
  };
  const bitsOf = contentBits(data.flags);
  const isRead = memberTest(data.read);
  const flags = new Uint8Array(data.receivers.length);
  for (let index = 0; index < flags.length; index++) {
    const userId = data.receivers[index];
    flags[index] = bitsOf(userId) | (isRead(userId) ? FlagBit.read : 0);
  }
  return models.messages.insert(message, { user_ids: data.receivers, flags }, event.position);
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

/** Membership in a list of user ids: a scan for the usual few (the sender), a set for a long list. */
function memberTest(userIds: readonly number[]): (userId: number) => boolean {
  if (userIds.length <= 8) return (userId) => userIds.includes(userId);
  const set = new Set(userIds);
  return (userId) => set.has(userId);
}
