import type { ReadModels } from '../read-models.js';

/** The users `userId` muted, earliest first, as the muted_users section and event list them. */
export async function mutedUsersOf(models: ReadModels, userId: number): Promise<{ id: number; timestamp: number }[]> {
  const muted = await models.mutedUsers.findMany('user_id', userId);
  muted.sort((a, b) => a.timestamp - b.timestamp || a.muted_user_id - b.muted_user_id);
  return muted.map((each) => ({ id: each.muted_user_id, timestamp: each.timestamp }));
}
