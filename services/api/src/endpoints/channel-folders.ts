import { inFolderOrder } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { channelFolderView } from '@chat/wire';
import { createChannelFolder, reorderChannelFolders, updateChannelFolder } from '../actions/channel-folders.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Commands, Reads } from '../dependencies.js';

/** What createChannelFolderEndpoint uses. */
type CreateChannelFolderEndpointDeps = Commands & Allocates & Reads<'channelFolders' | 'channels' | 'users'>;
/** What updateChannelFolderEndpoint uses. */
type UpdateChannelFolderEndpointDeps = Commands & Reads<'channelFolders' | 'channels' | 'users'>;

const optionalString = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));

/** POST /channel_folders/create */
export async function createChannelFolderEndpoint(ctx: CreateChannelFolderEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const channel_folder_id = await createChannelFolder(ctx, originOf(call), actor, {
    name: optionalString(call.params.name),
    description: optionalString(call.params.description),
  });
  return { channel_folder_id };
}

/** GET /channel_folders: every user may read them, in display order; archived ones on request. */
export async function listChannelFolders(ctx: Reads<'channelFolders' | 'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  await callerUser(ctx, call);
  const includeArchived = call.params.include_archived === true;
  const folders = (await ctx.models.channelFolders.all()).filter((folder) => includeArchived || !folder.is_archived);
  return { channel_folders: inFolderOrder(folders).map(channelFolderView) };
}

/** PATCH /channel_folders/{channel_folder_id} */
export async function updateChannelFolderEndpoint(ctx: UpdateChannelFolderEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  await updateChannelFolder(ctx, originOf(call), actor, Number(call.path.channel_folder_id), {
    name: optionalString(p.name),
    description: optionalString(p.description),
    is_archived: typeof p.is_archived === 'boolean' ? p.is_archived : undefined,
  });
  return {};
}

/** PATCH /channel_folders */
export async function reorderChannelFoldersEndpoint(ctx: UpdateChannelFolderEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const order = Array.isArray(call.params.order) ? call.params.order.map(Number) : undefined;
  await reorderChannelFolders(ctx, originOf(call), actor, order);
  return {};
}
