import type { CallOf } from '@chat/http';
import { deleteMessage } from '../actions/delete-message.js';
import { callerUser, originOf } from './call-context.js';
import type { Clocked, Commands, Reads, Uses } from '../dependencies.js';

/** What deleteMessageEndpoint uses. */
type DeleteMessageEndpointDeps = Commands & Clocked & Reads<'messages' | 'realm' | 'subscriptions' | 'users' | 'attachmentLinks' | 'reminders'> & Uses<'organization'>;

/** DELETE /messages/{message_id} */
export async function deleteMessageEndpoint(ctx: DeleteMessageEndpointDeps, call: CallOf<'message-delete'>): Promise<Record<string, unknown>> {
  await deleteMessage(ctx, originOf(call), await callerUser(ctx, call), call.path.message_id);
  return {};
}
