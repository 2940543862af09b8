import type { StoredEvent } from '@chat/core';
import type { Projection } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Deleted messages leave the messages read model with every user's row for them. */
export function messageDeletionProjection(models: ReadModels): Projection {
  return {
    name: 'message-deletion',
    async apply(event: StoredEvent): Promise<void> {
      if (event.type === 'MessagesDeleted') await models.messages.remove(event.data.message_ids, event.position);
    },
  };
}
