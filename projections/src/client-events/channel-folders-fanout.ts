import type { StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { channelFolderView } from '@chat/wire';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

const HANDLED = ['ChannelFolderCreated', 'ChannelFolderUpdated', 'ChannelFoldersReordered'] as const;

/** Client events for channel folders, to every active user: clients keep archived folders too and filter them. */
async function channelFoldersDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels): Promise<Delivery[]> {
  switch (event.type) {
    case 'ChannelFolderCreated': {
      const folder = await models.channelFolders.get(event.data.channel_folder_id);
      if (!folder) return [];
      return [{ userIds: await activeUserIds(models), event: { type: 'channel_folder', op: 'add', channel_folder: channelFolderView(folder) } }];
    }
    case 'ChannelFolderUpdated': {
      const { channel_folder_id, changes } = event.data;
      return [{ userIds: await activeUserIds(models), event: { type: 'channel_folder', op: 'update', channel_folder_id, data: { ...changes } } }];
    }
    case 'ChannelFoldersReordered':
      return [{ userIds: await activeUserIds(models), event: { type: 'channel_folder', op: 'reorder', order: [...event.data.order] } }];
    default:
      return [];
  }
}

export const channelFoldersFanout = fanoutOf('channel-folders', HANDLED, channelFoldersDeliveries);

const activeUserIds = async (models: ReadModels): Promise<number[]> =>
  (await models.users.all()).filter((user) => user.is_active).map((user) => user.user_id);
