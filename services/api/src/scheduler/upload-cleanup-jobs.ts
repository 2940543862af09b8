import { ORPHANED_UPLOAD_JOB, UNCLAIMED_UPLOAD_JOB } from '@chat/projections';
import { expireAttachment } from '../actions/attachments.js';
import type { JobHandler } from './job-handler.js';
import { schedulerOrigin } from '../commands/scheduler-origin.js';

const DAY_MS = 86_400_000;

/** A file no message links is deleted CHAT_UNCLAIMED_UPLOAD_DAYS after it was uploaded (or unlinked by an edit). */
export const unclaimedUploadJob: JobHandler<Parameters<typeof expireAttachment>[0]> = {
  kind: UNCLAIMED_UPLOAD_JOB,
  delayMs: (config) => config.unclaimedUploadDays * DAY_MS,
  run: async (ctx, job) => {
    await expireAttachment(ctx, schedulerOrigin(job.key), Number(job.subject.attachment_id), 'unclaimed');
  },
};

/** A file whose last linking message was deleted goes at the next tick. */
export const orphanedUploadJob: JobHandler<Parameters<typeof expireAttachment>[0]> = {
  kind: ORPHANED_UPLOAD_JOB,
  delayMs: () => 0,
  run: async (ctx, job) => {
    await expireAttachment(ctx, schedulerOrigin(job.key), Number(job.subject.attachment_id), 'orphaned');
  },
};
