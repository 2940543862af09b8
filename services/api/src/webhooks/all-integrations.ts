import type { WebhookIntegration } from './integration.js';
import { githubIntegration } from './integrations/github.js';
import { jsonIntegration } from './integrations/json.js';

/** Every incoming-webhook integration, by its path segment. */
export const INTEGRATIONS: ReadonlyMap<string, WebhookIntegration> = new Map([jsonIntegration, githubIntegration].map((integration) => [integration.name, integration]));
