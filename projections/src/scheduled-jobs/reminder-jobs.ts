import type { Projection } from '../projection.js';
import type { ReadModels } from '../read-models.js';
import { jobKey, jobsProjection } from './job-projection.js';

export const REMINDER_JOB = 'reminder';
export const reminderJobKey = (reminderId: number): string => jobKey(REMINDER_JOB, reminderId);

/** A scheduled reminder is a job due at its delivery time; it goes once delivered, failed or deleted. */
export const reminderJobsProjection = (models: ReadModels): Projection =>
  jobsProjection(models, {
    kind: REMINDER_JOB,
    subjectField: 'reminder_id',
    handles: ['ReminderScheduled', 'ReminderDelivered', 'ReminderDeliveryFailed', 'ReminderDeleted'],
    starts: (event) => (event.type === 'ReminderScheduled' ? { id: event.data.reminder_id, from: event.data.deliver_at } : null),
    ends: (event) =>
      event.type === 'ReminderDelivered' || event.type === 'ReminderDeliveryFailed' || event.type === 'ReminderDeleted' ? event.data.reminder_id : null,
  });
