import { CHANNEL_GROUP_SETTING_NAMES } from '@chat/core';
import type { CallOf } from '@chat/http';
import { archiveChannel, setDefaultChannel, updateChannel, type UpdateChannelInput } from '../actions/channel-updates.js';
import { callerUser, originOf } from './call-context.js';
import type { Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What updateChannelEndpoint uses. */
type UpdateChannelEndpointDeps = Commands & Configured & LogReads & Reads<'subscriptions' | 'users'> & Uses<'organization'>;
/** What archiveChannelEndpoint uses. */
type ArchiveChannelEndpointDeps = Commands & Configured & Reads<'subscriptions' | 'users'> & Uses<'organization'>;

/** PATCH /streams/{stream_id} */
export async function updateChannelEndpoint(ctx: UpdateChannelEndpointDeps, call: CallOf<'stream-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const settings: UpdateChannelInput['settings'] = {};
  for (const name of CHANNEL_GROUP_SETTING_NAMES) {
    const value = p[name];
    if (value !== undefined) settings[name] = value;
  }
  await updateChannel(ctx, originOf(call), actor.user_id, call.path.stream_id, {
    new_name: p.new_name,
    description: p.description,
    is_private: p.is_private,
    is_web_public: p.is_web_public,
    history_public_to_subscribers: p.history_public_to_subscribers,
    message_retention_days: p.message_retention_days,
    topics_policy: p.topics_policy,
    folder_id: p.folder_id,
    is_archived: p.is_archived,
    is_default_stream: p.is_default_stream,
    settings,
  });
  return {};
}

/** DELETE /streams/{stream_id} */
export async function archiveChannelEndpoint(ctx: ArchiveChannelEndpointDeps, call: CallOf<'stream-archive'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await archiveChannel(ctx, originOf(call), actor.user_id, call.path.stream_id);
  return {};
}

/** POST /default_streams */
export async function addDefaultChannelEndpoint(ctx: ArchiveChannelEndpointDeps, call: CallOf<'default-stream'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await setDefaultChannel(ctx, originOf(call), actor.user_id, call.params.stream_id, true);
  return {};
}

/** DELETE /default_streams */
export async function removeDefaultChannelEndpoint(ctx: ArchiveChannelEndpointDeps, call: CallOf<'default-stream'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await setDefaultChannel(ctx, originOf(call), actor.user_id, call.params.stream_id, false);
  return {};
}
