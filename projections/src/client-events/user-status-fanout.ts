import type { StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';
import { mutedUsersOf } from '../user-status/muted-users-list.js';

const activeUserIds = async (models: ReadModels): Promise<number[]> => (await models.users.all()).filter((user) => user.is_active).map((user) => user.user_id);

const HANDLED = ['UserStatusChanged', 'UserSettingsChanged', 'UserMuted', 'UserUnmuted'] as const;

/**
 * `user_status` to everyone with the parts of a status that changed (and `away` when a user turns
 * presence off or on, its legacy face); `muted_users` with the whole list to the user who muted or
 * unmuted someone.
 */
async function userStatusDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels): Promise<Delivery[]> {
  switch (event.type) {
    case 'UserStatusChanged':
      return [{ userIds: await activeUserIds(models), event: { type: 'user_status', ...event.data } }];
    case 'UserSettingsChanged': {
      const presence = event.data.changes.presence_enabled;
      if (presence === undefined) return [];
      return [{ userIds: await activeUserIds(models), event: { type: 'user_status', user_id: event.data.user_id, away: !presence } }];
    }
    case 'UserMuted':
    case 'UserUnmuted':
      return [{ userIds: [event.data.user_id], event: { type: 'muted_users', muted_users: await mutedUsersOf(models, event.data.user_id) } }];
    default:
      return [];
  }
}

export const userStatusFanout = fanoutOf('user-status', HANDLED, userStatusDeliveries);
