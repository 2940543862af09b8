import { badRequest, checkContent, checkReadReceiptsEnabled, FlagBit, readReceiptUserIds, type UserState } from '@chat/core';
import type { CallOf } from '@chat/http';
import { REALM_KEY } from '@chat/projections';
import { messageHistoryView } from '@chat/wire';
import { channelContext } from '../actions/channel-context.js';
import { renderer } from '../actions/send-message.js';
import { ChannelQuery } from '../queries/channel-query.js';
import { readableMessage } from '../queries/message-access.js';
import { callerUser } from './call-context.js';
import type { Clocked, Configured, Reads, Uses } from '../dependencies.js';

/** What getMessageHistory uses. */
type GetMessageHistoryDeps = Clocked & Reads<'messages' | 'realm' | 'subscriptions' | 'users'> & Uses<'organization'>;
/** What getReadReceipts uses. */
type GetReadReceiptsDeps = Clocked & Reads<'messages' | 'mutedUsers' | 'realm' | 'subscriptions' | 'users'> & Uses<'organization'>;

async function realmSettings(ctx: Reads<'realm'>) {
  const realm = await ctx.models.realm.get(REALM_KEY);
  if (!realm) throw new Error('the organization is missing');
  return realm.settings;
}

/** GET /messages/{message_id}/history: a message the caller may read, as the organization lets them see its edits. */
export async function getMessageHistory(ctx: GetMessageHistoryDeps, call: CallOf<'message-history-get'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const visibility = (await realmSettings(ctx)).message_edit_history_visibility_policy;
  if (visibility === 'none') throw badRequest('Message edit history is disabled in this organization');
  const { message } = await readableMessage(ctx, await ChannelQuery.open(ctx, viewer), call.path.message_id);
  return { message_history: messageHistoryView(message, visibility, call.params.allow_empty_topic_name === true) };
}

/** GET /messages/{message_id}/read_receipts: who read a message the caller may read. */
export async function getReadReceipts(ctx: GetReadReceiptsDeps, call: CallOf<'read-receipts-get'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const enabled = (await realmSettings(ctx)).enable_read_receipts;
  checkReadReceiptsEnabled(enabled);
  const { message } = await readableMessage(ctx, await ChannelQuery.open(ctx, viewer), call.path.message_id);
  const readers: UserState[] = [];
  for (const userId of await ctx.models.messages.holders(message.id)) {
    const flags = (await ctx.models.messages.flagsOf(userId, [message.id])).get(message.id) ?? 0;
    const user = flags & FlagBit.read ? await ctx.models.users.get(userId) : undefined;
    if (user) readers.push(user);
  }
  const mutedEitherWay = new Set([
    ...(await ctx.models.mutedUsers.findMany('user_id', viewer.user_id)).map((each) => each.muted_user_id),
    ...(await ctx.models.mutedUsers.findMany('muted_user_id', viewer.user_id)).map((each) => each.user_id),
  ]);
  return { user_ids: readReceiptUserIds({ enabled, viewerId: viewer.user_id, senderId: message.sender_id, readers, mutedEitherWay }) };
}

/** POST /messages/render: the HTML the content would be sent as, rendered as the caller would send it. */
export async function renderMessageEndpoint(ctx: Configured & Uses<'models' | 'organization'>, call: CallOf<'message-render'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const cc = await channelContext(ctx, viewer.user_id);
  const render = await renderer(ctx, cc, [], cc.actor);
  return { rendered: render(checkContent(call.params.content)).html };
}
