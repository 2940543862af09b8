import {
  decideDeleteReminder,
  decideScheduleReminder,
  foldReminder,
  REMINDER_EVENT_TYPES,
  type ReminderState,
  streams,
  type UserState,
} from '@chat/core';
import type { ExpectedRevision } from '@chat/eventstore';
import type { Origin } from '../commands/command-bus.js';
import { streamHistory } from '../commands/stream-history.js';
import { ChannelQuery } from '../queries/channel-query.js';
import { readableMessage } from '../queries/message-access.js';
import { channelContext } from './channel-context.js';
import { remindedMessage } from './reminded-message.js';
import { renderer } from './send-message.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What scheduleReminder uses. */
type ScheduleReminderDeps = Commands & Clocked & Configured & Allocates & Uses<'models' | 'organization'>;

export interface ReminderRequest {
  message_id: number;
  scheduled_delivery_timestamp: number;
  note: string | undefined;
}

/** A reminder as its own stream tells it, with the revision to expect when appending after it. */
export async function reminderFromLog(ctx: LogReads, reminderId: number): Promise<{ state: ReminderState | undefined; expected: ExpectedRevision }> {
  const { events, expected } = await streamHistory(ctx.store, streams.reminder(reminderId), REMINDER_EVENT_TYPES);
  return { state: foldReminder(events), expected };
}

/** POST /reminders: answers the new reminder's id. */
export async function scheduleReminder(ctx: ScheduleReminderDeps, origin: Origin, creator: UserState, request: ReminderRequest): Promise<number> {
  const { message } = await readableMessage(ctx, await ChannelQuery.open(ctx, creator), request.message_id);
  const reminded = await remindedMessage(ctx, message, creator.user_id);
  const cc = await channelContext(ctx, creator.user_id);
  const reminder_id = await ctx.ids.next('reminder');
  const events = decideScheduleReminder({
    reminder_id,
    creator_id: creator.user_id,
    message: reminded,
    scheduled_delivery_timestamp: request.scheduled_delivery_timestamp,
    note: request.note,
    now: ctx.clock.now(),
    render: await renderer(ctx, cc),
  });
  await ctx.bus.run(origin, async () => ({ appends: [{ stream: streams.reminder(reminder_id), expected: 'no_stream', events }], result: undefined }));
  return reminder_id;
}

/** DELETE /reminders/{reminder_id} */
export async function deleteReminder(ctx: Commands & LogReads, origin: Origin, actor: UserState, reminderId: number): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const { state, expected } = await reminderFromLog(ctx, reminderId);
    return { appends: [{ stream: streams.reminder(reminderId), expected, events: decideDeleteReminder(state, actor.user_id) }], result: undefined };
  });
}

/** The user's reminders not sent yet, by delivery time (then id). */
export async function pendingReminders(ctx: Reads<'reminders'>, userId: number): Promise<ReminderState[]> {
  const rows = await ctx.models.reminders.findMany('creator_id', userId);
  return rows.sort((a, b) => a.deliver_at - b.deliver_at || a.reminder_id - b.reminder_id);
}
