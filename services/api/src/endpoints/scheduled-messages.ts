import { clientName, isInteractiveClient, missingArgument, type ScheduledMessageDraft } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { scheduledMessageView } from '@chat/projections';
import { deleteScheduledMessage, editScheduledMessage, pendingScheduledMessages, scheduleMessage } from '../actions/scheduled-messages.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What createScheduledMessageEndpoint uses. */
type CreateScheduledMessageEndpointDeps = Commands & Clocked & Configured & Allocates & Uses<'models' | 'organization'>;
/** What editScheduledMessageEndpoint uses. */
type EditScheduledMessageEndpointDeps = Commands & Clocked & Configured & LogReads & Uses<'models' | 'organization'>;

/** The public names of the two kinds: "stream" and "channel", "direct" and "private". */
const kindOf = (type: unknown): ScheduledMessageDraft['type'] => (type === 'stream' || type === 'channel' ? 'channel' : 'direct');

const seconds = (value: unknown): number | undefined => (typeof value === 'number' ? value * 1000 : undefined);

/** POST /scheduled_messages */
export async function createScheduledMessageEndpoint(ctx: CreateScheduledMessageEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const p = call.params;
  const sender = await callerUser(ctx, call);
  const type = kindOf(p.type);
  if (type === 'channel' && p.topic === undefined) throw missingArgument('topic');
  const scheduled_message_id = await scheduleMessage(ctx, originOf(call), sender.user_id, {
    type,
    to: p.to as number | number[],
    topic: type === 'channel' ? String(p.topic) : null,
    content: String(p.content),
    deliver_at: (p.scheduled_delivery_timestamp as number) * 1000,
    read_by_sender: typeof p.read_by_sender === 'boolean' ? p.read_by_sender : isInteractiveClient(clientName(call.client)),
  });
  return { scheduled_message_id };
}

/** GET /scheduled_messages: the caller's messages not sent yet, by delivery time. */
export async function listScheduledMessagesEndpoint(ctx: Reads<'scheduledMessages' | 'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  return { scheduled_messages: (await pendingScheduledMessages(ctx, user.user_id)).map(scheduledMessageView) };
}

/** PATCH /scheduled_messages/{scheduled_message_id} */
export async function editScheduledMessageEndpoint(ctx: EditScheduledMessageEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const p = call.params;
  const user = await callerUser(ctx, call);
  await editScheduledMessage(ctx, originOf(call), Number(call.path.scheduled_message_id), {
    actor_id: user.user_id,
    type: p.type === undefined ? undefined : kindOf(p.type),
    to: p.to as number | number[] | undefined,
    topic: p.topic as string | undefined,
    content: p.content as string | undefined,
    deliver_at: seconds(p.scheduled_delivery_timestamp),
  });
  return {};
}

/** DELETE /scheduled_messages/{scheduled_message_id} */
export async function deleteScheduledMessageEndpoint(ctx: Commands & LogReads & Reads<'users'>, call: RouteCall): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  await deleteScheduledMessage(ctx, originOf(call), user.user_id, Number(call.path.scheduled_message_id));
  return {};
}
