import { botStorageProjection } from '@chat/projections/bots/bot-storage-projection';
import { getBotStorageEndpoint, putBotStorageEndpoint, removeBotStorageEndpoint } from '../endpoints/bot-storage.js';
import { type Feature, route } from './feature.js';

/** Each user's storage, where bots (zulip_bots' StateHandler) keep their state. No client events, as on the public server. */
export const botStorageFeature: Feature = {
  name: 'bot-storage',
  events: { BotStorageChanged: { stream: 'user-<user_id>', leavesOrganizationAlone: true } },
  projections: [botStorageProjection],
  routes: [
    route('GET', '/bot_storage', 'required', 'bot-storage-get', getBotStorageEndpoint),
    route('PUT', '/bot_storage', 'required', 'bot-storage-put', putBotStorageEndpoint),
    route('DELETE', '/bot_storage', 'required', 'bot-storage-remove', removeBotStorageEndpoint),
  ],
};
