import type { AccessWorld } from '../channels/channel-access.js';
import type { MessageSent } from '../events/message-events.js';
import type { UserState } from '../users/user-state.js';
import { contentFlags, type RenderedContent } from './content-flags.js';

/** A direct message the notification bot sends one person: unread for them, read for the bot. */
export interface BotDirectMessage {
  message_id: number;
  bot: UserState;
  recipient_id: number;
  content: string;
  rendered: RenderedContent;
}

/**
 * The server's own notices to one person (reminders, a referrer's "accepted your invitation", a
 * scheduled message that failed). Built here rather than by the send path, so the organization's
 * direct-message permissions never stop the server's own bot.
 */
export function botDirectMessage(world: AccessWorld, input: BotDirectMessage): MessageSent {
  const { bot, rendered } = input;
  const receivers = [...new Set([bot.user_id, input.recipient_id])].sort((a, b) => a - b);
  return {
    type: 'MessageSent',
    data: {
      message_id: input.message_id,
      sender_id: bot.user_id,
      recipient: { type: 'direct', user_ids: receivers },
      content: input.content,
      rendered_content: rendered.html,
      is_me_message: false,
      receivers,
      read: [bot.user_id],
      flags: contentFlags({
        world,
        receivers,
        authorId: bot.user_id,
        content: input.content,
        rendered,
        topicParticipants: null,
        alertWords: new Map(),
        hasAlertWord: () => false,
      }),
    },
  };
}

/** `@_**Name|id**`: names someone without notifying them. */
export const silentMention = (user: Pick<UserState, 'user_id' | 'full_name'>): string => `@_**${user.full_name}|${user.user_id}**`;
