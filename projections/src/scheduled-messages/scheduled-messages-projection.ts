import { evolveScheduledMessage, SCHEDULED_MESSAGE_EVENT_TYPES } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Scheduled messages not sent yet: scheduled ones, and failed ones until edited or deleted. */
export const scheduledMessagesProjection = (models: ReadModels): Projection =>
  projectionOf('scheduled-messages', SCHEDULED_MESSAGE_EVENT_TYPES, async (event) => {
    const id = event.data.scheduled_message_id;
    const next = evolveScheduledMessage(await models.scheduledMessages.get(id), event);
    if (next && (next.status === 'scheduled' || next.status === 'failed')) await models.scheduledMessages.put(id, next, event.position);
    else await models.scheduledMessages.delete(id, event.position);
  });
