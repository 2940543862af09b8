import type { RouteCall } from '@chat/http';
import { deleteMessage } from '../actions/delete-message.js';
import type { ServerContext } from '../server-context.js';
import { callerUser, originOf } from './call-context.js';

/** DELETE /messages/{message_id} */
export async function deleteMessageEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  await deleteMessage(ctx, originOf(call), await callerUser(ctx, call), Number(call.path.message_id));
  return {};
}
