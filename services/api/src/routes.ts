import type { AuthMode, HttpMethod, Route, RouteCall, RouteResult } from '@chat/http';
import {
  createChannelFolderEndpoint,
  listChannelFolders,
  reorderChannelFoldersEndpoint,
  updateChannelFolderEndpoint,
} from './endpoints/channel-folders.js';
import { deleteQueue, getEvents } from './endpoints/events.js';
import { deleteRealmExportEndpoint, listExportConsentsEndpoint, listRealmExportsEndpoint, requestRealmExportEndpoint } from './endpoints/realm-exports.js';
import { exportEventsEndpoint } from './endpoints/export-events.js';
import { fetchApiKey } from './endpoints/fetch-api-key.js';
import { resendEmailInvitationEndpoint, revokeEmailInvitationEndpoint, sendInvitationsEndpoint } from './endpoints/email-invitations.js';
import { acceptInviteLinkEndpoint } from './endpoints/invite-accept.js';
import { createInviteLinkEndpoint, listInvites, revokeInviteLinkEndpoint } from './endpoints/invites.js';
import {
  createProfileFieldEndpoint,
  deleteProfileFieldEndpoint,
  listProfileFields,
  reorderProfileFieldsEndpoint,
  updateProfileFieldEndpoint,
} from './endpoints/profile-fields.js';
import { updateUserSettingsDefaultsEndpoint } from './endpoints/user-settings-defaults.js';
import { serverSettings } from './endpoints/server-settings.js';
import { updateSettingsEndpoint } from './endpoints/settings.js';
import { getRealmPresence, getUserPresence, updatePresenceEndpoint } from './endpoints/presence.js';
import { setTyping } from './endpoints/typing.js';
import { setEditTypingEndpoint } from './endpoints/edit-typing.js';
import { sendMessageEndpoint } from './endpoints/messages-send.js';
import { editMessageEndpoint } from './endpoints/message-edit.js';
import {
  markAllAsReadEndpoint,
  markStreamAsReadEndpoint,
  markTopicAsReadEndpoint,
  updateMessageFlagsEndpoint,
  updateMessageFlagsForNarrowEndpoint,
} from './endpoints/message-flags.js';
import { addAlertWordsEndpoint, getAlertWords, removeAlertWordsEndpoint } from './endpoints/alert-words.js';
import { createReminderEndpoint, deleteReminderEndpoint, listRemindersEndpoint } from './endpoints/reminders.js';
import {
  createScheduledMessageEndpoint,
  deleteScheduledMessageEndpoint,
  editScheduledMessageEndpoint,
  listScheduledMessagesEndpoint,
} from './endpoints/scheduled-messages.js';
import {
  addNavigationViewEndpoint,
  createDraftsEndpoint,
  createSavedSnippetEndpoint,
  deleteDraftEndpoint,
  deleteSavedSnippetEndpoint,
  editDraftEndpoint,
  editSavedSnippetEndpoint,
  listDraftsEndpoint,
  listNavigationViewsEndpoint,
  listSavedSnippetsEndpoint,
  removeNavigationViewEndpoint,
  updateNavigationViewEndpoint,
} from './endpoints/personal-items.js';
import { legacyMuteTopicEndpoint, updateUserTopicEndpoint } from './endpoints/user-topics.js';
import { getMessage, getMessages, messagesMatchNarrow } from './endpoints/messages-read.js';
import { getChannelTopics } from './endpoints/channel-topics.js';
import { addReactionEndpoint, removeReactionEndpoint } from './endpoints/message-reactions.js';
import { deleteMessageEndpoint } from './endpoints/message-delete.js';
import { addLinkifierEndpoint, listLinkifiers, removeLinkifierEndpoint, reorderLinkifiersEndpoint, updateLinkifierEndpoint } from './endpoints/linkifiers.js';
import { addPlaygroundEndpoint, removePlaygroundEndpoint } from './endpoints/playgrounds.js';
import { deactivateRealmEmojiEndpoint, emojiUploadLimits, listRealmEmoji, uploadRealmEmojiEndpoint } from './endpoints/realm-emoji.js';
import { getOwnUser, getUser, listUsers } from './endpoints/users-read.js';
import { createUserEndpoint, regenerateApiKey, updateUserEndpoint } from './endpoints/users-write.js';
import { deactivateOwnUserEndpoint, deactivateUserEndpoint, reactivateUserEndpoint } from './endpoints/users-lifecycle.js';
import {
  createUserGroupEndpoint,
  deactivateUserGroupEndpoint,
  getUserGroupMembers,
  getUserGroupMembership,
  listUserGroups,
  updateUserGroupEndpoint,
  updateUserGroupMembersEndpoint,
} from './endpoints/user-groups.js';
import { getUserGroupSubgroups, updateUserGroupSubgroupsEndpoint } from './endpoints/user-group-subgroups.js';
import { updateRealmEndpoint } from './endpoints/realm-settings.js';
import { getChannel, getChannelId, getChannelMembers, listChannels } from './endpoints/channels-read.js';
import { addDefaultChannelEndpoint, archiveChannelEndpoint, removeDefaultChannelEndpoint, updateChannelEndpoint } from './endpoints/channels-write.js';
import { createChannelEndpoint, deleteTopicEndpoint, updateSubscriptionsEndpoint } from './endpoints/channels-admin.js';
import { updateSubscriptionPropertiesEndpoint } from './endpoints/subscription-properties.js';
import { listSubscriptions, subscribeEndpoint, subscriptionStatus, unsubscribeEndpoint } from './endpoints/subscriptions.js';
import {
  addApnsTokenEndpoint,
  addFcmTokenEndpoint,
  e2eeTestPushEndpoint,
  registerPushDeviceEndpoint,
  removeApnsTokenEndpoint,
  removeFcmTokenEndpoint,
  testPushEndpoint,
} from './endpoints/push-devices.js';
import { deleteAttachmentEndpoint, getAttachments, temporaryUploadUrlEndpoint, uploadFileEndpoint, uploadLimits } from './endpoints/attachments.js';
import { register } from './register/register-endpoint.js';
import { getMessageHistory, getReadReceipts, renderMessageEndpoint } from './endpoints/message-history.js';
import { channelEmailAddress } from './endpoints/channel-email.js';
import { getUserStatusEndpoint, updateOwnStatusEndpoint, updateUserStatusEndpoint } from './endpoints/user-status.js';
import { muteUserEndpoint, unmuteUserEndpoint } from './endpoints/muted-users.js';
import { readModelDigestEndpoint } from './endpoints/read-model-digest.js';
import type { ServerContext } from './server-context.js';
import { RequestLedger } from './commands/request-ledger.js';

type View = (ctx: ServerContext, call: RouteCall) => Promise<RouteResult>;

/** The one route table: method, path under /api/v1, authentication, request schema, view. */
export function routeTable(ctx: ServerContext): Route[] {
  const ledger = new RequestLedger({ requests: ctx.models.requests, bus: ctx.bus, clock: ctx.clock, readPosition: () => ctx.runner.position });
  const route = (method: HttpMethod, path: string, auth: AuthMode, schema: string, view: View): Route => ({
    method,
    path,
    auth,
    schema,
    // A write that carries a request id goes through the ledger: a retry gets the first answer.
    handle: (call) => (call.retry ? ledger.answer(call, () => view(ctx, call)) : view(ctx, call)),
  });
  return [
    route('GET', '/server_settings', 'none', 'empty', serverSettings),
    route('GET', '/export/read_model_digest', 'required', 'read-model-digest', readModelDigestEndpoint),
    route('POST', '/export/realm', 'required', 'export-realm-create', requestRealmExportEndpoint),
    route('GET', '/export/realm', 'required', 'empty', listRealmExportsEndpoint),
    route('GET', '/export/realm/consents', 'required', 'empty', listExportConsentsEndpoint),
    route('DELETE', '/export/realm/:export_id', 'required', 'export-realm-delete', deleteRealmExportEndpoint),
    route('GET', '/export/events', 'required', 'export-events', exportEventsEndpoint),
    { ...route('POST', '/fetch_api_key', 'none', 'fetch-api-key', fetchApiKey), authAttempt: { accountParam: 'username' } },
    route('GET', '/users', 'required', 'users-list', listUsers),
    route('POST', '/users', 'required', 'users-create', createUserEndpoint),
    route('GET', '/users/me', 'required', 'empty', getOwnUser),
    route('POST', '/users/me/api_key/regenerate', 'required', 'api-key-regenerate', regenerateApiKey),
    route('POST', '/users/me/status', 'required', 'user-status-update', updateOwnStatusEndpoint),
    route('GET', '/users/:user_id/status', 'required', 'user-status-get', getUserStatusEndpoint),
    route('POST', '/users/:user_id/status', 'required', 'user-status-update-for-user', updateUserStatusEndpoint),
    route('POST', '/users/me/muted_users/:muted_user_id', 'required', 'muted-user', muteUserEndpoint),
    route('DELETE', '/users/me/muted_users/:muted_user_id', 'required', 'muted-user', unmuteUserEndpoint),
    route('GET', '/users/:user', 'required', 'user-get', getUser),
    route('PATCH', '/users/:user', 'required', 'user-update', updateUserEndpoint),
    route('DELETE', '/users/me', 'required', 'empty', deactivateOwnUserEndpoint),
    route('DELETE', '/users/:user', 'required', 'user-deactivate', deactivateUserEndpoint),
    route('POST', '/users/:user_id/reactivate', 'required', 'user-reactivate', reactivateUserEndpoint),
    route('PATCH', '/settings', 'required', 'settings-update', updateSettingsEndpoint),
    route('PATCH', '/settings/display', 'required', 'settings-update', updateSettingsEndpoint),
    route('PATCH', '/settings/notifications', 'required', 'settings-update', updateSettingsEndpoint),
    route('PATCH', '/realm', 'required', 'realm-update', updateRealmEndpoint),
    route('GET', '/realm/profile_fields', 'required', 'empty', listProfileFields),
    route('POST', '/realm/profile_fields', 'required', 'profile-field-create', createProfileFieldEndpoint),
    route('PATCH', '/realm/profile_fields', 'required', 'profile-fields-reorder', reorderProfileFieldsEndpoint),
    route('PATCH', '/realm/profile_fields/:field_id', 'required', 'profile-field-update', updateProfileFieldEndpoint),
    route('DELETE', '/realm/profile_fields/:field_id', 'required', 'profile-field-delete', deleteProfileFieldEndpoint),
    route('PATCH', '/realm/user_settings_defaults', 'required', 'user-settings-defaults-update', updateUserSettingsDefaultsEndpoint),
    route('POST', '/register', 'required', 'register', register),
    // Re-armed by every client after each event it receives: served ahead of express (see LeanLane).
    { ...route('GET', '/events', 'required', 'events-get', getEvents), lean: true },
    route('DELETE', '/events', 'required', 'events-delete', deleteQueue),
    route('POST', '/typing', 'required', 'typing', setTyping),
    route('POST', '/messages', 'required', 'messages-send', sendMessageEndpoint),
    route('POST', '/messages/flags', 'required', 'message-flags-update', updateMessageFlagsEndpoint),
    route('POST', '/messages/flags/narrow', 'required', 'message-flags-narrow', updateMessageFlagsForNarrowEndpoint),
    route('POST', '/mark_all_as_read', 'required', 'empty', markAllAsReadEndpoint),
    route('POST', '/mark_stream_as_read', 'required', 'mark-stream-as-read', markStreamAsReadEndpoint),
    route('POST', '/mark_topic_as_read', 'required', 'mark-topic-as-read', markTopicAsReadEndpoint),
    route('GET', '/users/me/alert_words', 'required', 'empty', getAlertWords),
    route('POST', '/users/me/alert_words', 'required', 'alert-words-add', addAlertWordsEndpoint),
    route('DELETE', '/users/me/alert_words', 'required', 'alert-words-remove', removeAlertWordsEndpoint),
    route('GET', '/reminders', 'required', 'empty', listRemindersEndpoint),
    route('POST', '/reminders', 'required', 'reminder-create', createReminderEndpoint),
    route('DELETE', '/reminders/:reminder_id', 'required', 'reminder-delete', deleteReminderEndpoint),
    route('GET', '/scheduled_messages', 'required', 'empty', listScheduledMessagesEndpoint),
    route('POST', '/scheduled_messages', 'required', 'scheduled-message-create', createScheduledMessageEndpoint),
    route('PATCH', '/scheduled_messages/:scheduled_message_id', 'required', 'scheduled-message-update', editScheduledMessageEndpoint),
    route('DELETE', '/scheduled_messages/:scheduled_message_id', 'required', 'scheduled-message-delete', deleteScheduledMessageEndpoint),
    route('GET', '/drafts', 'required', 'empty', listDraftsEndpoint),
    route('POST', '/drafts', 'required', 'drafts-create', createDraftsEndpoint),
    route('PATCH', '/drafts/:draft_id', 'required', 'draft-edit', editDraftEndpoint),
    route('DELETE', '/drafts/:draft_id', 'required', 'draft-delete', deleteDraftEndpoint),
    route('GET', '/saved_snippets', 'required', 'empty', listSavedSnippetsEndpoint),
    route('POST', '/saved_snippets', 'required', 'saved-snippet-create', createSavedSnippetEndpoint),
    route('PATCH', '/saved_snippets/:saved_snippet_id', 'required', 'saved-snippet-edit', editSavedSnippetEndpoint),
    route('DELETE', '/saved_snippets/:saved_snippet_id', 'required', 'saved-snippet-delete', deleteSavedSnippetEndpoint),
    route('GET', '/navigation_views', 'required', 'empty', listNavigationViewsEndpoint),
    route('POST', '/navigation_views', 'required', 'navigation-view-add', addNavigationViewEndpoint),
    route('PATCH', '/navigation_views/*fragment', 'required', 'navigation-view-update', updateNavigationViewEndpoint),
    route('DELETE', '/navigation_views/*fragment', 'required', 'navigation-view-remove', removeNavigationViewEndpoint),
    route('POST', '/mobile_push/register', 'required', 'push-device-register', registerPushDeviceEndpoint),
    route('POST', '/mobile_push/test_notification', 'required', 'push-test-notification', testPushEndpoint),
    route('POST', '/mobile_push/e2ee/test_notification', 'required', 'push-e2ee-test-notification', e2eeTestPushEndpoint),
    route('POST', '/users/me/apns_device_token', 'required', 'push-token-apns-add', addApnsTokenEndpoint),
    route('DELETE', '/users/me/apns_device_token', 'required', 'push-token', removeApnsTokenEndpoint),
    route('POST', '/users/me/android_gcm_reg_id', 'required', 'push-token', addFcmTokenEndpoint),
    route('DELETE', '/users/me/android_gcm_reg_id', 'required', 'push-token', removeFcmTokenEndpoint),
    route('POST', '/user_topics', 'required', 'user-topic-update', updateUserTopicEndpoint),
    route('PATCH', '/users/me/subscriptions/muted_topics', 'required', 'muted-topic-update', legacyMuteTopicEndpoint),
    route('GET', '/messages', 'required', 'messages-get', getMessages),
    route('GET', '/messages/matches_narrow', 'required', 'messages-matches-narrow', messagesMatchNarrow),
    route('POST', '/messages/render', 'required', 'message-render', renderMessageEndpoint),
    route('GET', '/messages/:message_id/history', 'required', 'message-history-get', getMessageHistory),
    route('GET', '/messages/:message_id/read_receipts', 'required', 'read-receipts-get', getReadReceipts),
    route('GET', '/messages/:message_id', 'required', 'message-get', getMessage),
    route('GET', '/users/me/:stream_id/topics', 'required', 'channel-topics-get', getChannelTopics),
    route('POST', '/messages/:message_id/typing', 'required', 'message-edit-typing', setEditTypingEndpoint),
    route('POST', '/messages/:message_id/reactions', 'required', 'reaction-add', addReactionEndpoint),
    route('DELETE', '/messages/:message_id/reactions', 'required', 'reaction-remove', removeReactionEndpoint),
    route('DELETE', '/messages/:message_id', 'required', 'message-delete', deleteMessageEndpoint),
    route('PATCH', '/messages/:message_id', 'required', 'message-update', editMessageEndpoint),
    route('POST', '/users/me/presence', 'required', 'presence-update', updatePresenceEndpoint),
    route('GET', '/users/:user_id_or_email/presence', 'required', 'presence-user-get', getUserPresence),
    route('GET', '/realm/presence', 'required', 'empty', getRealmPresence),
    route('POST', '/user_groups/create', 'required', 'user-group-create', createUserGroupEndpoint),
    route('GET', '/user_groups', 'required', 'user-groups-list', listUserGroups),
    route('GET', '/user_groups/:user_group_id/members', 'required', 'user-group-members-get', getUserGroupMembers),
    route('POST', '/user_groups/:user_group_id/members', 'required', 'user-group-members-update', updateUserGroupMembersEndpoint),
    route('GET', '/user_groups/:user_group_id/members/:user_id', 'required', 'user-group-member-get', getUserGroupMembership),
    route('GET', '/user_groups/:user_group_id/subgroups', 'required', 'user-group-subgroups-get', getUserGroupSubgroups),
    route('POST', '/user_groups/:user_group_id/subgroups', 'required', 'user-group-subgroups-update', updateUserGroupSubgroupsEndpoint),
    route('PATCH', '/user_groups/:user_group_id', 'required', 'user-group-update', updateUserGroupEndpoint),
    route('POST', '/user_groups/:user_group_id/deactivate', 'required', 'user-group-deactivate', deactivateUserGroupEndpoint),
    route('POST', '/channel_folders/create', 'required', 'channel-folder-create', createChannelFolderEndpoint),
    route('GET', '/channel_folders', 'required', 'channel-folders-list', listChannelFolders),
    route('PATCH', '/channel_folders', 'required', 'channel-folders-reorder', reorderChannelFoldersEndpoint),
    route('PATCH', '/channel_folders/:channel_folder_id', 'required', 'channel-folder-update', updateChannelFolderEndpoint),
    route('GET', '/users/me/subscriptions', 'required', 'subscriptions-get', listSubscriptions),
    route('POST', '/users/me/subscriptions', 'required', 'subscribe', subscribeEndpoint),
    route('DELETE', '/users/me/subscriptions', 'required', 'unsubscribe', unsubscribeEndpoint),
    route('PATCH', '/users/me/subscriptions', 'required', 'subscriptions-update', updateSubscriptionsEndpoint),
    route('POST', '/users/me/subscriptions/properties', 'required', 'subscription-properties-update', updateSubscriptionPropertiesEndpoint),
    route('GET', '/users/:user_id/subscriptions/:stream_id', 'required', 'subscription-status-get', subscriptionStatus),
    route('GET', '/streams', 'required', 'streams-get', listChannels),
    route('GET', '/streams/:stream_id', 'required', 'stream-get', getChannel),
    route('PATCH', '/streams/:stream_id', 'required', 'stream-update', updateChannelEndpoint),
    route('DELETE', '/streams/:stream_id', 'required', 'stream-archive', archiveChannelEndpoint),
    route('POST', '/streams/:stream_id/delete_topic', 'required', 'topic-delete', deleteTopicEndpoint),
    route('POST', '/channels/create', 'required', 'channel-create', createChannelEndpoint),
    route('GET', '/streams/:stream_id/members', 'required', 'stream-members-get', getChannelMembers),
    route('GET', '/streams/:stream_id/email_address', 'required', 'stream-email-address-get', channelEmailAddress),
    route('GET', '/get_stream_id', 'required', 'stream-id-get', getChannelId),
    route('POST', '/default_streams', 'required', 'default-stream', addDefaultChannelEndpoint),
    route('DELETE', '/default_streams', 'required', 'default-stream', removeDefaultChannelEndpoint),
    route('GET', '/invites', 'required', 'invites-list', listInvites),
    route('POST', '/invites', 'required', 'invites-send', sendInvitationsEndpoint),
    route('DELETE', '/invites/:invite_id', 'required', 'email-invite-revoke', revokeEmailInvitationEndpoint),
    route('POST', '/invites/:invite_id/resend', 'required', 'email-invite-resend', resendEmailInvitationEndpoint),
    route('POST', '/invites/multiuse', 'required', 'invite-link-create', createInviteLinkEndpoint),
    route('POST', '/invites/multiuse/accept', 'none', 'invite-link-accept', acceptInviteLinkEndpoint),
    route('DELETE', '/invites/multiuse/:invite_id', 'required', 'invite-link-revoke', revokeInviteLinkEndpoint),
    { ...route('POST', '/user_uploads', 'required', 'user-upload', uploadFileEndpoint), upload: uploadLimits(ctx.config) },
    route('GET', '/attachments', 'required', 'empty', getAttachments),
    route('GET', '/user_uploads/:realm_id_str/*filename', 'required', 'upload-temporary-url', temporaryUploadUrlEndpoint),
    route('DELETE', '/attachments/:attachment_id', 'required', 'attachment-delete', deleteAttachmentEndpoint),
    route('GET', '/realm/emoji', 'required', 'empty', listRealmEmoji),
    { ...route('POST', '/realm/emoji/:emoji_name', 'required', 'realm-emoji-upload', uploadRealmEmojiEndpoint), upload: emojiUploadLimits(ctx.config) },
    route('DELETE', '/realm/emoji/:emoji_name', 'required', 'realm-emoji-deactivate', deactivateRealmEmojiEndpoint),
    route('GET', '/realm/linkifiers', 'required', 'empty', listLinkifiers),
    route('PATCH', '/realm/linkifiers', 'required', 'linkifiers-reorder', reorderLinkifiersEndpoint),
    route('POST', '/realm/filters', 'required', 'linkifier-add', addLinkifierEndpoint),
    route('PATCH', '/realm/filters/:filter_id', 'required', 'linkifier-update', updateLinkifierEndpoint),
    route('DELETE', '/realm/filters/:filter_id', 'required', 'linkifier-remove', removeLinkifierEndpoint),
    route('POST', '/realm/playgrounds', 'required', 'playground-add', addPlaygroundEndpoint),
    route('DELETE', '/realm/playgrounds/:playground_id', 'required', 'playground-remove', removePlaygroundEndpoint),
  ];
}
