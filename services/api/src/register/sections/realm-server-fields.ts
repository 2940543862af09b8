import { createHash } from 'node:crypto';
import { type GroupSettingValue, MAX_BULK_NEW_SUBSCRIPTION_MESSAGES, type RealmGroupSettings, type SystemGroupName, type UserGroupState } from '@chat/core';
import { SUPPORTED_PERMISSION_SETTINGS } from './permission-settings.js';
import type { Configured, Uses } from '../../dependencies.js';

/** When this process started (seconds): the public API's `server_generation`. */
const SERVER_GENERATION = Math.floor(Date.now() / 1000);

/** The deprecated channel-creation and wildcard-mention policy codes, by the system group a setting names. */
const POLICY_OF_GROUP: ReadonlyMap<string, number> = new Map([
  ['role:members', 1],
  ['role:administrators', 2],
  ['role:fullmembers', 3],
  ['role:moderators', 4],
  ['role:everyone', 5],
  ['role:nobody', 6],
  ['role:owners', 7],
]);

/** A deprecated policy code for a group setting: a superset of who holds it (members, for a custom group). */
function policyOf(value: GroupSettingValue | undefined, groups: ReadonlyMap<number, UserGroupState>): number {
  if (typeof value !== 'number') return 1;
  return POLICY_OF_GROUP.get(groups.get(value)?.name ?? '') ?? 1;
}

/**
 * The `realm` fields for things this server fixes rather than lets an organization configure: what it
 * offers (no web-public channels, no previews, no thumbnails, Jitsi Meet's public server for calls),
 * the group settings of features it lacks (held by nobody), and the legacy policy codes derived from
 * the group settings that replaced them.
 */
export async function realmServerFields(ctx: Configured & Uses<'organization'>, settings: RealmGroupSettings | undefined): Promise<Record<string, unknown>> {
  const groups = (await ctx.organization.current()).groups;
  const systemGroup = (name: SystemGroupName): number | null => [...groups.values()].find((group) => group.is_system_group && group.name === name)?.id ?? null;
  const url = ctx.config.externalUrl;
  const host = new URL(url).host;
  const icon = `https://secure.gravatar.com/avatar/${createHash('md5').update(host).digest('hex')}?d=identicon`;
  return {
    server_min_deactivated_realm_deletion_days: null,
    server_max_deactivated_realm_deletion_days: null,
    realm_create_public_stream_policy: policyOf(settings?.can_create_public_channel_group, groups),
    realm_create_private_stream_policy: policyOf(settings?.can_create_private_channel_group, groups),
    realm_create_web_public_stream_policy: 6,
    realm_wildcard_mention_policy: policyOf(settings?.can_mention_many_users_group, groups),
    realm_create_multiuse_invite_group: settings?.can_invite_users_group ?? systemGroup('role:administrators'),
    realm_can_create_web_public_channel_group: systemGroup('role:nobody'),
    realm_can_manage_billing_group: systemGroup('role:nobody'),
    realm_can_summarize_topics_group: systemGroup('role:nobody'),
    realm_can_set_delete_message_policy_group: systemGroup('role:administrators'),
    realm_can_set_topics_policy_group: systemGroup('role:administrators'),
    realm_can_access_all_users_group: systemGroup('role:everyone'),
    realm_welcome_message_custom_text: '',
    realm_digest_emails_enabled: false,
    realm_digest_weekday: 1,
    settings_send_digest_emails: false,
    realm_disallow_disposable_email_addresses: false,
    realm_inline_image_preview: false,
    realm_inline_url_embed_preview: false,
    server_inline_image_preview: false,
    server_inline_url_embed_preview: false,
    server_thumbnail_formats: [],
    realm_require_e2ee_push_notifications: false,
    realm_require_unique_names: false,
    realm_avatar_changes_disabled: false,
    realm_emails_restricted_to_domains: false,
    realm_send_welcome_emails: false,
    realm_message_content_allowed_in_email_notifications: true,
    realm_enable_spectator_access: false,
    server_web_public_streams_enabled: false,
    realm_want_advertise_in_communities_directory: false,
    realm_video_chat_provider: 1,
    realm_available_video_chat_providers: { disabled: { name: 'None', id: 0 }, jitsi_meet: { name: 'Jitsi Meet', id: 1 } },
    realm_jitsi_server_url: null,
    server_jitsi_server_url: 'https://meet.jit.si',
    jitsi_server_url: 'https://meet.jit.si',
    realm_giphy_rating: 2,
    giphy_rating_options: { disabled: { name: 'GIPHY integration disabled', id: 0 }, y: { name: 'Allow GIFs rated Y (Very young audience)', id: 1 }, g: { name: 'Allow GIFs rated G (General audience)', id: 2 }, pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 3 }, 'pg-13': { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 4 }, r: { name: 'Allow GIFs rated R (Restricted)', id: 5 } },
    realm_default_code_block_language: '',
    realm_icon_url: icon,
    realm_icon_source: 'G',
    realm_logo_url: icon,
    realm_logo_source: 'D',
    realm_night_logo_url: icon,
    realm_night_logo_source: 'D',
    max_icon_file_size_mib: 5,
    max_logo_file_size_mib: 5,
    max_avatar_file_size_mib: 5,
    realm_bot_domain: host.replace(/:\d+$/, ''),
    realm_push_notifications_enabled_end_timestamp: null,
    realm_org_type: 0,
    realm_plan_type: 1,
    zulip_plan_is_not_limited: true,
    upgrade_text_for_wide_organization_logo: '',
    realm_enable_guest_user_dm_warning: true,
    realm_enable_guest_user_indicator: true,
    realm_default_external_accounts: {},
    server_generation: SERVER_GENERATION,
    password_min_guesses: 0,
    server_needs_upgrade: false,
    server_can_summarize_topics: false,
    realm_signup_announcements_stream_id: -1,
    realm_zulip_update_announcements_stream_id: -1,
    max_bulk_new_subscription_messages: MAX_BULK_NEW_SUBSCRIPTION_MESSAGES,
    server_supported_permission_settings: SUPPORTED_PERMISSION_SETTINGS,
  };
}
