import { CHANNEL_GROUP_SETTING_NAMES, type GroupSettingUpdate } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { archiveChannel, setDefaultChannel, updateChannel, type UpdateChannelInput } from '../actions/channel-updates.js';
import { callerUser, originOf } from './call-context.js';
import type { Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What updateChannelEndpoint uses. */
type UpdateChannelEndpointDeps = Commands & Configured & LogReads & Reads<'subscriptions' | 'users'> & Uses<'organization'>;
/** What archiveChannelEndpoint uses. */
type ArchiveChannelEndpointDeps = Commands & Configured & Reads<'subscriptions' | 'users'> & Uses<'organization'>;

const optional = <T>(value: unknown, is: (v: unknown) => v is T): T | undefined => (is(value) ? value : undefined);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** PATCH /streams/{stream_id} */
export async function updateChannelEndpoint(ctx: UpdateChannelEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const settings: UpdateChannelInput['settings'] = {};
  for (const name of CHANNEL_GROUP_SETTING_NAMES) if (p[name] !== undefined) settings[name] = p[name] as GroupSettingUpdate;
  const retention = p.message_retention_days;
  await updateChannel(ctx, originOf(call), actor.user_id, Number(call.path.stream_id), {
    new_name: optional(p.new_name, isString),
    description: optional(p.description, isString),
    is_private: optional(p.is_private, isBoolean),
    is_web_public: optional(p.is_web_public, isBoolean),
    history_public_to_subscribers: optional(p.history_public_to_subscribers, isBoolean),
    message_retention_days: typeof retention === 'string' || typeof retention === 'number' ? retention : undefined,
    topics_policy: optional(p.topics_policy, isString),
    folder_id: p.folder_id === null || typeof p.folder_id === 'number' ? p.folder_id : undefined,
    is_archived: optional(p.is_archived, isBoolean),
    is_default_stream: optional(p.is_default_stream, isBoolean),
    settings,
  });
  return {};
}

/** DELETE /streams/{stream_id} */
export async function archiveChannelEndpoint(ctx: ArchiveChannelEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await archiveChannel(ctx, originOf(call), actor.user_id, Number(call.path.stream_id));
  return {};
}

/** POST /default_streams */
export async function addDefaultChannelEndpoint(ctx: ArchiveChannelEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await setDefaultChannel(ctx, originOf(call), actor.user_id, Number(call.params.stream_id), true);
  return {};
}

/** DELETE /default_streams */
export async function removeDefaultChannelEndpoint(ctx: ArchiveChannelEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  await setDefaultChannel(ctx, originOf(call), actor.user_id, Number(call.params.stream_id), false);
  return {};
}
