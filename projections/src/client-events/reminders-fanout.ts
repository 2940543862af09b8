import type { ReminderState, StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

/** A reminder as the public API shows it (GET /reminders, the register section, `reminders add`). */
export function reminderView(reminder: ReminderState): Record<string, unknown> {
  return {
    reminder_id: reminder.reminder_id,
    type: 'private',
    to: [reminder.creator_id],
    content: reminder.content,
    rendered_content: reminder.rendered_content,
    scheduled_delivery_timestamp: Math.floor(reminder.deliver_at / 1000),
    failed: reminder.status === 'failed',
    reminder_target_message_id: reminder.message_id,
  };
}

const remove = (userId: number, reminderId: number): Delivery => ({
  userIds: [userId],
  event: { type: 'reminders', op: 'remove', reminder_id: reminderId },
});

const HANDLED = ['ReminderScheduled', 'ReminderDeliveryFailed', 'ReminderDelivered', 'ReminderDeleted'] as const;

/**
 * `reminders` events to the reminder's creator only: add when scheduled, remove when sent or deleted;
 * a failed one is removed and added again with `failed: true` (the public API has no update).
 */
async function remindersDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels): Promise<Delivery[]> {
  switch (event.type) {
    case 'ReminderScheduled':
    case 'ReminderDeliveryFailed': {
      const reminder = await models.reminders.get(event.data.reminder_id);
      if (!reminder) return [];
      const add: Delivery = { userIds: [reminder.creator_id], event: { type: 'reminders', op: 'add', reminders: [reminderView(reminder)] } };
      return event.type === 'ReminderScheduled' ? [add] : [remove(reminder.creator_id, reminder.reminder_id), add];
    }
    case 'ReminderDelivered':
    case 'ReminderDeleted':
      return [remove(event.data.creator_id, event.data.reminder_id)];
    default:
      return [];
  }
}

export const remindersFanout = fanoutOf('reminders', HANDLED, remindersDeliveries);
