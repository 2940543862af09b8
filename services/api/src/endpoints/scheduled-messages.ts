import { clientName, isInteractiveClient, missingArgument, type ScheduledMessageDraft } from '@chat/core';
import type { CallOf } from '@chat/http';
import { scheduledMessageView } from '@chat/projections';
import { deleteScheduledMessage, editScheduledMessage, pendingScheduledMessages, scheduleMessage } from '../actions/scheduled-messages.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What createScheduledMessageEndpoint uses. */
type CreateScheduledMessageEndpointDeps = Commands & Clocked & Configured & Allocates & Uses<'models' | 'organization'>;
/** What editScheduledMessageEndpoint uses. */
type EditScheduledMessageEndpointDeps = Commands & Clocked & Configured & LogReads & Uses<'models' | 'organization'>;

/** The public names of the two kinds: "stream" and "channel", "direct" and "private". */
const kindOf = (type: 'direct' | 'private' | 'channel' | 'stream'): ScheduledMessageDraft['type'] => (type === 'stream' || type === 'channel' ? 'channel' : 'direct');

const seconds = (value: number | undefined): number | undefined => (value === undefined ? undefined : value * 1000);

/** POST /scheduled_messages */
export async function createScheduledMessageEndpoint(ctx: CreateScheduledMessageEndpointDeps, call: CallOf<'scheduled-message-create'>): Promise<Record<string, unknown>> {
  const p = call.params;
  const sender = await callerUser(ctx, call);
  const type = kindOf(p.type);
  const topic = p.topic ?? null;
  if (type === 'channel' && topic === null) throw missingArgument('topic');
  const scheduled_message_id = await scheduleMessage(ctx, originOf(call), sender.user_id, {
    type,
    to: p.to,
    topic: type === 'channel' ? topic : null,
    content: p.content,
    deliver_at: p.scheduled_delivery_timestamp * 1000,
    read_by_sender: p.read_by_sender ?? isInteractiveClient(clientName(call.client)),
  });
  return { scheduled_message_id };
}

/** GET /scheduled_messages: the caller's messages not sent yet, by delivery time. */
export async function listScheduledMessagesEndpoint(ctx: Reads<'scheduledMessages' | 'users'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  return { scheduled_messages: (await pendingScheduledMessages(ctx, user.user_id)).map(scheduledMessageView) };
}

/** PATCH /scheduled_messages/{scheduled_message_id} */
export async function editScheduledMessageEndpoint(ctx: EditScheduledMessageEndpointDeps, call: CallOf<'scheduled-message-update'>): Promise<Record<string, unknown>> {
  const p = call.params;
  const user = await callerUser(ctx, call);
  await editScheduledMessage(ctx, originOf(call), call.path.scheduled_message_id, {
    actor_id: user.user_id,
    type: p.type === undefined ? undefined : kindOf(p.type),
    to: p.to,
    topic: p.topic,
    content: p.content,
    deliver_at: seconds(p.scheduled_delivery_timestamp),
  });
  return {};
}

/** DELETE /scheduled_messages/{scheduled_message_id} */
export async function deleteScheduledMessageEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: CallOf<'scheduled-message-delete'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  await deleteScheduledMessage(ctx, originOf(call), user.user_id, call.path.scheduled_message_id);
  return {};
}
