import { type StoredEventOf, visibilityPolicyCode } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { userTopicView } from '@chat/wire';
import { fanoutOf } from './fanout.js';

/**
 * `user_topic` to the user whose visibility policy for a topic changed (0 when it was removed). The
 * empty topic is named differently for clients with and without the empty_topic_name capability.
 */
function userTopicsDeliveries(event: StoredEventOf<'UserTopicChanged'>): Delivery[] {
  const { user_id, channel_id, topic } = event.data;
  const state = { channel_id, topic, visibility_policy: visibilityPolicyCode(event.data.visibility_policy), last_updated: Math.floor(event.metadata.occurred_at / 1000) };
  const userIds = [user_id];
  if (topic !== '') return [{ userIds, event: { type: 'user_topic', ...userTopicView(state, true) } }];
  return [true, false].map((emptyTopicName) => ({
    userIds,
    event: { type: 'user_topic', ...userTopicView(state, emptyTopicName) },
    audience: { capabilities: { empty_topic_name: emptyTopicName } },
  }));
}

export const userTopicsFanout = fanoutOf('user-topics', ['UserTopicChanged'], userTopicsDeliveries);
