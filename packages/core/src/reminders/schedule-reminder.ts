import { badRequest } from '../errors.js';
import type { ReminderScheduled } from '../events/reminder-events.js';
import type { RenderedContent } from '../messages/content-flags.js';
import { type RemindedMessage, reminderContent } from './reminder-content.js';

/** The public API's `max_reminder_note_length`. */
export const MAX_REMINDER_NOTE_LENGTH = 1000;

export interface ScheduleReminder {
  reminder_id: number;
  creator_id: number;
  /** A message the creator may read (the action checks access). */
  message: RemindedMessage;
  /** UNIX seconds, as the request gives it. */
  scheduled_delivery_timestamp: number;
  note: string | undefined;
  now: number;
  render: (content: string) => RenderedContent;
}

/** POST /reminders: a reminder of a readable message, due in the future, with an optional note. */
export function decideScheduleReminder(cmd: ScheduleReminder): ReminderScheduled[] {
  const deliver_at = cmd.scheduled_delivery_timestamp * 1000;
  if (!Number.isSafeInteger(deliver_at)) throw badRequest("Invalid 'scheduled_delivery_timestamp': not a UNIX time in seconds.");
  if (deliver_at <= cmd.now) throw badRequest("Invalid 'scheduled_delivery_timestamp': the delivery time must be in the future.");
  const note = (cmd.note ?? '').trim();
  if ([...note].length > MAX_REMINDER_NOTE_LENGTH) {
    throw badRequest(`Invalid 'note': a reminder note is at most ${MAX_REMINDER_NOTE_LENGTH} characters long.`);
  }
  const content = reminderContent(cmd.message, note);
  return [
    {
      type: 'ReminderScheduled',
      data: {
        reminder_id: cmd.reminder_id,
        creator_id: cmd.creator_id,
        message_id: cmd.message.id,
        deliver_at,
        note,
        content,
        rendered_content: cmd.render(content).html,
      },
    },
  ];
}
