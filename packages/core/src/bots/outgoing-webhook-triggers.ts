import type { MessageSent } from '../events/message-events.js';
import type { OutgoingWebhookEvent } from '../events/outgoing-webhook-events.js';
import { BotType } from './bot-types.js';

/** Retries after a call that got no answer, as the public server allows (so at most four calls). */
export const OUTGOING_WEBHOOK_RETRIES = 3;

/** Why a bot's service is called: it was mentioned in a channel, or sent a direct message. */
export type OutgoingWebhookTrigger = 'mention' | 'direct_message';

/** What deciding the triggers knows of a user. */
export interface TriggerCandidate {
  is_active: boolean;
  is_bot: boolean;
  bot_type: number | null;
}

/** What deciding the triggers asks: the users, and whether a user may read the message's channel. */
export interface TriggerWorld {
  user(userId: number): TriggerCandidate | undefined;
  canReadChannel(userId: number): boolean;
}

/**
 * The users a message's HTML mentions by name, silent mentions and wildcards left out (as the public
 * server counts them for outgoing webhooks). The receivers' `mentioned` flags would not do: a bot
 * may be mentioned in a channel it is not subscribed to.
 */
export function mentionedByName(html: string): number[] {
  return [...new Set([...html.matchAll(/<span class="user-mention" data-user-id="(\d+)">/g)].map((match) => Number(match[1])))];
}

const isOutgoingBot = (user: TriggerCandidate | undefined): boolean => user !== undefined && user.is_active && user.is_bot && user.bot_type === BotType.OutgoingWebhook;

/**
 * The outgoing-webhook bots a message calls, ascending: in a channel those mentioned by name (not by
 * a wildcard) that may read it, in a direct message every bot of the conversation. A message a bot
 * sent calls none, so that bots never answer each other without end.
 */
export function outgoingWebhookTriggers(sent: MessageSent['data'], world: TriggerWorld): { bot_id: number; trigger: OutgoingWebhookTrigger }[] {
  if (world.user(sent.sender_id)?.is_bot !== false) return [];
  if (sent.recipient.type === 'channel') {
    return mentionedByName(sent.rendered_content)
      .filter((id) => id !== sent.sender_id && isOutgoingBot(world.user(id)) && world.canReadChannel(id))
      .sort((a, b) => a - b)
      .map((bot_id) => ({ bot_id, trigger: 'mention' }));
  }
  return sent.recipient.user_ids
    .filter((id) => id !== sent.sender_id && isOutgoingBot(world.user(id)))
    .sort((a, b) => a - b)
    .map((bot_id) => ({ bot_id, trigger: 'direct_message' }));
}

/** Where a message's call to a bot stands, from its stream: settled, and how many calls got no answer. */
export function outgoingWebhookProgress(events: readonly OutgoingWebhookEvent[]): { settled: boolean; failedTries: number } {
  let failedTries = 0;
  let settled = false;
  for (const event of events) {
    if (event.type === 'OutgoingWebhookAttemptFailed') failedTries = Math.max(failedTries, event.data.attempt);
    else settled = true;
  }
  return { settled, failedTries };
}
