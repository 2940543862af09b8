export * from './projection.js';
export * from './projection-dispatch.js';
export * from './projection-runner.js';
export * from './read-models.js';
export type { ScheduledJob } from './scheduled-jobs/scheduled-job.js';
export { realmProjection } from './realm/realm-projection.js';
export { usersProjection } from './users/users-projection.js';
export { profileFieldsProjection } from './realm/profile-fields-projection.js';
export { userDefaultsProjection } from './realm/user-defaults-projection.js';
export { groupsProjection } from './groups/groups-projection.js';
export { channelFoldersProjection } from './channel-folders/channel-folders-projection.js';
export { channelsProjection } from './channels/channels-projection.js';
export { invitesProjection } from './invites/invites-projection.js';
export { messagesProjection, userTopicKey } from './messages/messages-projection.js';
export { unreadEntries } from './messages/unread-entries.js';
export { bodyCarriedBy, logMessageBodies } from './messages/log-message-bodies.js';
export type { AcceptedRequest } from './requests/accepted-request.js';
export { requestKey } from './requests/requests-projection.js';

import type { ReadModels } from './read-models.js';
import type { Projection } from './projection.js';
import { realmProjection } from './realm/realm-projection.js';
import { usersProjection } from './users/users-projection.js';
import { profileFieldsProjection } from './realm/profile-fields-projection.js';
import { userDefaultsProjection } from './realm/user-defaults-projection.js';
import { groupsProjection } from './groups/groups-projection.js';
import { channelFoldersProjection } from './channel-folders/channel-folders-projection.js';
import { channelsProjection } from './channels/channels-projection.js';
import { invitesProjection } from './invites/invites-projection.js';
import { emailInvitationsProjection } from './invites/email-invitations-projection.js';
import { realmExportsProjection } from './exports/realm-exports-projection.js';
import { messagesProjection } from './messages/messages-projection.js';
import { messageEditsProjection } from './messages/message-edits-projection.js';
import { alertWordsProjection } from './alert-words/alert-words-projection.js';
import { firstMessageProjection } from './channels/first-message-projection.js';
import { mutedUsersProjection, userStatusProjection } from './user-status/user-status-projection.js';
import { pushDevicesProjection } from './push-devices/push-devices-projection.js';
import { reactionsProjection } from './messages/reactions-projection.js';
import { messageDeletionProjection } from './messages/message-deletion-projection.js';
import { attachmentsProjection } from './attachments/attachments-projection.js';
import { attachmentJobsProjection } from './scheduled-jobs/attachment-jobs.js';
import { remindersProjection } from './reminders/reminders-projection.js';
import { reminderJobsProjection } from './scheduled-jobs/reminder-jobs.js';
import { realmExportJobsProjection } from './scheduled-jobs/realm-export-jobs.js';
import { inviteExpiryJobsProjection } from './scheduled-jobs/invite-expiry-jobs.js';
import { pushUsersProjection } from './push-devices/push-users-projection.js';
import { messagePushJobsProjection } from './scheduled-jobs/message-push-jobs.js';
import { requestsProjection } from './requests/requests-projection.js';
import { realmEmojiProjection } from './realm-config/realm-emoji-projection.js';
import { linkifiersProjection } from './realm-config/linkifiers-projection.js';
import { playgroundsProjection } from './realm-config/playgrounds-projection.js';
import { scheduledMessagesProjection } from './scheduled-messages/scheduled-messages-projection.js';
import { scheduledMessageJobsProjection } from './scheduled-jobs/scheduled-message-jobs.js';
import { draftsProjection, navigationViewsProjection, savedSnippetsProjection } from './personal/personal-items-projections.js';

/** Every read-model projection, in the order they are applied to each event. */
/** `organizationChanged` hears of changes to the organization made on message events (see OrganizationVersion). */
export const allProjections = (models: ReadModels, organizationChanged: () => void = () => {}): Projection[] => [
  realmProjection(models),
  usersProjection(models),
  profileFieldsProjection(models),
  userDefaultsProjection(models),
  groupsProjection(models),
  channelFoldersProjection(models),
  channelsProjection(models),
  invitesProjection(models),
  emailInvitationsProjection(models),
  realmExportsProjection(models),
  messagesProjection(models),
  messageEditsProjection(models),
  alertWordsProjection(models),
  userStatusProjection(models),
  mutedUsersProjection(models),
  pushDevicesProjection(models),
  reactionsProjection(models),
  messageDeletionProjection(models),
  firstMessageProjection(models, organizationChanged),
  attachmentsProjection(models),
  attachmentJobsProjection(models),
  remindersProjection(models),
  reminderJobsProjection(models),
  realmExportJobsProjection(models),
  inviteExpiryJobsProjection(models),
  pushUsersProjection(models),
  messagePushJobsProjection(models),
  requestsProjection(models),
  realmEmojiProjection(models),
  linkifiersProjection(models),
  playgroundsProjection(models),
  scheduledMessagesProjection(models),
  scheduledMessageJobsProjection(models),
  draftsProjection(models),
  savedSnippetsProjection(models),
  navigationViewsProjection(models),
];
export * from './client-events/feed-sink.js';
export { clientEventsProjection } from './client-events/client-events-projection.js';
export { profileFieldsInOrder, profileFieldView } from './client-events/profile-field-view.js';
export { mutedTopicsOf, type MutedTopicTuple } from './client-events/muted-topics.js';
export { mutedUserKey } from './user-status/user-status-projection.js';
export { mutedUsersOf } from './user-status/muted-users-list.js';
export { realmExportView, realmExportViews } from './client-events/realm-exports-fanout.js';
export { messageLookups } from './client-events/message-lookups.js';
export { reminderView } from './client-events/reminders-fanout.js';
export { scheduledMessageView } from './client-events/scheduled-messages-fanout.js';
export { draftView, navigationViewView, savedSnippetView } from './client-events/personal-items-fanout.js';
export type { SavedSnippetRow } from './personal/saved-snippet-row.js';
export { SCHEDULED_MESSAGE_JOB, scheduledMessageJobKey } from './scheduled-jobs/scheduled-message-jobs.js';
export { REMINDER_JOB, reminderJobKey } from './scheduled-jobs/reminder-jobs.js';
export { REALM_EXPORT_JOB } from './scheduled-jobs/realm-export-jobs.js';
export { INVITE_EXPIRY_JOB, inviteExpiryJobKey } from './scheduled-jobs/invite-expiry-jobs.js';
export { attachmentJobKey, ORPHANED_UPLOAD_JOB, UNCLAIMED_UPLOAD_JOB } from './scheduled-jobs/attachment-jobs.js';
export { MESSAGE_PUSH_JOB, messagePushJobKey } from './scheduled-jobs/message-push-jobs.js';
export type { PushUsers } from './push-devices/push-users.js';
export type { MessageUploadLinks, UploadUsage } from './attachments/upload-documents.js';
export { OrganizationVersion } from './organization-version.js';
export * from './digest/read-model-digest.js';
export * from './digest/canonical-json.js';
export * from './digest/read-model-snapshot.js';
export { ReadModelSnapshots, type IdCounters, type SnapshotLoad } from './snapshots/read-model-snapshots.js';
export { modelsVersion } from './snapshots/models-version.js';
export { searchProjection } from './search/search-projection.js';
export { SEARCH_RETRY_MS, SearchKeeper, type SearchKeeping } from './search/search-keeper.js';
