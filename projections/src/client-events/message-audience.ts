import type { MessageRecipient } from '@chat/core';
import type { ReadModels } from '../read-models.js';

/**
 * Who hears of a change to messages (a reaction, a deletion): the users who hold them, and for a
 * channel that shares its history with subscribers, its current subscribers (who can read them).
 */
export async function messageAudience(models: ReadModels, recipient: MessageRecipient, holders: readonly number[]): Promise<number[]> {
  const users = new Set(holders);
  if (recipient.type === 'channel') {
    const channel = await models.channels.get(recipient.channel_id);
    if (channel?.history_public_to_subscribers) {
      for (const row of await models.subscriptions.findMany('channel_id', recipient.channel_id)) if (row.active) users.add(row.user_id);
    }
  }
  return [...users].sort((a, b) => a - b);
}
