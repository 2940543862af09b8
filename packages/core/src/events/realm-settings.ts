/** Organization-wide settings that commands consult; clients read them from the register response. */
export interface RealmSettings {
  name_changes_disabled: boolean;
  email_changes_disabled: boolean;
  allow_message_editing: boolean;
  message_content_edit_limit_seconds: number | null;
  move_messages_within_stream_limit_seconds: number | null;
  move_messages_between_streams_limit_seconds: number | null;
  /** Seconds after sending within which senders may delete their messages; null: no limit. */
  message_content_delete_limit_seconds: number | null;
  topics_policy: 'allow_empty_topic' | 'disable_empty_topic';
  default_language: string;
  waiting_period_threshold: number;
  invite_required: boolean;
  message_retention_days: number;
  /** Who may see messages' edit history: all of it, only moves, or none. */
  message_edit_history_visibility_policy: EditHistoryVisibility;
  /** Whether users may see who read a message (each user may still withhold their own receipts). */
  enable_read_receipts: boolean;
  /** Where the notification bot announces new channels; -1: nowhere. */
  new_stream_announcements_stream_id: number;
  /** The private channel that receives reports of messages; -1: none (administrators are told directly). */
  moderation_request_channel_id: number;
}

export const EDIT_HISTORY_VISIBILITY = ['all', 'moves', 'none'] as const;
export type EditHistoryVisibility = (typeof EDIT_HISTORY_VISIBILITY)[number];
