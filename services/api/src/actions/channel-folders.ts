import {
  type ChannelFolderContext,
  type CreateChannelFolder,
  decideCreateChannelFolder,
  decideReorderChannelFolders,
  decideUpdateChannelFolder,
  streams,
  type UpdateChannelFolder,
  type UserState,
} from '@chat/core';
import { renderMarkdown } from '@chat/markdown';
import { AS_READ, type Origin } from '../commands/command-bus.js';
import type { Allocates, Commands, Reads } from '../dependencies.js';

/** What updateChannelFolder uses. */
type UpdateChannelFolderDeps = Commands & Reads<'channelFolders' | 'channels' | 'users'>;

/** Every folder, archived ones included, with the actor as stored now. */
async function folderContext(ctx: Reads<'channelFolders' | 'channels' | 'users'>, actorId: number): Promise<ChannelFolderContext> {
  const actor = await ctx.models.users.get(actorId);
  if (!actor) throw new Error(`user ${actorId} missing`);
  const foldersInUse = new Set<number>();
  for (const channel of await ctx.models.channels.all()) {
    if (channel.folder_id !== null && !channel.is_archived) foldersInUse.add(channel.folder_id);
  }
  return { actor, folders: await ctx.models.channelFolders.all(), foldersInUse, renderDescription: renderMarkdown };
}

/** POST /channel_folders/create: returns the new folder's id. */
export async function createChannelFolder(
  ctx: Commands & Allocates & Reads<'channelFolders' | 'channels' | 'users'>,
  origin: Origin,
  actor: UserState,
  input: Omit<CreateChannelFolder, 'channel_folder_id'>,
): Promise<number> {
  const channel_folder_id = await ctx.ids.next('channel_folder');
  return ctx.bus.run(origin, async () => {
    const events = decideCreateChannelFolder(await folderContext(ctx, actor.user_id), { ...input, channel_folder_id });
    return { appends: [{ stream: streams.channelFolder(channel_folder_id), expected: 'no_stream', events }], result: channel_folder_id };
  });
}

/** PATCH /channel_folders/{channel_folder_id} */
export async function updateChannelFolder(ctx: UpdateChannelFolderDeps, origin: Origin, actor: UserState, folderId: number, cmd: UpdateChannelFolder): Promise<void> {
  const stream = streams.channelFolder(folderId);
  await ctx.bus.run(origin, async () => {
    const events = decideUpdateChannelFolder(await folderContext(ctx, actor.user_id), folderId, cmd);
    return { appends: [{ stream, expected: AS_READ, events }], result: undefined };
  });
}

/** PATCH /channel_folders: the order is an organization-wide fact, recorded on the realm stream. */
export async function reorderChannelFolders(ctx: UpdateChannelFolderDeps, origin: Origin, actor: UserState, order: number[] | undefined): Promise<void> {
  const stream = streams.realm();
  await ctx.bus.run(origin, async () => {
    const events = decideReorderChannelFolders(await folderContext(ctx, actor.user_id), order);
    return { appends: [{ stream, expected: AS_READ, events }], result: undefined };
  });
}
