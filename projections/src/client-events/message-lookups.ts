import { type ChannelState, inLinkifierOrder, type UserState } from '@chat/core';
import { type TopicLink, topicLinks } from '@chat/markdown';
import type { StoredMessage } from '@chat/readstore';
import type { MessageLookups } from '@chat/wire';
import type { ReadModels } from '../read-models.js';

/** The users and channel a message's record names (sender, direct participants, reactors), read once, and the linkifiers for its topic. */
export async function messageLookups(models: ReadModels, messages: readonly StoredMessage[], realmHost: string): Promise<MessageLookups> {
  const userIds = new Set<number>();
  const channelIds = new Set<number>();
  for (const message of messages) {
    userIds.add(message.sender_id);
    if (message.recipient.type === 'direct') for (const id of message.recipient.user_ids) userIds.add(id);
    else channelIds.add(message.recipient.channel_id);
    for (const reaction of message.reactions) userIds.add(reaction.user_id);
  }
  const users = new Map<number, UserState>();
  for (const id of userIds) {
    const user = await models.users.get(id);
    if (user) users.set(id, user);
  }
  const channels = new Map<number, ChannelState>();
  for (const id of channelIds) {
    const channel = await models.channels.get(id);
    if (channel) channels.set(id, channel);
  }
  const linkifiers = inLinkifierOrder(await models.linkifiers.all());
  // A list of messages repeats its topics: each one's links are found once (records only serialize them).
  const linksByTopic = new Map<string, TopicLink[]>();
  const linksOf = (topic: string): TopicLink[] => {
    let links = linksByTopic.get(topic);
    if (!links) linksByTopic.set(topic, (links = topicLinks(topic, linkifiers)));
    return links;
  };
  return { users, channels, realmHost, topicLinks: linksOf };
}
