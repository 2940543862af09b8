import type { ChannelFolderState } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Channel folders, archived ones included; each carries its display position. */
export function channelFoldersProjection(models: ReadModels): Projection {
  const update = async (id: number, position: number, change: (folder: ChannelFolderState) => ChannelFolderState): Promise<void> => {
    const folder = await models.channelFolders.get(id);
    if (folder) await models.channelFolders.put(id, change(folder), position);
  };

  return projectionOf('channel-folders', ['ChannelFolderCreated', 'ChannelFolderUpdated', 'ChannelFoldersReordered'], async (event) => {
    const at = event.position;
    switch (event.type) {
      case 'ChannelFolderCreated': {
        const d = event.data;
        await models.channelFolders.put(
          d.channel_folder_id,
          {
            id: d.channel_folder_id,
            name: d.name,
            description: d.description,
            rendered_description: d.rendered_description,
            order: d.order,
            date_created: Math.floor(event.metadata.occurred_at / 1000),
            creator_id: d.creator_id,
            is_archived: false,
          },
          at,
        );
        return;
      }
      case 'ChannelFolderUpdated':
        return update(event.data.channel_folder_id, at, (folder) => ({ ...folder, ...event.data.changes }));
      case 'ChannelFoldersReordered': {
        // A folder the order does not list (created concurrently with the reorder) keeps its position.
        const order = event.data.order;
        for (const [index, id] of order.entries()) await update(id, at, (folder) => ({ ...folder, order: index }));
        return;
      }
      default:
        return;
    }
  });
}
