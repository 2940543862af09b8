import type { WebhookIntegration } from './integration.js';
import { alertmanagerIntegration } from './integrations/alertmanager.js';
import { circleciIntegration } from './integrations/circleci.js';
import { giteaIntegration } from './integrations/gitea.js';
import { githubIntegration } from './integrations/github.js';
import { gitlabIntegration } from './integrations/gitlab.js';
import { grafanaIntegration } from './integrations/grafana.js';
import { jiraIntegration } from './integrations/jira.js';
import { jsonIntegration } from './integrations/json.js';
import { sentryIntegration } from './integrations/sentry.js';
import { slackIncomingIntegration } from './integrations/slack-incoming.js';

const ALL = [jsonIntegration, githubIntegration, gitlabIntegration, slackIncomingIntegration, giteaIntegration, sentryIntegration, grafanaIntegration, alertmanagerIntegration, circleciIntegration, jiraIntegration];

/** Every incoming-webhook integration, by its path segment. */
export const INTEGRATIONS: ReadonlyMap<string, WebhookIntegration> = new Map(ALL.map((integration) => [integration.name, integration]));
