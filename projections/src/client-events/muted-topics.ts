import { EMPTY_TOPIC_DISPLAY_NAME, VisibilityPolicy } from '@chat/core';
import type { ReadModels } from '../read-models.js';

/** One legacy muted topic: [channel name, topic, seconds since the epoch when it was muted]. */
export type MutedTopicTuple = [string, string, number];

/**
 * The user's muted topics in the legacy shape (`muted_topics` in register and its event): only topics
 * whose policy is "muted", in channels that still exist, oldest first as the public server lists them.
 * The empty topic is named by its display name for clients without the empty_topic_name capability.
 */
export async function mutedTopicsOf(models: ReadModels, userId: number, emptyTopicName: boolean): Promise<MutedTopicTuple[]> {
  const muted = (await models.userTopics.findMany('user_id', userId)).filter((state) => state.visibility_policy === VisibilityPolicy.Muted);
  muted.sort((a, b) => a.last_updated - b.last_updated || a.channel_id - b.channel_id || (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));
  const tuples: MutedTopicTuple[] = [];
  for (const state of muted) {
    const channel = await models.channels.get(state.channel_id);
    if (!channel) continue;
    tuples.push([channel.name, state.topic === '' && !emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : state.topic, state.last_updated]);
  }
  return tuples;
}
