import {
  channelNameKey,
  decideArchiveChannel,
  decideDefaultChannel,
  decideUpdateChannel,
  type DomainEvent,
  streams,
  type UpdateChannelCommand,
} from '@chat/core';
import { renderMarkdown } from '@chat/markdown';
import { claimKey, releaseKey } from '../commands/claims.js';
import { AS_READ, type Origin, type StreamAppend } from '../commands/command-bus.js';
import { channelContext } from './channel-context.js';
import type { Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What updateChannel uses. */
type UpdateChannelDeps = Commands & Configured & LogReads & Reads<'subscriptions'> & Uses<'organization'>;
/** What archiveChannel uses. */
type ArchiveChannelDeps = Commands & Configured & Reads<'subscriptions'> & Uses<'organization'>;

export type UpdateChannelInput = Omit<UpdateChannelCommand, 'render' | 'topicsInUse'>;

function channelAppend(channelId: number, events: DomainEvent[]): StreamAppend {
  return { stream: streams.channel(channelId), expected: AS_READ, events };
}

/**
 * PATCH /streams/{stream_id}. A rename claims the new name before the channel's events and releases
 * the old one after them, so of two requests taking the same name one loses at the claim.
 */
export async function updateChannel(ctx: UpdateChannelDeps, origin: Origin, actorId: number, channelId: number, input: UpdateChannelInput): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const cc = await channelContext(ctx, actorId);
    const decision = decideUpdateChannel(cc, channelId, { ...input, topicsInUse: [], render: renderMarkdown });
    const appends: StreamAppend[] = [];
    const { rename } = decision;
    if (rename) appends.push(await claimKey(ctx.store, 'channel', channelNameKey(rename.to), channelId, `Channel '${rename.to}' already exists`));
    appends.push(channelAppend(channelId, decision.events));
    if (rename) appends.push(await releaseKey(ctx.store, 'channel', channelNameKey(rename.from), channelId));
    return { appends, result: undefined };
  });
}

/** DELETE /streams/{stream_id} */
export async function archiveChannel(ctx: ArchiveChannelDeps, origin: Origin, actorId: number, channelId: number): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const events = decideArchiveChannel(await channelContext(ctx, actorId), channelId);
    return { appends: [channelAppend(channelId, events)], result: undefined };
  });
}

/** POST /default_streams (isDefault true) and DELETE /default_streams (false). */
export async function setDefaultChannel(ctx: ArchiveChannelDeps, origin: Origin, actorId: number, channelId: number, isDefault: boolean): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const events = decideDefaultChannel(await channelContext(ctx, actorId), channelId, isDefault);
    return { appends: [channelAppend(channelId, events)], result: undefined };
  });
}
