import { badRequest, type UserState } from '@chat/core';
import type { CallOf } from '@chat/http';
import { ChannelQuery } from '../queries/channel-query.js';
import { readableMessage } from '../queries/message-access.js';
import type { Clocked, Reads, Uses } from '../dependencies.js';
import { callerUser } from './call-context.js';

/** What setEditTypingEndpoint uses. */
type EditTypingDeps = Clocked & Reads<'messages' | 'subscriptions' | 'users'> & Uses<'organization' | 'queues'>;

/**
 * POST /messages/{message_id}/typing: someone is (or stopped) editing a message they can read. Like
 * POST /typing it is ephemeral, straight to feeds: `typing_edit_message` to those who would hear of
 * the edit (the channel's subscribers, or the conversation's members), who listen to typing.
 */
export async function setEditTypingEndpoint(ctx: EditTypingDeps, call: CallOf<'message-edit-typing'>): Promise<Record<string, unknown>> {
  const editor = await callerUser(ctx, call);
  const op = call.params.op;
  const q = await ChannelQuery.open(ctx, editor);
  const { message } = await readableMessage(ctx, q, call.path.message_id);
  const listening = (user: UserState | undefined): user is UserState => user !== undefined && user.is_active && user.settings.receives_typing_notifications;
  const base = { type: 'typing_edit_message', op, sender_id: editor.user_id, message_id: message.id };
  if (message.recipient.type === 'channel') {
    if (!editor.settings.send_stream_typing_notifications) throw badRequest('User has disabled typing notifications for channel messages');
    const { channel_id, topic } = message.recipient;
    const userIds = (await q.subscribers(channel_id)).filter((id) => listening(q.world.users.get(id)));
    await ctx.queues.publish([{ userIds, event: { ...base, recipient: { type: 'channel', channel_id, topic } } }]);
    return {};
  }
  if (!editor.settings.send_private_typing_notifications) throw badRequest('User has disabled typing notifications for direct messages');
  const user_ids = message.recipient.user_ids;
  const userIds = user_ids.filter((id) => listening(q.world.users.get(id)));
  await ctx.queues.publish([{ userIds, event: { ...base, recipient: { type: 'direct', user_ids } } }]);
  return {};
}
