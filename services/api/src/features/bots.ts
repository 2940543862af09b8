import { botsFanout } from '@chat/projections/client-events/bots-fanout';
import { createBotEndpoint, deactivateBotEndpoint, listBotsEndpoint, regenerateBotApiKeyEndpoint, updateBotEndpoint } from '../endpoints/bots.js';
import { realmBotsSection } from '../register/sections/realm-bots-section.js';
import { type Feature, route } from './feature.js';

const USER_STREAM = { stream: 'user-<user_id>' };

/**
 * Bot accounts: creation, settings, owners and keys. A bot is a user (the users feature keeps its
 * account and lifecycle, and its projection applies the bot events); this feature adds the bots' own
 * events, the `realm_bot` client events their administrators get, and the /bots endpoints.
 */
export const botsFeature: Feature = {
  name: 'bots',
  events: {
    BotOwnerChanged: USER_STREAM,
    BotSettingsChanged: USER_STREAM,
  },
  fanouts: [botsFanout],
  routes: [
    route('GET', '/bots', 'required', 'empty', listBotsEndpoint),
    route('POST', '/bots', 'required', 'bot-create', createBotEndpoint),
    route('PATCH', '/bots/:bot_id', 'required', 'bot-update', updateBotEndpoint),
    route('DELETE', '/bots/:bot_id', 'required', 'bot-id', deactivateBotEndpoint),
    route('POST', '/bots/:bot_id/api_key/regenerate', 'required', 'bot-id', regenerateBotApiKeyEndpoint),
  ],
  sections: {
    realm_bot: realmBotsSection,
  },
};
