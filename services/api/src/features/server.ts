import { EMOJI_DATA_PATH, emojiDataPage } from '../endpoints/emoji-data.js';
import { fetchApiKey } from '../endpoints/fetch-api-key.js';
import { serverSettings } from '../endpoints/server-settings.js';
import {
  defaultStreamGroupsSection,
  embeddedBotsSection,
  giphySection,
  incomingWebhookBotsSection,
  onboardingStepsSection,
  realmBillingSection,
  realmDomainsSection,
  stopWordsSection,
  videoCallsSection,
} from '../register/sections/server-feature-sections.js';
import { type Feature, page, route } from './feature.js';

/** The server itself: its settings, logging in for an API key, and the register sections of features it does not offer. */
export const serverFeature: Feature = {
  name: 'server',
  routes: [
    route('GET', '/server_settings', 'none', 'empty', serverSettings),
    route('POST', '/fetch_api_key', 'none', 'fetch-api-key', fetchApiKey, { authAttempt: { accountParam: 'username' } }),
    page(EMOJI_DATA_PATH, 'none', 'empty', emojiDataPage, { unmetered: true }),
  ],
  sections: {
    onboarding_steps: onboardingStepsSection,
    video_calls: videoCallsSection,
    giphy: giphySection,
    stop_words: stopWordsSection,
    realm_domains: realmDomainsSection,
    default_stream_groups: defaultStreamGroupsSection,
    realm_embedded_bots: embeddedBotsSection,
    realm_incoming_webhook_bots: incomingWebhookBotsSection,
    realm_billing: realmBillingSection,
  },
};
