import type { EditRequest, PropagateMode } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { editMessage } from '../actions/edit-message.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Clocked, Commands, Configured, Uses } from '../dependencies.js';

/** What editMessageEndpoint uses. */
type EditMessageEndpointDeps = Commands & Clocked & Configured & Allocates & Uses<'models' | 'organization'>;

/** PATCH /messages/{message_id} */
export async function editMessageEndpoint(ctx: EditMessageEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const p = call.params;
  const topic = p.topic ?? p.subject;
  const req: EditRequest = {
    propagate_mode: typeof p.propagate_mode === 'string' ? (p.propagate_mode as PropagateMode) : 'change_one',
    send_notification_to_old_thread: p.send_notification_to_old_thread === true,
    send_notification_to_new_thread: p.send_notification_to_new_thread !== false,
  };
  if (typeof p.content === 'string') req.content = p.content;
  if (typeof topic === 'string') req.topic = topic;
  if (typeof p.stream_id === 'number') req.stream_id = p.stream_id;
  if (typeof p.prev_content_sha256 === 'string') req.prev_content_sha256 = p.prev_content_sha256;
  const actor = await callerUser(ctx, call);
  return { ...(await editMessage(ctx, originOf(call), actor.user_id, Number(call.path.message_id), req)) };
}
