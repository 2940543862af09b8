import type { JobHandler, PeriodicTask } from './job-handler.js';
import { incomingSweep } from './incoming-sweep.js';
import { idleQueueSweep } from './queue-sweep.js';
import { inviteExpiryJob } from './invite-expiry-job.js';
import { reminderJob } from './reminder-job.js';
import { realmExportJob } from './realm-export-job.js';
import { scheduledMessageJob } from './scheduled-message-job.js';
import { messagePushJob } from './message-push-job.js';
import { orphanedUploadJob, unclaimedUploadJob } from './upload-cleanup-jobs.js';

/** Every kind of scheduled job the server runs, one line each. */
export const jobHandlers: readonly JobHandler[] = [
  reminderJob,
  scheduledMessageJob,
  inviteExpiryJob,
  unclaimedUploadJob,
  orphanedUploadJob,
  messagePushJob,
  realmExportJob,
];

/** Housekeeping run on a fixed interval in every process. */
export const periodicTasks: readonly PeriodicTask[] = [idleQueueSweep, incomingSweep];
