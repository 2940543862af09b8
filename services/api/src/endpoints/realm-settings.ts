import { type GroupSettingUpdate, REALM_GROUP_SETTING_NAMES, type RealmGroupSettingName, type RealmUpdateEvent, type UpdateRealm } from '@chat/core';
import type { CallOf } from '@chat/http';
import { updateRealm } from '../actions/update-realm.js';
import { callerUser, originOf } from './call-context.js';
import type { Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What updateRealmEndpoint uses. */
type UpdateRealmEndpointDeps = Commands & Configured & Reads<'realm' | 'realmGroupSettings' | 'subscriptions' | 'userGroups' | 'users'> & Uses<'organization'>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const flag = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const countOrWord = (value: unknown): number | string | undefined => (typeof value === 'number' || typeof value === 'string' ? value : undefined);

/** What changed, as the public API answers: each changed setting with its new value, strings as "updated". */
function changedValues(events: readonly RealmUpdateEvent[]): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const event of events) {
    for (const [name, value] of Object.entries(event.data.changes)) changed[name] = typeof value === 'string' ? 'updated' : value;
  }
  return changed;
}

/** PATCH /realm */
export async function updateRealmEndpoint(ctx: UpdateRealmEndpointDeps, call: CallOf<'realm-update'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const p = call.params;
  const group_settings: Partial<Record<RealmGroupSettingName, GroupSettingUpdate>> = {};
  for (const name of REALM_GROUP_SETTING_NAMES) {
    const value = p[name];
    if (value !== undefined) group_settings[name] = value;
  }
  const cmd: UpdateRealm = {
    name: text(p.name),
    description: text(p.description),
    name_changes_disabled: flag(p.name_changes_disabled),
    email_changes_disabled: flag(p.email_changes_disabled),
    allow_message_editing: flag(p.allow_message_editing),
    invite_required: flag(p.invite_required),
    message_content_edit_limit_seconds: countOrWord(p.message_content_edit_limit_seconds),
    move_messages_within_stream_limit_seconds: countOrWord(p.move_messages_within_stream_limit_seconds),
    move_messages_between_streams_limit_seconds: countOrWord(p.move_messages_between_streams_limit_seconds),
    message_content_delete_limit_seconds: countOrWord(p.message_content_delete_limit_seconds),
    topics_policy: text(p.topics_policy),
    default_language: text(p.default_language),
    waiting_period_threshold: count(p.waiting_period_threshold),
    message_retention_days: countOrWord(p.message_retention_days),
    message_edit_history_visibility_policy: text(p.message_edit_history_visibility_policy),
    enable_read_receipts: flag(p.enable_read_receipts),
    new_stream_announcements_stream_id: count(p.new_stream_announcements_stream_id),
    moderation_request_channel_id: count(p.moderation_request_channel_id),
    group_settings,
  };
  return changedValues(await updateRealm(ctx, originOf(call), actor.user_id, cmd));
}
