import type { StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { apiEmail } from '@chat/wire';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';
import type { FanoutOptions } from './feed-sink.js';
import { messageAudience } from './message-audience.js';

const HANDLED = ['ReactionAdded', 'ReactionRemoved'] as const;

/**
 * A `reaction` event (op add or remove) to everyone with the message in their history (the reactor
 * included, whose reaction may just have put it there) and to subscribers of a channel whose history
 * they may read. It names the reactor twice: `user_id`, and the deprecated `user` object.
 */
async function reactionsDeliveries(event: StoredEventOf<(typeof HANDLED)[number]>, models: ReadModels, options: FanoutOptions): Promise<Delivery[]> {
  const { message_id, user_id, emoji_name, emoji_code, reaction_type } = event.data;
  const message = await models.messages.get(message_id);
  const reactor = await models.users.get(user_id);
  if (!message || !reactor) return [];
  const userIds = await messageAudience(models, message.recipient, await models.messages.holders(message_id));
  const user = { user_id, email: apiEmail(reactor, options.realmHost()), full_name: reactor.full_name };
  const op = event.type === 'ReactionAdded' ? 'add' : 'remove';
  return [{ userIds, event: { type: 'reaction', op, message_id, emoji_name, emoji_code, reaction_type, user_id, user } }];
}

export const reactionsFanout = fanoutOf('reactions', HANDLED, reactionsDeliveries);
