import { evolveReminder } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Reminders not sent yet: scheduled ones, and failed ones until their creator deletes them. */
export function remindersProjection(models: ReadModels): Projection {
  return projectionOf('reminders', ['ReminderDeleted', 'ReminderDelivered', 'ReminderDeliveryFailed', 'ReminderScheduled'], async (event) => {
    switch (event.type) {
      case 'ReminderScheduled':
      case 'ReminderDelivered':
      case 'ReminderDeliveryFailed':
      case 'ReminderDeleted': {
        const id = event.data.reminder_id;
        const next = evolveReminder(await models.reminders.get(id), event);
        if (next && (next.status === 'scheduled' || next.status === 'failed')) await models.reminders.put(id, next, event.position);
        else await models.reminders.delete(id, event.position);
        return;
      }
      default:
        return;
    }
  });
}
