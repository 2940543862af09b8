import type { Fanout } from './fanout.js';
import { alertWordsFanout } from './alert-words-fanout.js';
import { attachmentsFanout } from './attachments-fanout.js';
import { channelAccessFanout } from './channel-access-fanout.js';
import { channelFoldersFanout } from './channel-folders-fanout.js';
import { channelUpdateFanout } from './channel-update-fanout.js';
import { channelsFanout } from './channels-fanout.js';
import { firstMessageFanout } from './first-message-fanout.js';
import { flagsFanout } from './flags-fanout.js';
import { groupsFanout, roleGroupsFanout } from './groups-fanout.js';
import { invitesFanout } from './invites-fanout.js';
import { messageDeletionFanout } from './message-deletion-fanout.js';
import { messageEditsFanout } from './message-edits-fanout.js';
import { messagesFanout } from './messages-fanout.js';
import { mutedTopicsFanout } from './muted-topics-fanout.js';
import { personalItemsFanout } from './personal-items-fanout.js';
import { profileFieldsFanout, userDefaultsFanout } from './profile-fields-fanout.js';
import { allPublicStreamsFanout } from './public-streams-fanout.js';
import { pushDevicesFanout } from './push-devices-fanout.js';
import { reactionsFanout } from './reactions-fanout.js';
import { realmConfigFanout } from './realm-config-fanout.js';
import { realmExportsFanout } from './realm-exports-fanout.js';
import { realmFanout } from './realm-fanout.js';
import { remindersFanout } from './reminders-fanout.js';
import { scheduledMessagesFanout } from './scheduled-messages-fanout.js';
import { userFanout } from './user-fanout.js';
import { userLifecycleFanout } from './user-lifecycle-fanout.js';
import { userStatusFanout } from './user-status-fanout.js';
import { userTopicsFanout } from './user-topics-fanout.js';

/**
 * Every fan-out, in the order their client events reach a user when one domain event concerns
 * several (stream create before subscription add, peer_remove before realm_user update).
 */
export const allFanouts: readonly Fanout[] = [
  userFanout,
  userLifecycleFanout,
  realmFanout,
  profileFieldsFanout,
  userDefaultsFanout,
  groupsFanout,
  roleGroupsFanout,
  channelFoldersFanout,
  channelsFanout,
  channelUpdateFanout,
  invitesFanout,
  realmExportsFanout,
  channelAccessFanout,
  messagesFanout,
  allPublicStreamsFanout,
  userTopicsFanout,
  mutedTopicsFanout,
  userStatusFanout,
  alertWordsFanout,
  remindersFanout,
  scheduledMessagesFanout,
  personalItemsFanout,
  pushDevicesFanout,
  flagsFanout,
  reactionsFanout,
  messageDeletionFanout,
  messageEditsFanout,
  firstMessageFanout,
  attachmentsFanout,
  realmConfigFanout,
];
