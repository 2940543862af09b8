import { applyBotStorageChange } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Users' storage: each change sets and removes keys; an empty storage leaves no document. */
export function botStorageProjection(models: ReadModels): Projection {
  return projectionOf('bot-storage', ['BotStorageChanged'], async (event) => {
    const { user_id } = event.data;
    const entries = applyBotStorageChange((await models.botStorage.get(user_id))?.entries ?? [], event.data);
    if (entries.length === 0) await models.botStorage.delete(user_id, event.position);
    else await models.botStorage.put(user_id, { user_id, entries }, event.position);
  });
}
