import type { ChannelFolderState } from '@chat/core';

/** A channel folder as clients receive it (GET /channel_folders, register's channel_folders, channel_folder add). */
export const channelFolderView = (folder: ChannelFolderState): Record<string, unknown> => ({
  id: folder.id,
  name: folder.name,
  description: folder.description,
  rendered_description: folder.rendered_description,
  order: folder.order,
  date_created: folder.date_created,
  creator_id: folder.creator_id,
  is_archived: folder.is_archived,
});
