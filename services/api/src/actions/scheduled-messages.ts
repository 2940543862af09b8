import {
  ApiError,
  type CheckedSend,
  checkDeliveryTime,
  decideDeleteScheduledMessage,
  decideEditScheduledMessage,
  decideScheduleMessage,
  type EditScheduledMessage,
  editedScheduledMessage,
  foldScheduledMessage,
  SCHEDULED_MESSAGE_EVENT_TYPES,
  type ScheduledMessageState,
  type ScheduledSendRequest,
  streams,
} from '@chat/core';
import type { ExpectedRevision } from '@chat/eventstore';
import type { Origin } from '../commands/command-bus.js';
import { streamHistory } from '../commands/stream-history.js';
import { type SendInput, sendDecision } from './send-message.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What scheduleMessage uses. */
type ScheduleMessageDeps = Commands & Clocked & Configured & Allocates & Uses<'models' | 'organization'>;
/** What editScheduledMessage uses. */
type EditScheduledMessageDeps = Commands & Clocked & Configured & LogReads & Uses<'models' | 'organization'>;

/** A scheduled message as its own stream tells it, with the revision to expect when appending after it. */
export async function scheduledMessageFromLog(ctx: LogReads, id: number): Promise<{ state: ScheduledMessageState | undefined; expected: ExpectedRevision }> {
  const { events, expected } = await streamHistory(ctx.store, streams.scheduledMessage(id), SCHEDULED_MESSAGE_EVENT_TYPES);
  return { state: foldScheduledMessage(events), expected };
}

/** What POST /messages would be asked to send. */
export function sendInputOf(request: ScheduledSendRequest, readBySender: boolean): SendInput {
  const to = request.type === 'channel' ? request.to : Array.isArray(request.to) ? request.to : [request.to];
  return { type: request.type, to, topic: request.topic ?? undefined, content: request.content, read_by_sender: readBySender };
}

/** Runs the send rules as `senderId` now (nothing is recorded) and answers the message as it would be stored. */
async function checkedSend(ctx: Configured & Uses<'models' | 'organization'>, senderId: number, request: ScheduledSendRequest): Promise<CheckedSend> {
  const { sent } = await sendDecision(ctx, senderId, sendInputOf(request, false), 0).catch((error: unknown) => {
    // Channels are named by id here: the refusal says so, as the public API's does.
    if (error instanceof ApiError && error.code === 'STREAM_DOES_NOT_EXIST' && typeof request.to === 'number') {
      throw new ApiError('STREAM_DOES_NOT_EXIST', 400, `Channel with ID '${request.to}' does not exist`, { stream_id: request.to });
    }
    throw error;
  });
  const { recipient, content, rendered_content } = sent.data;
  if (recipient.type === 'channel') return { to: recipient.channel_id, topic: recipient.topic, content, rendered_content };
  const to = [...new Set(Array.isArray(request.to) ? request.to : [request.to])].sort((a, b) => a - b);
  return { to, topic: null, content, rendered_content };
}

export interface ScheduleRequest extends ScheduledSendRequest {
  deliver_at: number;
  read_by_sender: boolean;
}

/** POST /scheduled_messages: answers the new scheduled message's id. */
export async function scheduleMessage(ctx: ScheduleMessageDeps, origin: Origin, senderId: number, request: ScheduleRequest): Promise<number> {
  const now = ctx.clock.now();
  checkDeliveryTime(request.deliver_at, now);
  const checked = await checkedSend(ctx, senderId, request);
  const scheduled_message_id = await ctx.ids.next('scheduled_message');
  const events = decideScheduleMessage({ scheduled_message_id, sender_id: senderId, type: request.type, deliver_at: request.deliver_at, read_by_sender: request.read_by_sender, now, checked });
  await ctx.bus.run(origin, async () => ({ appends: [{ stream: streams.scheduledMessage(scheduled_message_id), expected: 'no_stream', events }], result: undefined }));
  return scheduled_message_id;
}

/** PATCH /scheduled_messages/{id}: decided from the message's stream, checked by the send rules as it would be after the change. */
export async function editScheduledMessage(ctx: EditScheduledMessageDeps, origin: Origin, id: number, cmd: Omit<EditScheduledMessage, 'now'>): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const { state, expected } = await scheduledMessageFromLog(ctx, id);
    const edit = { ...cmd, now: ctx.clock.now() };
    const checked = await checkedSend(ctx, cmd.actor_id, editedScheduledMessage(state, edit));
    return { appends: [{ stream: streams.scheduledMessage(id), expected, events: decideEditScheduledMessage(state, edit, checked) }], result: undefined };
  });
}

/** DELETE /scheduled_messages/{id} */
export async function deleteScheduledMessage(ctx: Commands & LogReads, origin: Origin, actorId: number, id: number): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const { state, expected } = await scheduledMessageFromLog(ctx, id);
    return { appends: [{ stream: streams.scheduledMessage(id), expected, events: decideDeleteScheduledMessage(state, actorId) }], result: undefined };
  });
}

/** The user's scheduled messages not sent yet, by delivery time (then id). */
export async function pendingScheduledMessages(ctx: Reads<'scheduledMessages'>, userId: number): Promise<ScheduledMessageState[]> {
  const rows = await ctx.models.scheduledMessages.findMany('sender_id', userId);
  return rows.sort((a, b) => a.deliver_at - b.deliver_at || a.scheduled_message_id - b.scheduled_message_id);
}
