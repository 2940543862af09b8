import { MESSAGE_PUSH_JOB } from '@chat/projections';
import { pushMessage } from '../actions/push-message.js';
import type { JobHandler } from './job-handler.js';

/** A message's pushes are decided CHAT_PUSH_DELAY_MS after it was sent, for the receivers the job lists. */
export const messagePushJob: JobHandler<Parameters<typeof pushMessage>[0]> = {
  kind: MESSAGE_PUSH_JOB,
  delayMs: (config) => config.pushDelayMs,
  run: (ctx, job) => {
    const candidates = String(job.subject.user_ids).split(',').filter((id) => id !== '').map(Number);
    return pushMessage(ctx, job.key, Number(job.subject.message_id), candidates);
  },
};
