import { isMutedConversation, VisibilityPolicy } from '@chat/core';
import { topicKey } from '@chat/readstore';
import type { UnreadEntry } from '@chat/wire';
import type { ReadModels } from '../read-models.js';

/**
 * A user's messages as their unread state describes them: the user's flags and whether each channel
 * conversation is muted for them. Messages outside the user's history, and messages of channels the
 * user is not subscribed to now, are left out (unread messages live in subscribed channels only).
 */
export async function unreadEntries(models: ReadModels, userId: number, ids: readonly number[]): Promise<UnreadEntry[]> {
  // Where each message is, not what it says: bodies are never read for unread counts.
  const messages = await models.messages.headsOf(ids);
  const flags = await models.messages.flagsOf(userId, ids);
  const subscriptions = new Map((await models.subscriptions.findMany('user_id', userId)).map((row) => [row.channel_id, row]));
  // By channel, then topic: most of a user's unread messages are in channels where they set no topic
  // policy, and those are passed over without building a topic key per message.
  const policies = new Map<number, Map<string, number>>();
  for (const row of await models.userTopics.findMany('user_id', userId)) {
    let topics = policies.get(row.channel_id);
    if (!topics) policies.set(row.channel_id, (topics = new Map()));
    topics.set(topicKey(row.topic), row.visibility_policy);
  }
  const entries: UnreadEntry[] = [];
  for (const message of messages) {
    const bits = flags.get(message.id);
    if (bits === undefined) continue;
    const recipient = message.recipient;
    let muted = false;
    if (recipient.type === 'channel') {
      const subscription = subscriptions.get(recipient.channel_id);
      if (subscription?.active !== true) continue;
      const policy = policies.get(recipient.channel_id)?.get(topicKey(recipient.topic)) ?? VisibilityPolicy.Inherit;
      muted = isMutedConversation(subscription.is_muted, policy);
    }
    entries.push({ id: message.id, recipient, flags: bits, muted });
  }
  return entries;
}
