import { silentMention } from '../messages/bot-messages.js';
import type { UserState } from '../users/user-state.js';

/**
 * The most users one request may subscribe for the notification bot to tell them (the public
 * server's MAX_BULK_NEW_SUBSCRIPTION_MESSAGES, `max_bulk_new_subscription_messages` in register).
 */
export const MAX_BULK_NEW_SUBSCRIPTION_MESSAGES = 100;

/** The direct message telling someone who subscribed them to which channels, as the public server words it. */
export function youWereSubscribedContent(actor: Pick<UserState, 'user_id' | 'full_name'>, channelNames: readonly string[]): string {
  const names = [...channelNames].sort();
  if (names.length === 1) return `${silentMention(actor)} subscribed you to #**${names[0]}**.`;
  return `${silentMention(actor)} subscribed you to the following channels:\n\n${names.map((name) => `* #**${name}**`).join('\n')}`;
}

export interface NewSubscriptionNoticesInput {
  actor: UserState;
  users: ReadonlyMap<number, UserState>;
  /** Channel names each user was newly subscribed to by the request, by user id (the answer's `subscribed`). */
  subscribed: Readonly<Record<string, readonly string[]>>;
  /** Names of the channels the request created: nobody is told of those. */
  created: ReadonlySet<string>;
  /** `send_new_subscription_messages` */
  send: boolean;
}

export interface NewSubscriptionNotices {
  /** `new_subscription_messages_sent`; null when not asked for (the answer leaves it out). */
  sent: boolean | null;
  notices: { recipient_id: number; content: string }[];
}

/**
 * Who the notification bot tells "X subscribed you to …" after a subscription request: each user the
 * request newly subscribed to a channel that existed before it, except the acting user and bots; and
 * nobody when the request subscribed more than MAX_BULK_NEW_SUBSCRIPTION_MESSAGES users (then
 * `sent` is false).
 */
export function newSubscriptionNotices(input: NewSubscriptionNoticesInput): NewSubscriptionNotices {
  if (!input.send) return { sent: null, notices: [] };
  const userIds = Object.keys(input.subscribed).map(Number).sort((a, b) => a - b);
  if (userIds.length > MAX_BULK_NEW_SUBSCRIPTION_MESSAGES) return { sent: false, notices: [] };
  const notices: NewSubscriptionNotices['notices'] = [];
  for (const userId of userIds) {
    const user = input.users.get(userId);
    if (userId === input.actor.user_id || !user || user.is_bot) continue;
    const names = (input.subscribed[String(userId)] ?? []).filter((name) => !input.created.has(name));
    if (names.length > 0) notices.push({ recipient_id: userId, content: youWereSubscribedContent(input.actor, names) });
  }
  return { sent: true, notices };
}
