import { REMINDER_JOB } from '@chat/projections';
import { deliverReminder } from '../actions/deliver-reminder.js';
import type { JobHandler } from './job-handler.js';

/** A reminder is due at its delivery time (the job's `from`). */
export const reminderJob: JobHandler<Parameters<typeof deliverReminder>[0]> = {
  kind: REMINDER_JOB,
  delayMs: () => 0,
  run: (ctx, job) => deliverReminder(ctx, Number(job.subject.reminder_id)),
};
