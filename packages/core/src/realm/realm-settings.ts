import type { RealmSettings } from '../events/realm-settings.js';

export { EDIT_HISTORY_VISIBILITY, type EditHistoryVisibility, type RealmSettings } from '../events/realm-settings.js';

export const DEFAULT_REALM_SETTINGS: Readonly<RealmSettings> = Object.freeze({
  name_changes_disabled: false,
  email_changes_disabled: false,
  allow_message_editing: true,
  message_content_edit_limit_seconds: 600,
  move_messages_within_stream_limit_seconds: 604800,
  move_messages_between_streams_limit_seconds: 604800,
  message_content_delete_limit_seconds: 600,
  topics_policy: 'allow_empty_topic',
  default_language: 'en',
  waiting_period_threshold: 0,
  invite_required: true,
  message_retention_days: -1,
  message_edit_history_visibility_policy: 'all',
  enable_read_receipts: true,
  new_stream_announcements_stream_id: -1,
  moderation_request_channel_id: -1,
});
