import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Deleted messages leave the messages read model with every user's row for them. */
export function messageDeletionProjection(models: ReadModels): Projection {
  return projectionOf('message-deletion', ['MessagesDeleted'], async (event) => {
    await models.messages.remove(event.data.message_ids, event.position);
  });
}
