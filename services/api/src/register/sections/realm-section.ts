import {
  EMPTY_TOPIC_DISPLAY_NAME,
  MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
  MAX_CHANNEL_FOLDER_NAME_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_REMINDER_NOTE_LENGTH,
  MAX_TOPIC_LENGTH,
  MIN_PASSWORD_LENGTH,
  REALM_GROUP_SETTING_NAMES,
  TYPING_STARTED_EXPIRY_MS,
  TYPING_STARTED_WAIT_MS,
  TYPING_STOPPED_WAIT_MS,
} from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { realmDescriptionHtml } from '@chat/wire';
import { EMOJI_DATA_PATH } from '../../endpoints/emoji-data.js';
import type { SectionBuilder } from '../register-context.js';
import { realmServerFields } from './realm-server-fields.js';

/** The `realm` section: organization settings and the limits and periods clients must respect. */
export const realmSection: SectionBuilder = async ({ ctx }) => {
  const realm = await ctx.models.realm.get(REALM_KEY);
  if (!realm) return {};
  const s = realm.settings;
  const groupSettings = await ctx.models.realmGroupSettings.get(REALM_KEY);
  const url = ctx.config.externalUrl;
  return {
    realm_name: realm.name,
    realm_description: realmDescriptionHtml(realm.description),
    realm_date_created: Math.floor(realm.date_created / 1000),
    realm_url: url,
    realm_uri: url,
    realm_allow_message_editing: s.allow_message_editing,
    realm_message_content_edit_limit_seconds: s.message_content_edit_limit_seconds,
    realm_move_messages_within_stream_limit_seconds: s.move_messages_within_stream_limit_seconds,
    realm_move_messages_between_streams_limit_seconds: s.move_messages_between_streams_limit_seconds,
    realm_message_content_delete_limit_seconds: s.message_content_delete_limit_seconds,
    realm_topics_policy: s.topics_policy,
    realm_mandatory_topics: s.topics_policy === 'disable_empty_topic',
    realm_name_changes_disabled: s.name_changes_disabled,
    realm_email_changes_disabled: s.email_changes_disabled,
    realm_default_language: s.default_language,
    realm_waiting_period_threshold: s.waiting_period_threshold,
    realm_invite_required: s.invite_required,
    realm_message_retention_days: s.message_retention_days,
    realm_allow_edit_history: s.message_edit_history_visibility_policy !== 'none',
    realm_message_edit_history_visibility_policy: s.message_edit_history_visibility_policy,
    realm_email_auth_enabled: true,
    realm_password_auth_enabled: true,
    realm_push_notifications_enabled: ctx.config.pushBouncerUrl !== null,
    realm_presence_disabled: false,
    realm_is_zephyr_mirror_realm: false,
    realm_enable_read_receipts: s.enable_read_receipts,
    // Organizations recorded before these settings existed hold none.
    realm_new_stream_announcements_stream_id: s.new_stream_announcements_stream_id ?? -1,
    realm_moderation_request_channel_id: s.moderation_request_channel_id ?? -1,
    realm_authentication_methods: {},
    realm_empty_topic_display_name: EMPTY_TOPIC_DISPLAY_NAME,
    max_message_length: MAX_MESSAGE_LENGTH,
    max_topic_length: MAX_TOPIC_LENGTH,
    max_reminder_note_length: MAX_REMINDER_NOTE_LENGTH,
    max_stream_name_length: 60,
    max_stream_description_length: 1024,
    max_channel_folder_name_length: MAX_CHANNEL_FOLDER_NAME_LENGTH,
    max_channel_folder_description_length: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
    max_file_upload_size_mib: ctx.config.maxUploadMib,
    server_emoji_data_url: `${ctx.config.externalUrl.replace(/\/$/, '')}${EMOJI_DATA_PATH}`,
    realm_upload_quota_mib: null,
    server_typing_started_wait_period_milliseconds: TYPING_STARTED_WAIT_MS,
    server_typing_stopped_wait_period_milliseconds: TYPING_STOPPED_WAIT_MS,
    server_typing_started_expiry_period_milliseconds: TYPING_STARTED_EXPIRY_MS,
    event_queue_longpoll_timeout_seconds: Math.ceil(ctx.config.heartbeatMs / 1000),
    server_presence_ping_interval_seconds: 60,
    server_presence_offline_threshold_seconds: 140,
    server_name_changes_disabled: false,
    server_avatar_changes_disabled: false,
    password_min_length: MIN_PASSWORD_LENGTH,
    password_max_length: 100,
    development_environment: false,
    ...(await realmServerFields(ctx, groupSettings)),
    ...(groupSettings ? Object.fromEntries(REALM_GROUP_SETTING_NAMES.map((name) => [`realm_${name}`, groupSettings[name]])) : {}),
  };
};
