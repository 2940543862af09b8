import { remindersFanout } from '@chat/projections/client-events/reminders-fanout';
import { remindersProjection } from '@chat/projections/reminders/reminders-projection';
import { reminderJobsProjection } from '@chat/projections/scheduled-jobs/reminder-jobs';
import { createReminderEndpoint, deleteReminderEndpoint, listRemindersEndpoint } from '../endpoints/reminders.js';
import { remindersSection } from '../register/sections/reminders-section.js';
import { reminderJob } from '../scheduler/reminder-job.js';
import { type Feature, route } from './feature.js';

const REMINDER_STREAM = { stream: 'reminder-<reminder_id>', leavesOrganizationAlone: true } as const;

/** Reminders about messages, delivered by the notification bot at their time. */
export const remindersFeature: Feature = {
  name: 'reminders',
  events: {
    ReminderScheduled: REMINDER_STREAM,
    ReminderDelivered: REMINDER_STREAM,
    ReminderDeliveryFailed: REMINDER_STREAM,
    ReminderDeleted: REMINDER_STREAM,
  },
  projections: [remindersProjection, reminderJobsProjection],
  fanouts: [remindersFanout],
  routes: [
    route('GET', '/reminders', 'required', 'empty', listRemindersEndpoint),
    route('POST', '/reminders', 'required', 'reminder-create', createReminderEndpoint),
    route('DELETE', '/reminders/:reminder_id', 'required', 'reminder-delete', deleteReminderEndpoint),
  ],
  sections: { reminders: remindersSection },
  jobs: [reminderJob],
};
