import type { Projection } from '../projection.js';
import type { ReadModels } from '../read-models.js';
import { jobKey, jobsProjection } from './job-projection.js';

export const SCHEDULED_MESSAGE_JOB = 'scheduled-message';
export const scheduledMessageJobKey = (scheduledMessageId: number): string => jobKey(SCHEDULED_MESSAGE_JOB, scheduledMessageId);

/** A scheduled message is a job due at its time (moved by an edit); it goes once sent, failed or deleted. */
export const scheduledMessageJobsProjection = (models: ReadModels): Projection =>
  jobsProjection(models, {
    kind: SCHEDULED_MESSAGE_JOB,
    subjectField: 'scheduled_message_id',
    handles: ['ScheduledMessageCreated', 'ScheduledMessageEdited', 'ScheduledMessageSent', 'ScheduledMessageFailed', 'ScheduledMessageDeleted'],
    starts: (event) =>
      event.type === 'ScheduledMessageCreated' || event.type === 'ScheduledMessageEdited' ? { id: event.data.scheduled_message_id, from: event.data.deliver_at } : null,
    ends: (event) =>
      event.type === 'ScheduledMessageSent' || event.type === 'ScheduledMessageFailed' || event.type === 'ScheduledMessageDeleted' ? event.data.scheduled_message_id : null,
  });
