import { scheduledMessageView } from '@chat/projections';
import { pendingScheduledMessages } from '../../actions/scheduled-messages.js';
import type { SectionBuilder } from '../register-context.js';

/** The `scheduled_messages` section: the viewer's messages not sent yet (failed ones too), by delivery time. */
export const scheduledMessagesSection: SectionBuilder = async ({ ctx, viewer }) => ({
  scheduled_messages: (await pendingScheduledMessages(ctx, viewer.user_id)).map(scheduledMessageView),
});
