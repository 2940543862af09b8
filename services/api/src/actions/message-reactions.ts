import { decideAddReaction, decideRemoveReaction, type ReactionContext, type ReactionRequest, type UserState } from '@chat/core';
import type { CustomEmoji } from '@chat/markdown';
import type { Origin } from '../commands/command-bus.js';
import type { ViewedMessage } from '../queries/message-access.js';
import { customEmojiOf, emojiCatalogOf } from './emoji-catalog.js';
import { commandOnMessage } from './message-command.js';
import type { Clocked, Commands, Uses } from '../dependencies.js';

/** What addReaction uses. */
type AddReactionDeps = Commands & Clocked & Uses<'models' | 'organization'>;

const reactionContext = (user: UserState, { message, flags }: ViewedMessage, customEmoji: readonly CustomEmoji[]): ReactionContext => ({
  userId: user.user_id,
  message,
  inHistory: flags !== undefined,
  emoji: emojiCatalogOf(customEmoji),
});

/** POST /messages/{message_id}/reactions */
export function addReaction(ctx: AddReactionDeps, origin: Origin, user: UserState, messageId: number, req: ReactionRequest & { emoji_name: string }): Promise<void> {
  return commandOnMessage(ctx, origin, user, messageId, async (found) => decideAddReaction(reactionContext(user, found, await customEmojiOf(ctx.models)), req));
}

/** DELETE /messages/{message_id}/reactions */
export function removeReaction(ctx: AddReactionDeps, origin: Origin, user: UserState, messageId: number, req: ReactionRequest): Promise<void> {
  return commandOnMessage(ctx, origin, user, messageId, async (found) => decideRemoveReaction(reactionContext(user, found, await customEmojiOf(ctx.models)), req));
}
