import { decideDeleteMessage, streams, type UserState } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import { ChannelQuery } from '../queries/channel-query.js';
import { readableMessage } from '../queries/message-access.js';
import type { Clocked, Commands, Reads, Uses } from '../dependencies.js';
import { cancelledReminders, deletionLinks } from './message-deletion-links.js';

/** What deleteMessage uses. */
type DeleteMessageDeps = Commands & Clocked & Reads<'messages' | 'realm' | 'subscriptions' | 'attachmentLinks' | 'reminders'> & Uses<'organization'>;

/**
 * DELETE /messages/{message_id}: a message the actor may read, if they may delete it; on the message's
 * stream, with the reminders quoting it cancelled on theirs (docs/topics/forgetting.md).
 */
export async function deleteMessage(ctx: DeleteMessageDeps, origin: Origin, actor: UserState, messageId: number): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const q = await ChannelQuery.open(ctx, actor);
    const { message } = await readableMessage(ctx, q, messageId);
    const realm = await ctx.models.realm.get(REALM_KEY);
    if (!realm) throw new Error('organization not initialised');
    const recipient = message.recipient;
    const channel = recipient.type === 'channel' ? q.channels.find((c) => c.channel_id === recipient.channel_id) : undefined;
    const links = await deletionLinks(ctx, [messageId]);
    const deletion = decideDeleteMessage(
      { ...q.world, actor, channel, settings: realm.settings, now: ctx.clock.now() },
      { message, holders: await ctx.models.messages.holders(messageId), attachmentIds: links.attachmentIds },
    );
    return { appends: [{ stream: streams.message(messageId), expected: AS_READ, events: [deletion] }, ...cancelledReminders(links.reminders)], result: undefined };
  });
}
