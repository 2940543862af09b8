import type { ReminderDeleted } from '../events/reminder-events.js';

/** A reminder that quotes a message being deleted. */
export interface QuotingReminder {
  reminder_id: number;
  creator_id: number;
}

/**
 * The reminders a deletion cancels: a reminder quotes the deleted text, which must not be sent to
 * anyone afterwards (docs/topics/forgetting.md), so it goes with the message, its creator told as for
 * any deleted reminder.
 */
export const remindersCancelledBy = (reminders: readonly QuotingReminder[]): ReminderDeleted[] =>
  reminders.map(({ reminder_id, creator_id }) => ({ type: 'ReminderDeleted', data: { reminder_id, creator_id } }));
