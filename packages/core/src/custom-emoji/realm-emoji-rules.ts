import { ApiError, badRequest } from '../errors.js';
import { isAdminRole, Role } from '../roles.js';
import type { UserState } from '../users/user-state.js';
import type { RealmEmojiState } from './realm-emoji-state.js';

/** What every custom emoji decision sees. */
export interface RealmEmojiContext {
  actor: UserState;
  /** Whether the actor is in the organization's `can_add_custom_emoji_group`. */
  canAddEmoji: boolean;
  /** Every custom emoji, deactivated ones included. */
  emoji: readonly RealmEmojiState[];
  /** Whether a name is one of the built-in emoji's (only administrators may shadow those). */
  isBuiltInName: (name: string) => boolean;
}

export const emojiDoesNotExist = (name: string): ApiError => new ApiError('BAD_REQUEST', 404, `Emoji '${name}' does not exist`);

export const activeEmojiNamed = (emoji: readonly RealmEmojiState[], name: string): RealmEmojiState | undefined =>
  emoji.find((candidate) => candidate.name === name && !candidate.deactivated);

/**
 * A custom emoji name as the public API takes it: trimmed, case and spaces folded (`Party Parrot` is
 * `party_parrot`), then only lowercase letters, digits, underscores and dashes, ending with a letter or digit.
 */
export function checkEmojiName(raw: string): string {
  const name = raw.trim().toLowerCase().replace(/ /g, '_');
  if (name === '') throw badRequest('Emoji name is missing');
  if (!/^[0-9a-z_-]+$/.test(name)) throw badRequest('Emoji names must contain only lowercase alphanumeric characters, underscores, hyphens, and spaces.');
  if (!/[0-9a-z]$/.test(name)) throw badRequest('Emoji names must end with either a letter or digit.');
  return name;
}

/** Guests never add emoji; others need the organization's permission. */
export function requireCanAddEmoji(ctx: RealmEmojiContext): void {
  if (ctx.actor.role === Role.Guest) throw badRequest('Not allowed for guest users');
  if (!ctx.canAddEmoji) throw badRequest('Insufficient permission');
}

/** Administrators deactivate any emoji; others only their own, and only while they may add emoji. */
export function requireCanDeactivate(ctx: RealmEmojiContext, emoji: RealmEmojiState): void {
  if (isAdminRole(ctx.actor.role)) return;
  if (!ctx.canAddEmoji || emoji.author_id !== ctx.actor.user_id) throw badRequest('Must be an organization administrator or emoji author');
}
