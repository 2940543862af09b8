import type { AccessWorld } from '../channels/channel-access.js';
import type { MessageSent } from '../events/message-events.js';
import type { ReminderDelivered, ReminderDeliveryFailed } from '../events/reminder-events.js';
import type { RenderedContent } from '../messages/content-flags.js';
import { botDirectMessage } from '../messages/bot-messages.js';
import type { UserState } from '../users/user-state.js';
import type { ReminderState } from './reminder-state.js';

export interface DeliverReminder {
  /** The id the direct message gets, should one be sent. */
  message_id: number;
  bot: UserState;
  world: AccessWorld;
  /** Renders the reminder's text as its creator sees it now; called only when it is sent. */
  render: (content: string) => RenderedContent;
}

export interface ReminderDelivery {
  /** For the reminder's stream. */
  reminder: (ReminderDelivered | ReminderDeliveryFailed)[];
  /** The direct message, for its own stream. */
  message: MessageSent | null;
}

/**
 * A due reminder goes to its creator as a direct message from the notification bot, unread. Only a
 * reminder still scheduled is sent: one delivered, failed or deleted meanwhile gives nothing.
 */
export function decideDeliverReminder(state: ReminderState | undefined, cmd: DeliverReminder): ReminderDelivery {
  if (!state || state.status !== 'scheduled') return { reminder: [], message: null };
  const { reminder_id, creator_id } = state;
  if (cmd.world.users.get(creator_id)?.is_active !== true) {
    return { reminder: [{ type: 'ReminderDeliveryFailed', data: { reminder_id, creator_id, reason: 'creator_deactivated' } }], message: null };
  }
  const message = botDirectMessage(cmd.world, { message_id: cmd.message_id, bot: cmd.bot, recipient_id: creator_id, content: state.content, rendered: cmd.render(state.content) });
  return { reminder: [{ type: 'ReminderDelivered', data: { reminder_id, creator_id, delivered_message_id: cmd.message_id } }], message };
}
