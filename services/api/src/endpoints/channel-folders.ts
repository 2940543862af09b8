import { inFolderOrder } from '@chat/core';
import type { CallOf } from '@chat/http';
import { channelFolderView } from '@chat/wire';
import { createChannelFolder, reorderChannelFolders, updateChannelFolder } from '../actions/channel-folders.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Commands, Reads } from '../dependencies.js';

/** What createChannelFolderEndpoint uses. */
type CreateChannelFolderEndpointDeps = Commands & Allocates & Reads<'channelFolders' | 'channels' | 'users'>;
/** What updateChannelFolderEndpoint uses. */
type UpdateChannelFolderEndpointDeps = Commands & Reads<'channelFolders' | 'channels' | 'users'>;

/** POST /channel_folders/create */
export async function createChannelFolderEndpoint(ctx: CreateChannelFolderEndpointDeps, call: CallOf<'channel-folder-create'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const channel_folder_id = await createChannelFolder(ctx, originOf(call), actor, {
    name: call.params.name,
    description: call.params.description,
  });
  return { channel_folder_id };
}

/** GET /channel_folders: every user may read them, in display order; archived ones on request. */
export async function listChannelFolders(ctx: Reads<'channelFolders' | 'users'>, call: CallOf<'channel-folders-list'>): Promise<Record<string, unknown>> {
  await callerUser(ctx, call);
  const includeArchived = call.params.include_archived === true;
  const folders = (await ctx.models.channelFolders.all()).filter((folder) => includeArchived || !folder.is_archived);
  return { channel_folders: inFolderOrder(folders).map(channelFolderView) };
}

/** PATCH /channel_folders/{channel_folder_id} */
export async function updateChannelFolderEndpoint(ctx: UpdateChannelFolderEndpointDeps, call: CallOf<'channel-folder-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  await updateChannelFolder(ctx, originOf(call), actor, call.path.channel_folder_id, {
    name: p.name,
    description: p.description,
    is_archived: p.is_archived,
  });
  return {};
}

/** PATCH /channel_folders */
export async function reorderChannelFoldersEndpoint(ctx: UpdateChannelFolderEndpointDeps, call: CallOf<'channel-folders-reorder'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await reorderChannelFolders(ctx, originOf(call), actor, call.params.order);
  return {};
}
