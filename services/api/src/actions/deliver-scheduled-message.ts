import { ApiError, decideDeliverScheduledMessage, scheduledMessageFailureNotice, streams } from '@chat/core';
import type { StreamAppend } from '../commands/command-bus.js';
import { schedulerOrigin } from '../commands/scheduler-origin.js';
import { scheduledMessageFromLog, sendInputOf } from './scheduled-messages.js';
import { sendDecision } from './send-message.js';
import { botDirectMessageAppend } from './bot-notices.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Uses } from '../dependencies.js';

/** What deliverScheduledMessage uses. */
type DeliverScheduledMessageDeps = Commands & Clocked & Configured & Allocates & LogReads & Uses<'models' | 'organization'>;

/**
 * Sends a due scheduled message as its sender would send it now. The scheduled message's stream is
 * appended first, with the revision the decision read: a second runner fails that expectation,
 * decides again from the log, finds the message sent and appends nothing, so it never goes twice.
 * What a send would refuse now (the channel archived, the permission lost) is recorded as a failure,
 * and the notification bot tells the sender why, in the same command (not a deactivated sender).
 */
export async function deliverScheduledMessage(ctx: DeliverScheduledMessageDeps, id: number): Promise<void> {
  await ctx.bus.run(schedulerOrigin(`scheduled-message:${id}`), async () => {
    const { state, expected } = await scheduledMessageFromLog(ctx, id);
    if (!state || state.status !== 'scheduled') return { appends: [], result: undefined };
    const sender = await ctx.models.users.get(state.sender_id);
    const message_id = await ctx.ids.next('message');
    let refusal: ApiError | null = null;
    let sendAppends: StreamAppend[] = [];
    if (sender?.is_active) {
      try {
        sendAppends = (await sendDecision(ctx, state.sender_id, sendInputOf(state, state.read_by_sender), message_id)).appends;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refusal = error;
      }
    }
    const events = decideDeliverScheduledMessage(state, {
      now: ctx.clock.now(),
      senderActive: sender?.is_active === true,
      send: () => {
        if (refusal) throw refusal;
        return message_id;
      },
    });
    const appends: StreamAppend[] = [{ stream: streams.scheduledMessage(id), expected, events }];
    if (events.some((event) => event.type === 'ScheduledMessageSent')) appends.push(...sendAppends);
    for (const event of events) {
      const notice = event.type === 'ScheduledMessageFailed' ? scheduledMessageFailureNotice(state, event, sender?.is_active === true) : null;
      if (notice !== null) appends.push(await botDirectMessageAppend(ctx, state.sender_id, notice));
    }
    return { appends, result: undefined };
  });
}
