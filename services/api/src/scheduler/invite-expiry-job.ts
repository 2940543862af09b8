import { INVITE_EXPIRY_JOB } from '@chat/projections';
import { expireInviteLink } from '../actions/expire-invite-link.js';
import type { JobHandler } from './job-handler.js';

/** An invitation link's expiry is recorded at its `expires_at` (the job's `from`). */
export const inviteExpiryJob: JobHandler<Parameters<typeof expireInviteLink>[0]> = {
  kind: INVITE_EXPIRY_JOB,
  delayMs: () => 0,
  run: (ctx, job) => expireInviteLink(ctx, Number(job.subject.invite_id)),
};
