import type { BotStorageState, LinkifierState, PlaygroundState, RealmEmojiState, PushDeviceState, AlertWordsState, AttachmentState, UserTopicState, ChannelFolderState, ChannelState, InviteLinkState, SubscriptionState, RealmGroupSettings, RealmSettings, UserGroupState, UserSettings, UserState } from '@chat/core';
import type { DocumentCollection, MessageStore, ReadStore } from '@chat/readstore';
import type { ScheduledJob } from './scheduled-jobs/scheduled-job.js';
import type { DraftState, EmailInvitationState, MutedUserState, NavigationViewState, ProfileFieldState, ReminderState, ScheduledMessageState, UserStatusState } from '@chat/core';
import type { SavedSnippetRow } from './personal/saved-snippet-row.js';
import type { RealmExportState } from '@chat/core';
import type { MessageUploadLinks, UploadUsage } from './attachments/upload-documents.js';
import type { PushUsers } from './push-devices/push-users.js';
import type { AcceptedRequest } from './requests/accepted-request.js';
import type { HistoryIndexEntry } from './history/history-index-entry.js';
import { userSnapshotCodec } from './users/user-snapshot-codec.js';

export interface RealmState {
  name: string;
  description: string;
  settings: RealmSettings;
  user_settings_defaults: UserSettings;
  /** Milliseconds since the epoch. */
  date_created: number;
}

export type { ProfileFieldState } from '@chat/core';

/** Every read model the server keeps, by use. */
export interface ReadModels {
  realm: DocumentCollection<RealmState>;
  users: DocumentCollection<UserState>;
  profileFields: DocumentCollection<ProfileFieldState>;
  userGroups: DocumentCollection<UserGroupState>;
  /** The organization's group-valued permissions, under REALM_KEY. */
  realmGroupSettings: DocumentCollection<RealmGroupSettings>;
  channelFolders: DocumentCollection<ChannelFolderState>;
  channels: DocumentCollection<ChannelState>;
  /** Per-user subscriptions, current and past, keyed `<user_id>:<channel_id>`. */
  subscriptions: DocumentCollection<SubscriptionState>;
  /** Reusable invitation links by id, found by the digest of their key when used. */
  invites: DocumentCollection<InviteLinkState>;
  /** Email invitations by id, found by the digest of their current key, their sender and address. */
  emailInvitations: DocumentCollection<EmailInvitationState>;
  /** Exports of the organization by id, found by the path of their file. */
  realmExports: DocumentCollection<RealmExportState>;
  /** Messages and per-user flags, shaped for their queries. */
  messages: MessageStore;
  /** Users' visibility policies for topics, keyed `<user_id>:<channel_id>:<topic, lower case>`. */
  userTopics: DocumentCollection<UserTopicState>;
  /** Users' alert words, keyed by user id; only users who have some. */
  alertWords: DocumentCollection<AlertWordsState>;
  /** Users' storage (bots keep their state there), keyed by user id; only users who have some. */
  botStorage: DocumentCollection<BotStorageState>;
  /** Users' statuses (text and emoji), keyed by user id; only users who have one. */
  userStatuses: DocumentCollection<UserStatusState>;
  /** Muted users, keyed `<user_id>:<muted_user_id>`, found by either. */
  mutedUsers: DocumentCollection<MutedUserState>;
  /** Work due at a time, keyed by job key, found by kind (see services/api/src/scheduler). */
  scheduledJobs: DocumentCollection<ScheduledJob>;
  /** Reminders not sent yet (scheduled or failed), by id, found by their creator. */
  reminders: DocumentCollection<ReminderState>;
  /** Scheduled messages not sent yet: scheduled ones, and failed ones until edited or deleted. */
  scheduledMessages: DocumentCollection<ScheduledMessageState>;
  drafts: DocumentCollection<DraftState>;
  savedSnippets: DocumentCollection<SavedSnippetRow>;
  /** Keyed by user and fragment (`navigationViewKey`). */
  navigationViews: DocumentCollection<NavigationViewState>;
  /** Users' push registrations (legacy tokens and encrypted registrations), keyed per user and device. */
  pushDevices: DocumentCollection<PushDeviceState>;
  /** The users with a push device, ascending, under REALM_KEY (see projections/src/push-devices/push-users.ts). */
  pushUsers: DocumentCollection<PushUsers>;
  /** Uploaded files by attachment id, found by path id, owner, and the log position that last changed them. */
  attachments: DocumentCollection<AttachmentState>;
  /** Per message id, the uploads it links (see projections/src/attachments). */
  attachmentLinks: DocumentCollection<MessageUploadLinks>;
  /** The organization's upload space in use, under REALM_KEY. */
  uploadUsage: DocumentCollection<UploadUsage>;
  /** Requests that changed something, by `<user_id>:<request id>`, for a day or two (see projections/src/requests). */
  requests: DocumentCollection<AcceptedRequest>;
  /** The days that still have requests, by day number. */
  requestDays: DocumentCollection<{ day: number }>;
  /** Custom emoji by id, deactivated ones included. */
  realmEmoji: DocumentCollection<RealmEmojiState>;
  /** Linkifiers by id, each with its processing position. */
  linkifiers: DocumentCollection<LinkifierState>;
  /** Code playgrounds by id. */
  playgrounds: DocumentCollection<PlaygroundState>;
  /** The organization's events and message moves and deletions, by position: the audit trail and replays into the past read it. */
  historyIndex: DocumentCollection<HistoryIndexEntry>;
}

export const REALM_KEY = 'realm';

export function openReadModels(store: ReadStore): ReadModels {
  return {
    realm: store.collection<RealmState>({ name: 'realm' }),
    users: store.collection<UserState>({ name: 'users', uniqueFields: ['email'], fields: ['role', 'bot_type'], snapshot: userSnapshotCodec }),
    profileFields: store.collection<ProfileFieldState>({ name: 'profile_fields' }),
    userGroups: store.collection<UserGroupState>({ name: 'user_groups' }),
    realmGroupSettings: store.collection<RealmGroupSettings>({ name: 'realm_group_settings' }),
    channelFolders: store.collection<ChannelFolderState>({ name: 'channel_folders' }),
    channels: store.collection<ChannelState>({ name: 'channels', uniqueFields: ['name_key'] }),
    subscriptions: store.collection<SubscriptionState>({ name: 'subscriptions', fields: ['user_id', 'channel_id'] }),
    invites: store.collection<InviteLinkState>({ name: 'invites', uniqueFields: ['key_digest'], fields: ['creator_id'] }),
    emailInvitations: store.collection<EmailInvitationState>({ name: 'email_invitations', uniqueFields: ['key_digest'], fields: ['creator_id'] }),
    realmExports: store.collection<RealmExportState>({ name: 'realm_exports', fields: ['path_id'] }),
    messages: store.messages,
    userTopics: store.collection<UserTopicState>({ name: 'user_topics', fields: ['user_id', 'channel_id'] }),
    alertWords: store.collection<AlertWordsState>({ name: 'alert_words' }),
    botStorage: store.collection<BotStorageState>({ name: 'bot_storage' }),
    userStatuses: store.collection<UserStatusState>({ name: 'user_statuses' }),
    mutedUsers: store.collection<MutedUserState>({ name: 'muted_users', fields: ['user_id', 'muted_user_id'] }),
    scheduledJobs: store.collection<ScheduledJob>({ name: 'scheduled_jobs', fields: ['kind'] }),
    reminders: store.collection<ReminderState>({ name: 'reminders', fields: ['creator_id', 'message_id'] }),
    scheduledMessages: store.collection<ScheduledMessageState>({ name: 'scheduledMessages', fields: ['sender_id'] }),
    drafts: store.collection<DraftState>({ name: 'drafts', fields: ['user_id'] }),
    savedSnippets: store.collection<SavedSnippetRow>({ name: 'savedSnippets', fields: ['user_id'] }),
    navigationViews: store.collection<NavigationViewState>({ name: 'navigationViews', fields: ['user_id'] }),
    pushDevices: store.collection<PushDeviceState>({ name: 'push_devices', fields: ['user_id'] }),
    pushUsers: store.collection<PushUsers>({ name: 'push_users' }),
    attachments: store.collection<AttachmentState>({ name: 'attachments', uniqueFields: ['path_id'], fields: ['owner_id', 'changed_at'] }),
    attachmentLinks: store.collection<MessageUploadLinks>({ name: 'attachment_links' }),
    uploadUsage: store.collection<UploadUsage>({ name: 'upload_usage' }),
    requests: store.collection<AcceptedRequest>({ name: 'requests', fields: ['day'] }),
    requestDays: store.collection<{ day: number }>({ name: 'request_days' }),
    realmEmoji: store.collection<RealmEmojiState>({ name: 'realm_emoji' }),
    linkifiers: store.collection<LinkifierState>({ name: 'linkifiers' }),
    playgrounds: store.collection<PlaygroundState>({ name: 'playgrounds' }),
    historyIndex: store.collection<HistoryIndexEntry>({ name: 'history_index' }),
  };
}
