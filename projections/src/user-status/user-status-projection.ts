import { NO_STATUS, statusAfter } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Users' statuses: each change merges the parts it set; a status with nothing left leaves no document. */
export function userStatusProjection(models: ReadModels): Projection {
  return projectionOf('user-status', ['UserStatusChanged'], async (event) => {
    const userId = event.data.user_id;
    const status = statusAfter((await models.userStatuses.get(userId)) ?? NO_STATUS, event.data);
    if (status.status_text === '' && status.emoji_name === '') await models.userStatuses.delete(userId, event.position);
    else await models.userStatuses.put(userId, status, event.position);
  });
}

/** Who muted whom, keyed `<user_id>:<muted_user_id>`, with when (seconds). */
export function mutedUsersProjection(models: ReadModels): Projection {
  return projectionOf('muted-users', ['UserMuted', 'UserUnmuted'], async (event) => {
    const { user_id, muted_user_id } = event.data;
    const key = mutedUserKey(user_id, muted_user_id);
    if (event.type === 'UserUnmuted') await models.mutedUsers.delete(key, event.position);
    else await models.mutedUsers.put(key, { user_id, muted_user_id, timestamp: Math.floor(event.metadata.occurred_at / 1000) }, event.position);
  });
}

export const mutedUserKey = (userId: number, mutedUserId: number): string => `${userId}:${mutedUserId}`;
