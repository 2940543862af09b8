import { type QuotingReminder, remindersCancelledBy, streams } from '@chat/core';
import { AS_READ, type StreamAppend } from '../commands/command-bus.js';
import type { Reads } from '../dependencies.js';

/** What a deletion of messages takes with it: the files they link, the reminders quoting them. */
export interface DeletionLinks {
  attachmentIds: number[];
  reminders: QuotingReminder[];
}

/** The links of messages about to be deleted, as the read models hold them. */
export async function deletionLinks(ctx: Reads<'attachmentLinks' | 'reminders'>, messageIds: readonly number[]): Promise<DeletionLinks> {
  const attachmentIds = new Set<number>();
  const reminders: QuotingReminder[] = [];
  for (const id of messageIds) {
    for (const attachmentId of (await ctx.models.attachmentLinks.get(id))?.attachment_ids ?? []) attachmentIds.add(attachmentId);
    for (const reminder of await ctx.models.reminders.findMany('message_id', id)) reminders.push({ reminder_id: reminder.reminder_id, creator_id: reminder.creator_id });
  }
  return { attachmentIds: [...attachmentIds].sort((a, b) => a - b), reminders: reminders.sort((a, b) => a.reminder_id - b.reminder_id) };
}

/** The appends cancelling the reminders that quote deleted messages, each on its reminder's stream. */
export const cancelledReminders = (reminders: readonly QuotingReminder[]): StreamAppend[] =>
  remindersCancelledBy(reminders).map((event) => ({ stream: streams.reminder(event.data.reminder_id), expected: AS_READ, events: [event] }));
