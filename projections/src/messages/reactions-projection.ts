import { HISTORY_ONLY_BITS, type MessageReaction } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/**
 * Reactions on messages: added at the end of the message's list (the order reactions were made),
 * removed by user and emoji. A reaction to a message read from public history gives the user a row
 * for it, read and historical, as a flag change would.
 */
export function reactionsProjection(models: ReadModels): Projection {
  return projectionOf('reactions', ['ReactionAdded', 'ReactionRemoved'], async (event) => {
    const { message_id, user_id, emoji_name, emoji_code, reaction_type } = event.data;
    const message = await models.messages.get(message_id);
    if (!message) return;
    const same = (reaction: MessageReaction): boolean =>
      reaction.user_id === user_id && reaction.emoji_code === emoji_code && reaction.reaction_type === reaction_type;
    const others = message.reactions.filter((reaction) => !same(reaction));
    if (event.type === 'ReactionRemoved') {
      await models.messages.replace({ ...message, reactions: others }, event.position);
      return;
    }
    if (event.data.historical) await models.messages.addRows(user_id, [{ message_id, flags: HISTORY_ONLY_BITS }], event.position);
    await models.messages.replace({ ...message, reactions: [...others, { emoji_name, emoji_code, reaction_type, user_id }] }, event.position);
  });
}
