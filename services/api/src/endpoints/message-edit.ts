import type { EditRequest } from '@chat/core';
import type { CallOf } from '@chat/http';
import { editMessage } from '../actions/edit-message.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Clocked, Commands, Configured, Uses } from '../dependencies.js';

/** What editMessageEndpoint uses. */
type EditMessageEndpointDeps = Commands & Clocked & Configured & Allocates & Uses<'models' | 'organization'>;

/** PATCH /messages/{message_id} */
export async function editMessageEndpoint(ctx: EditMessageEndpointDeps, call: CallOf<'message-update'>): Promise<Record<string, unknown>> {
  const p = call.params;
  const topic = p.topic ?? p.subject;
  const req: EditRequest = {
    propagate_mode: p.propagate_mode ?? 'change_one',
    send_notification_to_old_thread: p.send_notification_to_old_thread === true,
    send_notification_to_new_thread: p.send_notification_to_new_thread !== false,
  };
  if (typeof p.content === 'string') req.content = p.content;
  if (typeof topic === 'string') req.topic = topic;
  if (typeof p.stream_id === 'number') req.stream_id = p.stream_id;
  if (typeof p.prev_content_sha256 === 'string') req.prev_content_sha256 = p.prev_content_sha256;
  const actor = await callerUser(ctx, call);
  return { ...(await editMessage(ctx, originOf(call), actor.user_id, call.path.message_id, req)) };
}
