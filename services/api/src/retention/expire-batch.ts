import { decideRetentionBatch, type MessageRecipient, streams } from '@chat/core';
import { conversationKey, topicKey } from '@chat/readstore';
import { AS_READ } from '../commands/command-bus.js';
import type { Commands, Reads } from '../dependencies.js';
import { cancelledReminders, deletionLinks } from '../actions/message-deletion-links.js';
import { schedulerOrigin } from '../commands/scheduler-origin.js';

/** Where a batch is: one channel topic (compared case-insensitively, as topics are) or one direct conversation. */
export const batchKey = (recipient: MessageRecipient): string =>
  recipient.type === 'channel' ? `c${recipient.channel_id}:${topicKey(recipient.topic)}` : `d${conversationKey(recipient.user_ids)}`;

/** What expireBatch uses. */
export type ExpireBatchDeps = Commands & Reads<'messages' | 'attachmentLinks' | 'reminders'>;

/**
 * Deletes one batch of expired messages of one topic or conversation, as the server itself (no actor):
 * the same event and consequences as DELETE /messages (MessagesDeleted, files unlinked, quoting
 * reminders cancelled), with reason `retention`. Decided again from the read models inside the
 * command, so a message deleted or moved elsewhere meanwhile is left out; answers how many went.
 * Only the messages' heads are read: their bodies stay in the log (a sweep of 100,000 old messages
 * read through the cache of recent bodies used to push out every body the readers were using).
 */
export async function expireBatch(ctx: ExpireBatchDeps, recipient: MessageRecipient, ids: readonly number[], cutoff: number): Promise<number> {
  return ctx.bus.run(schedulerOrigin('retention'), async () => {
    const key = batchKey(recipient);
    const still = (await ctx.models.messages.headsOf(ids)).filter((message) => message.date_sent < cutoff && batchKey(message.recipient) === key);
    const messageIds = still.map((message) => message.id);
    if (messageIds.length === 0) return { appends: [], result: 0 };
    const holders = (await Promise.all(messageIds.map((id) => ctx.models.messages.holders(id)))).flat();
    const links = await deletionLinks(ctx, messageIds);
    const events = decideRetentionBatch({ recipient: still[0].recipient, messageIds, holders, attachmentIds: links.attachmentIds });
    const stream = streams.message(Math.max(...messageIds));
    return { appends: [{ stream, expected: AS_READ, events }, ...cancelledReminders(links.reminders)], result: messageIds.length };
  });
}
