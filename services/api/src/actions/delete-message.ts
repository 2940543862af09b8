import { decideDeleteMessage, type UserState } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import type { Origin } from '../commands/command-bus.js';
import { commandOnMessage } from './message-command.js';
import type { Clocked, Commands, Reads, Uses } from '../dependencies.js';

/** What deleteMessage uses. */
type DeleteMessageDeps = Commands & Clocked & Reads<'messages' | 'realm' | 'subscriptions'> & Uses<'organization'>;

/** DELETE /messages/{message_id}: a message the actor may read, if they may delete it. */
export function deleteMessage(ctx: DeleteMessageDeps, origin: Origin, actor: UserState, messageId: number): Promise<void> {
  return commandOnMessage(ctx, origin, actor, messageId, async ({ message }, q) => {
    const realm = await ctx.models.realm.get(REALM_KEY);
    if (!realm) throw new Error('organization not initialised');
    const recipient = message.recipient;
    const channel = recipient.type === 'channel' ? q.channels.find((c) => c.channel_id === recipient.channel_id) : undefined;
    return decideDeleteMessage(
      { ...q.world, actor, channel, settings: realm.settings, now: ctx.clock.now() },
      { message, holders: await ctx.models.messages.holders(messageId) },
    );
  });
}
