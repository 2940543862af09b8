import { externalWebhookEndpoint } from '../endpoints/external-webhook.js';
import { type Feature, route } from './feature.js';

/** Incoming webhooks: services post to /external/<integration> as an incoming-webhook bot (webhooks/). */
export const integrationsFeature: Feature = {
  name: 'integrations',
  routes: [route('POST', '/external/:integration', 'optional', 'external-webhook', externalWebhookEndpoint, { allowIncomingWebhooks: true, rawBody: true })],
};
