import { badRequest } from '../errors.js';
import type { ChannelFolderUpdated } from '../events/channel-folder-events.js';
import {
  checkChannelFolderDescription,
  checkChannelFolderName,
  type ChannelFolderContext,
  requireChannelFolder,
  requireFolderAdmin,
} from './channel-folder-rules.js';

export interface UpdateChannelFolder {
  name?: string;
  description?: string;
  is_archived?: boolean;
}

/**
 * PATCH /channel_folders/{id}: rename, describe, archive or unarchive. Only what differs from the
 * current values is recorded; a folder that ends up not archived must have a name no other active
 * folder has (so unarchiving checks the name too).
 */
export function decideUpdateChannelFolder(ctx: ChannelFolderContext, folderId: number, cmd: UpdateChannelFolder): ChannelFolderUpdated[] {
  requireFolderAdmin(ctx.actor);
  const folder = requireChannelFolder(ctx.folders, folderId);
  const changes: ChannelFolderUpdated['data']['changes'] = {};
  const archived = cmd.is_archived ?? folder.is_archived;
  const name = cmd.name === undefined ? folder.name : cmd.name.trim();
  if (cmd.name !== undefined || (folder.is_archived && !archived)) {
    const checked = archived ? checkChannelFolderName([], name, folderId) : checkChannelFolderName(ctx.folders, name, folderId);
    if (checked !== folder.name) changes.name = checked;
  }
  if (cmd.description !== undefined) {
    const description = checkChannelFolderDescription(cmd.description);
    if (description !== folder.description) {
      changes.description = description;
      changes.rendered_description = ctx.renderDescription(description);
    }
  }
  if (archived && !folder.is_archived && ctx.foldersInUse.has(folderId)) {
    throw badRequest("Invalid 'is_archived': you need to remove all the channels from this folder to archive it.");
  }
  if (archived !== folder.is_archived) changes.is_archived = archived;
  return Object.keys(changes).length === 0 ? [] : [{ type: 'ChannelFolderUpdated', data: { channel_folder_id: folderId, changes } }];
}
