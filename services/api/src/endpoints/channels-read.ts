import { badRequest, channelNameKey, type ChannelState, isAdminRole, Role, type UserState } from '@chat/core';
import type { CallOf, RouteCall } from '@chat/http';
import { ChannelQuery } from '../queries/channel-query.js';
import { callerUser } from './call-context.js';
import type { Clocked, Reads, Uses } from '../dependencies.js';

/** What visibleChannel uses. */
type VisibleChannelDeps = Clocked & Reads<'subscriptions' | 'users'> & Uses<'organization'>;

/** GET /streams: the union of the kinds of channel asked for, among those the caller may know. */
export async function listChannels(ctx: VisibleChannelDeps, call: CallOf<'streams-get'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const p = call.params;
  if (p.include_all_active === true && !isAdminRole(viewer.role)) throw badRequest('User not authorized for this query');
  const q = await ChannelQuery.open(ctx, viewer);
  const includeAll = p.include_all === true || p.include_all_active === true;
  const wanted = (channel: ChannelState): boolean =>
    (includeAll && q.canSee(channel)) ||
    ((p.include_public ?? true) && !channel.invite_only && viewer.role !== Role.Guest) ||
    ((p.include_web_public ?? false) && channel.is_web_public) ||
    ((p.include_subscribed ?? true) && q.isSubscribed(channel)) ||
    ((p.include_default ?? false) && channel.is_default && q.canSee(channel)) ||
    ((p.include_can_access_content ?? false) && q.canRead(channel));
  // The public API adds is_default to the records only when include_default asks for default channels.
  const withDefault = p.include_default ?? false;
  const streams = [];
  for (const channel of q.channels) {
    if ((p.exclude_archived ?? true) && channel.is_archived) continue;
    if (!wanted(channel)) continue;
    const record = await q.channelRecord(channel);
    streams.push(withDefault ? { ...record, is_default: channel.is_default } : record);
  }
  return { streams };
}

async function visibleChannel(ctx: VisibleChannelDeps, call: RouteCall<Record<string, unknown>, { stream_id: number }>): Promise<{ q: ChannelQuery; channel: ChannelState }> {
  const q = await ChannelQuery.open(ctx, await callerUser(ctx, call));
  const channel = q.visible(call.path.stream_id);
  if (!channel) throw badRequest('Invalid channel ID');
  return { q, channel };
}

/** GET /streams/{stream_id} */
export async function getChannel(ctx: VisibleChannelDeps, call: CallOf<'stream-get'>): Promise<Record<string, unknown>> {
  const { q, channel } = await visibleChannel(ctx, call);
  return { stream: await q.channelRecord(channel) };
}

/** GET /streams/{stream_id}/members */
export async function getChannelMembers(ctx: VisibleChannelDeps, call: CallOf<'stream-members-get'>): Promise<Record<string, unknown>> {
  const { q, channel } = await visibleChannel(ctx, call);
  return { subscribers: await q.subscribers(channel.channel_id) };
}

/** GET /get_stream_id */
export async function getChannelId(ctx: VisibleChannelDeps, call: CallOf<'stream-id-get'>): Promise<Record<string, unknown>> {
  return { stream_id: await visibleChannelIdByName(ctx, await callerUser(ctx, call), call.params.stream) };
}

/** The id of a channel the viewer may know, by name (compared as channel names are); else an error naming it. */
export async function visibleChannelIdByName(ctx: Clocked & Reads<'subscriptions'> & Uses<'organization'>, viewer: UserState, name: string): Promise<number> {
  const q = await ChannelQuery.open(ctx, viewer);
  const key = channelNameKey(name.trim());
  const channel = q.channels.find((c) => c.name_key === key);
  if (!channel || !q.canSee(channel)) throw badRequest(`Invalid channel name '${name}'`);
  return channel.channel_id;
}
