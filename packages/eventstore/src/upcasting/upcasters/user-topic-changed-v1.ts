import { type UserTopicChanged, visibilityPolicyName } from '@chat/core';
import { defineUpcaster } from '../upcaster.js';

/** UserTopicChanged as version 1 wrote it: the policy as the API's number. */
interface UserTopicChangedV1 {
  user_id: number;
  channel_id: number;
  topic: string;
  visibility_policy: 0 | 1 | 2 | 3;
}

/** v1 → v2: the policy number becomes its name (0 inherit, 1 muted, 2 unmuted, 3 followed). */
export const userTopicChangedV1 = defineUpcaster<UserTopicChangedV1, UserTopicChanged['data']>('UserTopicChanged', 1, (data) => ({
  user_id: data.user_id,
  channel_id: data.channel_id,
  topic: data.topic,
  visibility_policy: visibilityPolicyName(data.visibility_policy),
}));
