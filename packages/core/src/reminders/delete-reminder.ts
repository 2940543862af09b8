import { ApiError } from '../errors.js';
import type { ReminderDeleted } from '../events/reminder-events.js';
import type { ReminderState } from './reminder-state.js';

/** The public API answers an unknown reminder with 404 and the code BAD_REQUEST. */
export const reminderDoesNotExist = (): ApiError => new ApiError('BAD_REQUEST', 404, 'Reminder does not exist');

/**
 * DELETE /reminders/{reminder_id}: the creator cancels a reminder not yet sent (a failed one may be
 * cleared too). Someone else's reminder does not exist for the caller.
 */
export function decideDeleteReminder(state: ReminderState | undefined, actorId: number): ReminderDeleted[] {
  if (!state || state.creator_id !== actorId || state.status === 'delivered' || state.status === 'deleted') throw reminderDoesNotExist();
  return [{ type: 'ReminderDeleted', data: { reminder_id: state.reminder_id, creator_id: state.creator_id } }];
}
