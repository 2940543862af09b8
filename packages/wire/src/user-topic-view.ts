import { EMPTY_TOPIC_DISPLAY_NAME, type UserTopicState } from '@chat/core';

/** A user's policy for a topic as the `user_topics` register section and the `user_topic` event show it. */
export interface UserTopicView {
  stream_id: number;
  topic_name: string;
  /** Seconds since the epoch. */
  last_updated: number;
  visibility_policy: number;
}

/** The view of a policy; clients without the empty_topic_name capability get the empty topic as its display name. */
export function userTopicView(state: Omit<UserTopicState, 'user_id'>, emptyTopicName: boolean): UserTopicView {
  return {
    stream_id: state.channel_id,
    topic_name: state.topic === '' && !emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : state.topic,
    last_updated: state.last_updated,
    visibility_policy: state.visibility_policy,
  };
}
