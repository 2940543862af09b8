import { decideDeliverReminder, type DomainEvent, streams } from '@chat/core';
import type { StreamAppend } from '../commands/command-bus.js';
import { schedulerOrigin } from '../commands/scheduler-origin.js';
import { channelContext } from './channel-context.js';
import { reminderFromLog } from './reminders.js';
import { renderer } from './send-message.js';
import { notificationBot } from './system-bots.js';
import type { Allocates, Commands, Configured, LogReads, Uses } from '../dependencies.js';

/**
 * Sends a due reminder. The reminder's stream is appended first, with the revision the decision read:
 * a second runner fails that expectation, decides again from the log, finds the reminder sent and
 * appends nothing, so its direct message never goes twice.
 */
export async function deliverReminder(ctx: Commands & Configured & Allocates & LogReads & Uses<'models' | 'organization'>, reminderId: number): Promise<void> {
  await ctx.bus.run(schedulerOrigin(`reminder:${reminderId}`), async () => {
    const { state, expected } = await reminderFromLog(ctx, reminderId);
    if (!state || state.status !== 'scheduled') return { appends: [], result: undefined };
    const bot = await notificationBot(ctx);
    const world = await channelContext(ctx, bot.user_id);
    const creatorView = await channelContext(ctx, state.creator_id);
    const message_id = await ctx.ids.next('message');
    const decision = decideDeliverReminder(state, { message_id, bot, world, render: await renderer(ctx, creatorView) });
    const appends: StreamAppend[] = [{ stream: streams.reminder(reminderId), expected, events: decision.reminder }];
    const sent: DomainEvent | null = decision.message;
    if (sent) appends.push({ stream: streams.message(message_id), expected: 'no_stream', events: [sent] });
    return { appends, result: undefined };
  });
}
