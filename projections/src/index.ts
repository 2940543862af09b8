export * from './projection.js';
export * from './projection-runner.js';
export * from './read-models.js';
export { realmProjection } from './realm/realm-projection.js';
export { usersProjection } from './users/users-projection.js';
export { groupsProjection } from './groups/groups-projection.js';
export { channelFoldersProjection } from './channel-folders/channel-folders-projection.js';
export { channelsProjection } from './channels/channels-projection.js';
export { invitesProjection } from './invites/invites-projection.js';
export { messagesProjection, userTopicKey } from './messages/messages-projection.js';
export { unreadEntries } from './messages/unread-entries.js';

import type { ReadModels } from './read-models.js';
import type { Projection } from './projection.js';
import { realmProjection } from './realm/realm-projection.js';
import { usersProjection } from './users/users-projection.js';
import { groupsProjection } from './groups/groups-projection.js';
import { channelFoldersProjection } from './channel-folders/channel-folders-projection.js';
import { channelsProjection } from './channels/channels-projection.js';
import { invitesProjection } from './invites/invites-projection.js';
import { messagesProjection } from './messages/messages-projection.js';
import { messageEditsProjection } from './messages/message-edits-projection.js';
import { alertWordsProjection } from './alert-words/alert-words-projection.js';
import { reactionsProjection } from './messages/reactions-projection.js';
import { messageDeletionProjection } from './messages/message-deletion-projection.js';

/** Every read-model projection, in the order they are applied to each event. */
export const allProjections = (models: ReadModels): Projection[] => [
  realmProjection(models),
  usersProjection(models),
  groupsProjection(models),
  channelFoldersProjection(models),
  channelsProjection(models),
  invitesProjection(models),
  messagesProjection(models),
  messageEditsProjection(models),
  alertWordsProjection(models),
  reactionsProjection(models),
  messageDeletionProjection(models),
];
export * from './client-events/feed-sink.js';
export { clientEventsProjection } from './client-events/client-events-projection.js';
export { profileFieldView } from './client-events/profile-field-view.js';
export { messageLookups } from './client-events/message-lookups.js';
