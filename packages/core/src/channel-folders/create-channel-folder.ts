import { missingArgument } from '../errors.js';
import type { ChannelFolderCreated } from '../events/channel-folder-events.js';
import { checkChannelFolderDescription, checkChannelFolderName, type ChannelFolderContext, requireFolderAdmin } from './channel-folder-rules.js';

export interface CreateChannelFolder {
  channel_folder_id: number;
  name?: string;
  /** Must be sent, though it may be empty. */
  description?: string;
}

/**
 * POST /channel_folders/create. Permission comes before the parameters, so a non-administrator learns
 * only that they may not.
 */
export function decideCreateChannelFolder(ctx: ChannelFolderContext, cmd: CreateChannelFolder): ChannelFolderCreated[] {
  requireFolderAdmin(ctx.actor);
  if (cmd.name === undefined) throw missingArgument('name');
  if (cmd.description === undefined) throw missingArgument('description');
  const name = checkChannelFolderName(ctx.folders, cmd.name, null);
  const description = checkChannelFolderDescription(cmd.description);
  const order = ctx.folders.reduce((next, folder) => Math.max(next, folder.order + 1), 0);
  return [
    {
      type: 'ChannelFolderCreated',
      data: {
        channel_folder_id: cmd.channel_folder_id,
        name,
        description,
        rendered_description: ctx.renderDescription(description),
        order,
        creator_id: ctx.actor.user_id,
      },
    },
  ];
}
