import { type DomainEvent, streams, type UserState } from '@chat/core';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import { ChannelQuery } from '../queries/channel-query.js';
import { readableMessage, type ViewedMessage } from '../queries/message-access.js';
import type { Clocked, Commands, Reads, Uses } from '../dependencies.js';

/**
 * A command on one message the user may read (anything else is "Invalid message(s)"): decides from
 * the message as the user sees it and appends the event to the message's stream, so that changes to
 * one message (reactions, deletion) are ordered and a conflicting one is decided again.
 */
export async function commandOnMessage(
  ctx: Commands & Clocked & Reads<'messages' | 'subscriptions'> & Uses<'organization'>,
  origin: Origin,
  user: UserState,
  messageId: number,
  decide: (found: ViewedMessage, q: ChannelQuery) => Promise<DomainEvent>,
): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const q = await ChannelQuery.open(ctx, user);
    const event = await decide(await readableMessage(ctx, q, messageId), q);
    const stream = streams.message(messageId);
    return { appends: [{ stream, expected: AS_READ, events: [event] }], result: undefined };
  });
}
