import type { Fanout, Projection, ReadModels } from '@chat/projections';
import { alertWordsFeature } from './alert-words.js';
import { botStorageFeature } from './bot-storage.js';
import { botsFeature } from './bots.js';
import { channelsFeature } from './channels.js';
import { commandsFeature } from './commands.js';
import { exportsFeature } from './exports.js';
import { forgettingFeature } from './forgetting.js';
import type { Feature } from './feature.js';
import { fanoutsOf, projectionsOf } from './feature-lists.js';
import { groupsFeature } from './groups.js';
import { historyFeature } from './history.js';
import { integrationsFeature } from './integrations.js';
import { invitationsFeature } from './invitations.js';
import { messagesFeature } from './messages.js';
import { opsFeature } from './ops.js';
import { organizationFeature } from './organization.js';
import { personalItemsFeature } from './personal-items.js';
import { pushFeature } from './push.js';
import { realmConfigFeature } from './realm-config.js';
import { realtimeFeature } from './realtime.js';
import { remindersFeature } from './reminders.js';
import { scheduledMessagesFeature } from './scheduled-messages.js';
import { serverFeature } from './server.js';
import { uploadsFeature } from './uploads.js';
import { userStatusFeature } from './user-status.js';
import { usersFeature } from './users.js';

/**
 * Every feature of the server. The order is the order their projections apply an event and their
 * fan-outs' client events reach a user: a feature whose projections read what another's write comes
 * after it (messages before uploads, which look for the files a message links, before push).
 */
export const FEATURES: readonly Feature[] = [
  commandsFeature,
  organizationFeature,
  usersFeature,
  botsFeature,
  botStorageFeature,
  groupsFeature,
  channelsFeature,
  invitationsFeature,
  exportsFeature,
  messagesFeature,
  integrationsFeature,
  userStatusFeature,
  alertWordsFeature,
  uploadsFeature,
  pushFeature,
  remindersFeature,
  scheduledMessagesFeature,
  personalItemsFeature,
  realmConfigFeature,
  realtimeFeature,
  serverFeature,
  // After every model it reads (whether a user is a bot): the index of the organization's events.
  historyFeature,
  opsFeature,
  // Last: an erasure's placeholders are written after every other model has applied its facts.
  forgettingFeature,
];

/** The server's read-model projections over these models, in order (replays and tests run them without a server). */
export const allProjections = (models: ReadModels, organizationChanged: () => void = () => {}): Projection[] =>
  projectionsOf(FEATURES, models, { organizationChanged });

/** The server's fan-outs, in order. */
export const allFanouts: readonly Fanout[] = fanoutsOf(FEATURES);
