import type { CallOf } from '@chat/http';
import { reminderView } from '@chat/projections';
import { deleteReminder, pendingReminders, scheduleReminder } from '../actions/reminders.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What createReminderEndpoint uses. */
type CreateReminderEndpointDeps = Commands & Clocked & Configured & Allocates & Uses<'models' | 'organization'>;

/** POST /reminders */
export async function createReminderEndpoint(ctx: CreateReminderEndpointDeps, call: CallOf<'reminder-create'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  const reminder_id = await scheduleReminder(ctx, originOf(call), user, {
    message_id: call.params.message_id,
    scheduled_delivery_timestamp: call.params.scheduled_delivery_timestamp,
    note: call.params.note,
  });
  return { reminder_id };
}

/** GET /reminders: the caller's reminders not sent yet, by delivery time. */
export async function listRemindersEndpoint(ctx: Reads<'reminders' | 'users'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  return { reminders: (await pendingReminders(ctx, user.user_id)).map(reminderView) };
}

/** DELETE /reminders/{reminder_id} */
export async function deleteReminderEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'reminder-delete'>): Promise<Record<string, unknown>> {
  await deleteReminder(ctx, originOf(call), await callerUser(ctx, call), call.path.reminder_id);
  return {};
}
