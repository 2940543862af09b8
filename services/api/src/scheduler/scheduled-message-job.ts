import { SCHEDULED_MESSAGE_JOB } from '@chat/projections';
import { deliverScheduledMessage } from '../actions/deliver-scheduled-message.js';
import type { JobHandler } from './job-handler.js';

/** A scheduled message is due at its delivery time (the job's `from`). */
export const scheduledMessageJob: JobHandler<Parameters<typeof deliverScheduledMessage>[0]> = {
  kind: SCHEDULED_MESSAGE_JOB,
  delayMs: () => 0,
  run: (ctx, job) => deliverScheduledMessage(ctx, Number(job.subject.scheduled_message_id)),
};
