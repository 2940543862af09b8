import type { DomainEvent } from './index.js';

/** The kinds of integer ids the server hands out; each counts up from 1 and is never reused. */
export type IdKind = 'user' | 'profile_field' | 'group' | 'channel' | 'channel_folder' | 'invite' | 'message' | 'attachment' | 'reminder' | 'email_invite' | 'realm_export' | 'realm_emoji' | 'linkifier' | 'playground' | 'scheduled_message' | 'draft' | 'saved_snippet';

/** Which newly allocated ids an event records, so a counter can be recovered from the log. */
export function idsInEvent(event: DomainEvent): [IdKind, number][] {
  switch (event.type) {
    case 'UserCreated':
      return [['user', event.data.user_id]];
    case 'CustomProfileFieldCreated':
      return [['profile_field', event.data.field_id]];
    case 'UserGroupCreated':
      return [['group', event.data.group_id]];
    case 'ChannelFolderCreated':
      return [['channel_folder', event.data.channel_folder_id]];
    case 'ChannelCreated':
      return [['channel', event.data.channel_id]];
    case 'MessageSent':
      return [['message', event.data.message_id]];
    case 'InviteLinkCreated':
      return [['invite', event.data.invite_id]];
    case 'RealmExportRequested':
      return [['realm_export', event.data.export_id]];
    case 'EmailInvitationSent':
      return [['email_invite', event.data.invite_id]];
    case 'ReminderScheduled':
      return [['reminder', event.data.reminder_id]];
    case 'DraftCreated':
      return [['draft', event.data.draft_id]];
    case 'SavedSnippetCreated':
      return [['saved_snippet', event.data.saved_snippet_id]];
    case 'ScheduledMessageCreated':
      return [['scheduled_message', event.data.scheduled_message_id]];
    case 'AttachmentUploaded':
      return [['attachment', event.data.attachment_id]];
    case 'RealmEmojiAdded':
      return [['realm_emoji', event.data.emoji_id]];
    case 'LinkifierAdded':
      return [['linkifier', event.data.linkifier_id]];
    case 'CodePlaygroundAdded':
      return [['playground', event.data.playground_id]];
    default:
      return [];
  }
}
