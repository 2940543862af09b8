import type { OutgoingWebhookTrigger } from '@chat/core';
import { OUTGOING_WEBHOOK_JOB } from '@chat/projections/scheduled-jobs/outgoing-webhook-jobs';
import { deliverOutgoingWebhook, type OutgoingWebhookDeps } from '../actions/deliver-outgoing-webhook.js';
import type { JobHandler } from './job-handler.js';

/** A message's call to an outgoing-webhook bot, run as soon as it is added, beside the others; a failed call is tried again at a later tick. */
export const outgoingWebhookJob: JobHandler<OutgoingWebhookDeps> = {
  kind: OUTGOING_WEBHOOK_JOB,
  delayMs: () => 0,
  prompt: true,
  run: (ctx, job) => deliverOutgoingWebhook(ctx, job.key, Number(job.subject.message_id), Number(job.subject.bot_id), job.subject.trigger as OutgoingWebhookTrigger),
};
