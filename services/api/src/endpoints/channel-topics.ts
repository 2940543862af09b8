import { badRequest, canReadChannelHistory, EMPTY_TOPIC_DISPLAY_NAME } from '@chat/core';
import type { CallOf } from '@chat/http';
import { type TopicSummary, topicKey } from '@chat/readstore';
import { ChannelQuery } from '../queries/channel-query.js';
import { callerUser } from './call-context.js';
import type { Clocked, Reads, Uses } from '../dependencies.js';

/** What getChannelTopics uses. */
type GetChannelTopicsDeps = Clocked & Reads<'messages' | 'subscriptions' | 'users'> & Uses<'organization'>;

/** Topics of the channel's messages in one user's history, most recent first. */
async function topicsInHistory(ctx: Reads<'messages'>, userId: number, channelId: number): Promise<TopicSummary[]> {
  const ids = await ctx.models.messages.matching({ userId, source: { kind: 'history' }, where: [{ op: 'channel', channelId }] });
  const topics = new Map<string, TopicSummary>();
  // Ascending ids: the last message seen of a topic names it as most recently written.
  for (const message of await ctx.models.messages.getMany(ids)) {
    if (message.recipient.type !== 'channel') continue;
    topics.set(topicKey(message.recipient.topic), { name: message.recipient.topic, max_id: message.id });
  }
  return [...topics.values()].sort((a, b) => b.max_id - a.max_id);
}

/**
 * GET /users/me/{stream_id}/topics: the channel's topics the viewer may see, most recent first. With
 * shared history that is every topic; otherwise only those of messages in the viewer's own history.
 */
export async function getChannelTopics(ctx: GetChannelTopicsDeps, call: CallOf<'channel-topics-get'>): Promise<Record<string, unknown>> {
  const q = await ChannelQuery.open(ctx, await callerUser(ctx, call));
  const channelId = call.path.stream_id;
  const channel = q.visible(channelId);
  if (!channel || !q.canRead(channel)) throw badRequest('Invalid channel ID');
  const topics = canReadChannelHistory(q.world, channel, q.viewer.user_id)
    ? await ctx.models.messages.topics(channelId)
    : await topicsInHistory(ctx, q.viewer.user_id, channelId);
  const emptyTopicName = call.params.allow_empty_topic_name === true;
  return { topics: topics.map(({ name, max_id }) => ({ name: name === '' && !emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : name, max_id })) };
}
