import { scheduledMessagesFanout } from '@chat/projections/client-events/scheduled-messages-fanout';
import { scheduledMessageJobsProjection } from '@chat/projections/scheduled-jobs/scheduled-message-jobs';
import { scheduledMessagesProjection } from '@chat/projections/scheduled-messages/scheduled-messages-projection';
import {
  createScheduledMessageEndpoint,
  deleteScheduledMessageEndpoint,
  editScheduledMessageEndpoint,
  listScheduledMessagesEndpoint,
} from '../endpoints/scheduled-messages.js';
import { scheduledMessagesSection } from '../register/sections/scheduled-messages-section.js';
import { scheduledMessageJob } from '../scheduler/scheduled-message-job.js';
import { type Feature, route } from './feature.js';

const SCHEDULED_STREAM = { stream: 'scheduledmessage-<scheduled_message_id>', leavesOrganizationAlone: true } as const;

/** Messages scheduled to be sent later. */
export const scheduledMessagesFeature: Feature = {
  name: 'scheduled-messages',
  events: {
    ScheduledMessageCreated: SCHEDULED_STREAM,
    ScheduledMessageEdited: SCHEDULED_STREAM,
    ScheduledMessageDeleted: SCHEDULED_STREAM,
    ScheduledMessageSent: SCHEDULED_STREAM,
    ScheduledMessageFailed: SCHEDULED_STREAM,
  },
  projections: [scheduledMessagesProjection, scheduledMessageJobsProjection],
  fanouts: [scheduledMessagesFanout],
  routes: [
    route('GET', '/scheduled_messages', 'required', 'empty', listScheduledMessagesEndpoint),
    route('POST', '/scheduled_messages', 'required', 'scheduled-message-create', createScheduledMessageEndpoint),
    route('PATCH', '/scheduled_messages/:scheduled_message_id', 'required', 'scheduled-message-update', editScheduledMessageEndpoint),
    route('DELETE', '/scheduled_messages/:scheduled_message_id', 'required', 'scheduled-message-delete', deleteScheduledMessageEndpoint),
  ],
  sections: { scheduled_messages: scheduledMessagesSection },
  jobs: [scheduledMessageJob],
};
