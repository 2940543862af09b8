import { ApiError, badRequest } from '../errors.js';
import type { ReactionAdded, ReactionEmoji, ReactionRemoved } from '../events/reaction-events.js';
import type { MessageReaction, MessageState } from './message-state.js';

/** Reaction types when neither the request nor the emoji's name says otherwise. */
const DEFAULT_REACTION_TYPE = 'unicode_emoji';

/**
 * The emoji a reaction decision may name, looked up outside the domain (the catalogue and the
 * organization's custom emoji live with the renderer).
 */
export interface EmojiCatalog {
  /** The emoji a name stands for now, or null when it names none. */
  byName(name: string): ReactionEmoji | null;
  /** The canonical form of a reaction_type as sent (older spellings accepted), or null when unknown. */
  reactionType(type: string): string | null;
  /**
   * Why an emoji may not be used for a new reaction (unknown code, or a name that is not the code's),
   * or null. Without a name only the code is checked.
   */
  problem(name: string | undefined, code: string, type: string): string | null;
}

/** The emoji parameters of the reaction endpoints, as sent. */
export interface ReactionRequest {
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

export interface ReactionContext {
  userId: number;
  message: MessageState;
  /** Whether the user has a row for the message (received it, or it entered their history). */
  inHistory: boolean;
  emoji: EmojiCatalog;
}

export const reactionAlreadyExists = (): ApiError => new ApiError('REACTION_ALREADY_EXISTS', 400, 'Reaction already exists.');
export const reactionDoesNotExist = (): ApiError => new ApiError('REACTION_DOES_NOT_EXIST', 400, "Reaction doesn't exist.");

function requestedType(ctx: ReactionContext, req: ReactionRequest): string | undefined {
  if (req.reaction_type === undefined) return undefined;
  const type = ctx.emoji.reactionType(req.reaction_type);
  if (type === null) throw badRequest(`Invalid 'reaction_type': '${req.reaction_type}'`);
  return type;
}

function codeOfName(ctx: ReactionContext, name: string): ReactionEmoji {
  const found = ctx.emoji.byName(name);
  if (!found) throw badRequest(`Invalid 'emoji_name': emoji '${name}' does not exist`);
  return found;
}

const isEmoji = (reaction: MessageReaction, code: string, type: string): boolean => reaction.emoji_code === code && reaction.reaction_type === type;

const emojiOf = ({ emoji_name, emoji_code, reaction_type }: ReactionEmoji): ReactionEmoji => ({ emoji_name, emoji_code, reaction_type });

/**
 * POST /messages/{id}/reactions. The name alone finds the code (and the type); a code given must be
 * the name's, in its namespace. Adding an emoji someone already reacted with is a vote for that
 * reaction: it takes that reaction's name and is not checked again (its emoji may since have been
 * renamed or deactivated). A message read from public history enters the user's history.
 */
export function decideAddReaction(ctx: ReactionContext, req: ReactionRequest & { emoji_name: string }): ReactionAdded {
  const name = req.emoji_name;
  let code = req.emoji_code;
  let type = requestedType(ctx, req);
  if (code === undefined) {
    const named = codeOfName(ctx, name);
    code = named.emoji_code;
    type ??= named.reaction_type;
  }
  type ??= ctx.emoji.byName(name)?.reaction_type ?? DEFAULT_REACTION_TYPE;
  const { userId, message } = ctx;
  if (message.reactions.some((reaction) => reaction.user_id === userId && isEmoji(reaction, code, type))) throw reactionAlreadyExists();
  const voted = message.reactions.find((reaction) => isEmoji(reaction, code, type));
  if (!voted) {
    const problem = ctx.emoji.problem(name, code, type);
    if (problem !== null) throw badRequest(problem);
  }
  const emoji = voted ? emojiOf(voted) : { emoji_name: name, emoji_code: code, reaction_type: type };
  return { type: 'ReactionAdded', data: { message_id: message.id, user_id: userId, ...emoji, historical: !ctx.inHistory } };
}

/**
 * DELETE /messages/{id}/reactions: the user's own reaction, found by code and type (the code may
 * come from the name; without a type, the name's or that of the user's reaction with the code).
 * An unknown code is refused as invalid; a valid one the user did not react with as not existing.
 */
export function decideRemoveReaction(ctx: ReactionContext, req: ReactionRequest): ReactionRemoved {
  const requested = requestedType(ctx, req);
  const name = req.emoji_name;
  let code = req.emoji_code;
  if (code === undefined) {
    if (name === undefined) throw badRequest("Missing 'emoji_name' or 'emoji_code': one of them must name the emoji");
    code = codeOfName(ctx, name).emoji_code;
  }
  const { userId, message } = ctx;
  const own = message.reactions.filter((reaction) => reaction.user_id === userId && reaction.emoji_code === code);
  const type = requested ?? (name === undefined ? undefined : ctx.emoji.byName(name)?.reaction_type) ?? own[0]?.reaction_type ?? DEFAULT_REACTION_TYPE;
  const reaction = own.find((candidate) => candidate.reaction_type === type);
  if (!reaction) {
    const problem = ctx.emoji.problem(undefined, code, type);
    throw problem === null ? reactionDoesNotExist() : badRequest(problem);
  }
  return { type: 'ReactionRemoved', data: { message_id: message.id, user_id: userId, ...emojiOf(reaction) } };
}
