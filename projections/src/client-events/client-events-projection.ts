import type { StoredEvent } from '@chat/core';
import type { Projection } from '../projection.js';
import type { ReadModels } from '../read-models.js';
import type { FanoutOptions, FeedSink } from './feed-sink.js';
import { channelFoldersFanout } from './channel-folders-fanout.js';
import { channelAccessFanout } from './channel-access-fanout.js';
import { channelsFanout } from './channels-fanout.js';
import { groupsFanout } from './groups-fanout.js';
import { invitesFanout } from './invites-fanout.js';
import { messagesFanout } from './messages-fanout.js';
import { allPublicStreamsFanout } from './public-streams-fanout.js';
import { userTopicsFanout } from './user-topics-fanout.js';
import { mutedTopicsFanout } from './muted-topics-fanout.js';
import { userStatusFanout } from './user-status-fanout.js';
import { firstMessageFanout } from './first-message-fanout.js';
import { alertWordsFanout } from './alert-words-fanout.js';
import { remindersFanout } from './reminders-fanout.js';
import { scheduledMessagesFanout } from './scheduled-messages-fanout.js';
import { personalItemsFanout } from './personal-items-fanout.js';
import { pushDevicesFanout } from './push-devices-fanout.js';
import { flagsFanout } from './flags-fanout.js';
import { reactionsFanout } from './reactions-fanout.js';
import { messageDeletionFanout } from './message-deletion-fanout.js';
import { messageEditsFanout } from './message-edits-fanout.js';
import { attachmentsFanout } from './attachments-fanout.js';
import { realmFanout } from './realm-fanout.js';
import { realmExportsFanout } from './realm-exports-fanout.js';
import { profileFieldsFanout, userDefaultsFanout } from './profile-fields-fanout.js';
import { userFanout } from './user-fanout.js';
import { realmConfigFanout } from './realm-config-fanout.js';
import { userLifecycleFanout } from './user-lifecycle-fanout.js';
import { erasureFanout } from './erasure-fanout.js';

/**
 * Turns each domain event into client events for exactly the users allowed to see it. It runs after
 * the read-model projections, so it sees the state the event produced.
 */
export function clientEventsProjection(models: ReadModels, sink: FeedSink, options: FanoutOptions): Projection {
  return {
    name: 'client-events',
    handles: 'every',
    async apply(event: StoredEvent): Promise<void> {
      if (!(await sink.hasListeners())) return;
      const deliveries = [
        ...(await userFanout(event, models, options)),
        ...(await userLifecycleFanout(event, models)),
        ...(await erasureFanout(event, models, options)),
        ...(await realmFanout(event, models)),
        ...(await profileFieldsFanout(event, models)),
        ...(await userDefaultsFanout(event, models)),
        ...(await groupsFanout(event, models)),
        ...(await channelFoldersFanout(event, models)),
        ...(await channelsFanout(event, models)),
        ...(await invitesFanout(event, models)),
        ...(await realmExportsFanout(event, models, options.externalUrl?.() ?? '')),
        ...(await channelAccessFanout(event, models)),
        ...(await messagesFanout(event, models, options)),
        ...(await allPublicStreamsFanout(event, models, options)),
        ...userTopicsFanout(event),
        ...(await mutedTopicsFanout(event, models)),
        ...(await userStatusFanout(event, models)),
        ...alertWordsFanout(event),
        ...(await remindersFanout(event, models)),
        ...(await scheduledMessagesFanout(event, models)),
        ...(await personalItemsFanout(event, models)),
        ...pushDevicesFanout(event),
        ...(await flagsFanout(event, models)),
        ...(await reactionsFanout(event, models, options)),
        ...(await messageDeletionFanout(event, models)),
        ...(await messageEditsFanout(event, models)),
        ...(await firstMessageFanout(event, models)),
        ...(await attachmentsFanout(event, models)),
        ...(await realmConfigFanout(event, models)),
      ];
      if (deliveries.length > 0) await sink.publish(deliveries, event.position);
    },
  };
}
