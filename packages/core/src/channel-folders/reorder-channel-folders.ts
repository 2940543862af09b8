import { badRequest, missingArgument } from '../errors.js';
import type { ChannelFoldersReordered } from '../events/channel-folder-events.js';
import { type ChannelFolderContext, inFolderOrder, requireFolderAdmin } from './channel-folder-rules.js';

/**
 * PATCH /channel_folders: `order` lists every folder id, archived ones included, exactly once.
 * Permission comes before the parameter, as for creation.
 */
export function decideReorderChannelFolders(ctx: ChannelFolderContext, order: readonly number[] | undefined): ChannelFoldersReordered[] {
  requireFolderAdmin(ctx.actor);
  if (order === undefined) throw missingArgument('order');
  const known = new Set(ctx.folders.map((folder) => folder.id));
  const listed = new Set(order);
  if (listed.size !== order.length || listed.size !== known.size || order.some((id) => !known.has(id))) {
    throw badRequest('Invalid order mapping');
  }
  const current = inFolderOrder(ctx.folders).map((folder) => folder.id);
  if (current.every((id, index) => order[index] === id)) return [];
  return [{ type: 'ChannelFoldersReordered', data: { order: [...order] } }];
}
