import { administratorRequired, badRequest, ownerRequired } from '../errors.js';
import type { RealmGroupSettingsChanged } from '../events/group-events.js';
import type { RealmProfileChanged, RealmSettingsChanged } from '../events/realm-events.js';
import type { GroupWorld } from '../groups/group-setting.js';
import { decideGroupSettingChanges } from '../groups/group-setting-changes.js';
import type { GroupSettingUpdate } from '../groups/group-setting-update.js';
import type { RealmGroupSettingName, RealmGroupSettings } from '../groups/user-group-state.js';
import { isAdminRole, Role } from '../roles.js';
import type { UserState } from '../users/user-state.js';
import { FORBIDDEN_REALM_SETTING_GROUPS, OWNER_ONLY_REALM_GROUP_SETTINGS } from './realm-group-settings.js';
import {
  checkRealmDescription,
  checkRealmLanguage,
  checkRealmName,
  checkRealmRetentionDays,
  checkRealmTopicsPolicy,
  checkTimeLimitSeconds,
  checkWaitingPeriod,
  checkEditHistoryVisibility,
} from './realm-setting-rules.js';
import type { RealmSettings } from './realm-settings.js';

/** PATCH /realm: every field is optional; absent ones stay as they are. */
export interface UpdateRealm {
  name?: string;
  description?: string;
  name_changes_disabled?: boolean;
  email_changes_disabled?: boolean;
  allow_message_editing?: boolean;
  invite_required?: boolean;
  message_content_edit_limit_seconds?: number | string;
  move_messages_within_stream_limit_seconds?: number | string;
  move_messages_between_streams_limit_seconds?: number | string;
  message_content_delete_limit_seconds?: number | string;
  topics_policy?: string;
  default_language?: string;
  waiting_period_threshold?: number;
  message_retention_days?: number | string;
  message_edit_history_visibility_policy?: string;
  enable_read_receipts?: boolean;
  new_stream_announcements_stream_id?: number;
  moderation_request_channel_id?: number;
  /** Organization permissions as `{new, old?}`. */
  group_settings?: Partial<Record<RealmGroupSettingName, GroupSettingUpdate>>;
}

/** What a decision about the organization's settings reads. */
export interface RealmUpdateContext extends GroupWorld {
  actor: UserState;
  realm: { name: string; description: string; settings: RealmSettings };
  groupSettings: RealmGroupSettings;
  /** A channel the actor can reach by id (not archived), and whether it is public; null otherwise. */
  channelFor?: (channelId: number) => { is_public: boolean } | null;
}

export type RealmUpdateEvent = RealmProfileChanged | RealmSettingsChanged | RealmGroupSettingsChanged;

/** Settings only owners may change, as in the public API: who may join, and how long messages are kept. */
const OWNER_ONLY_SETTINGS = ['invite_required', 'waiting_period_threshold', 'message_retention_days'] as const;

function requirePermission(actor: UserState, cmd: UpdateRealm): void {
  if (!isAdminRole(actor.role)) throw administratorRequired();
  if (actor.role === Role.Owner) return;
  const ownerOnly = [...OWNER_ONLY_SETTINGS.filter((name) => cmd[name] !== undefined), ...OWNER_ONLY_REALM_GROUP_SETTINGS.filter((name) => cmd.group_settings?.[name] !== undefined)];
  if (ownerOnly.length > 0) throw ownerRequired(`Must be an organization owner to change '${ownerOnly[0]}'`);
}

function profileChanges(ctx: RealmUpdateContext, cmd: UpdateRealm): RealmProfileChanged['data']['changes'] {
  const changes: RealmProfileChanged['data']['changes'] = {};
  if (cmd.name !== undefined) {
    const name = checkRealmName(cmd.name);
    if (name !== ctx.realm.name) changes.name = name;
  }
  if (cmd.description !== undefined) {
    const description = checkRealmDescription(cmd.description);
    if (description !== ctx.realm.description) changes.description = description;
  }
  return changes;
}

/** -1 turns the channel setting off; otherwise the channel must be one the actor reaches. */
function channelSetting(ctx: RealmUpdateContext, value: number | undefined, privateOnly: boolean): number | undefined {
  if (value === undefined || value === -1) return value;
  const channel = ctx.channelFor?.(value) ?? null;
  if (channel === null) throw badRequest('Invalid channel ID');
  if (privateOnly && channel.is_public) throw badRequest('Moderation request channel must be private.');
  return value;
}

function settingChanges(ctx: RealmUpdateContext, cmd: UpdateRealm): Partial<RealmSettings> {
  const current = ctx.realm.settings;
  const changes: Partial<RealmSettings> = {};
  const set = <K extends keyof RealmSettings>(key: K, value: RealmSettings[K] | undefined): void => {
    if (value !== undefined && value !== current[key]) changes[key] = value;
  };
  const parsed = <T, R>(value: T | undefined, check: (value: T) => R): R | undefined => (value === undefined ? undefined : check(value));
  set('name_changes_disabled', cmd.name_changes_disabled);
  set('email_changes_disabled', cmd.email_changes_disabled);
  set('allow_message_editing', cmd.allow_message_editing);
  set('invite_required', cmd.invite_required);
  const limits = [
    'message_content_edit_limit_seconds',
    'move_messages_within_stream_limit_seconds',
    'move_messages_between_streams_limit_seconds',
    'message_content_delete_limit_seconds',
  ] as const;
  for (const limit of limits) {
    set(limit, parsed(cmd[limit], (value) => checkTimeLimitSeconds(limit, value)));
  }
  set('topics_policy', parsed(cmd.topics_policy, checkRealmTopicsPolicy));
  set('default_language', parsed(cmd.default_language, checkRealmLanguage));
  set('waiting_period_threshold', parsed(cmd.waiting_period_threshold, checkWaitingPeriod));
  set('message_retention_days', parsed(cmd.message_retention_days, checkRealmRetentionDays));
  set('message_edit_history_visibility_policy', parsed(cmd.message_edit_history_visibility_policy, checkEditHistoryVisibility));
  set('enable_read_receipts', cmd.enable_read_receipts);
  set('new_stream_announcements_stream_id', channelSetting(ctx, cmd.new_stream_announcements_stream_id, false));
  set('moderation_request_channel_id', channelSetting(ctx, cmd.moderation_request_channel_id, true));
  return changes;
}

/**
 * PATCH /realm: administrators change the organization's profile, settings and group permissions;
 * some only owners. Everything is checked before anything is decided, so a bad value changes nothing;
 * values equal to the current ones change nothing either.
 */
export function decideUpdateRealm(ctx: RealmUpdateContext, cmd: UpdateRealm): RealmUpdateEvent[] {
  requirePermission(ctx.actor, cmd);
  const profile = profileChanges(ctx, cmd);
  const settings = settingChanges(ctx, cmd);
  const groups = decideGroupSettingChanges(ctx, ctx.groupSettings, cmd.group_settings ?? {}, FORBIDDEN_REALM_SETTING_GROUPS);
  const events: RealmUpdateEvent[] = [];
  if (Object.keys(profile).length > 0) events.push({ type: 'RealmProfileChanged', data: { changes: profile } });
  if (Object.keys(settings).length > 0) events.push({ type: 'RealmSettingsChanged', data: { changes: settings } });
  if (Object.keys(groups.changes).length > 0) events.push({ type: 'RealmGroupSettingsChanged', data: { changes: groups.changes } });
  return events;
}
