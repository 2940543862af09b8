import { type CreateChannelCommand, decideCreateChannel } from '@chat/core';
import { renderMarkdown } from '@chat/markdown';
import type { Origin } from '../commands/command-bus.js';
import { channelCreationNotices } from './channel-notices.js';
import { channelContext } from './channel-context.js';
import { channelAppends } from './subscriptions.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What createChannel uses. */
type CreateChannelDeps = Commands & Configured & Clocked & Allocates & LogReads & Reads<'realm' | 'subscriptions' | 'users'> & Uses<'models' | 'organization'>;

export type CreateChannelInput = Omit<CreateChannelCommand, 'channel_id' | 'render'> & { announce?: boolean };

/** POST /channels/create: the id is reserved once, so a command re-decided after a conflict keeps it. */
export async function createChannel(ctx: CreateChannelDeps, origin: Origin, actorId: number, input: CreateChannelInput): Promise<number> {
  const channel_id = await ctx.ids.next('channel');
  await ctx.bus.run(origin, async () => {
    const cc = await channelContext(ctx, actorId, input.subscribers);
    const events = decideCreateChannel(cc, { ...input, channel_id, render: renderMarkdown });
    const [created] = events;
    const name = created.type === 'ChannelCreated' ? created.data.name : input.name;
    const notices = await channelCreationNotices(ctx, cc.actor, new Map([[channel_id, events]]), input.announce === true);
    return { appends: [...(await channelAppends(ctx, new Map([[channel_id, events]]), new Map([[channel_id, name]]))), ...notices], result: undefined };
  });
  return channel_id;
}
