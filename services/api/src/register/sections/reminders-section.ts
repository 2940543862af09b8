import { reminderView } from '@chat/projections';
import { pendingReminders } from '../../actions/reminders.js';
import type { SectionBuilder } from '../register-context.js';

/** The `reminders` section: the viewer's reminders not sent yet, by delivery time. */
export const remindersSection: SectionBuilder = async ({ ctx, viewer }) => ({
  reminders: (await pendingReminders(ctx, viewer.user_id)).map(reminderView),
});
