import { outgoingWebhookJobsProjection } from '@chat/projections/scheduled-jobs/outgoing-webhook-jobs';
import { outgoingWebhookJob } from '../scheduler/outgoing-webhook-job.js';
import type { Feature } from './feature.js';

const STREAM = { stream: 'outgoingwebhook-<message_id>.<bot_id>', leavesOrganizationAlone: true } as const;

/** Outgoing webhooks: a mention of (or a direct message to) an outgoing-webhook bot calls its service in the background, and the answer is posted as the bot. */
export const outgoingWebhooksFeature: Feature = {
  name: 'outgoing-webhooks',
  events: {
    OutgoingWebhookAttemptFailed: STREAM,
    OutgoingWebhookSettled: STREAM,
  },
  projections: [outgoingWebhookJobsProjection],
  jobs: [outgoingWebhookJob],
};
