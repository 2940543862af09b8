import { badRequest, type EmojiCatalog, realmEmojiUrl } from '@chat/core';
import type { ReadModels } from '@chat/projections';
import { type CustomEmoji, emojiByName, type EmojiIdentity, emojiProblem, normalizeReactionType, unicodeEmojiName } from '@chat/markdown';

/** The name a code goes by in its namespace, so that checking it with that name checks the code alone. */
function nameOfCode(code: string, type: string, customEmoji: readonly CustomEmoji[]): string {
  switch (normalizeReactionType(type)) {
    case 'unicode_emoji':
      return unicodeEmojiName(code) ?? code;
    case 'zulip_extra_emoji':
      return code;
    case 'realm_emoji':
      return customEmoji.find((emoji) => emoji.id === code)?.name ?? '';
    default:
      return '';
  }
}

/**
 * The emoji reactions may use: Zulip's unicode emoji, the built-in extras, and the organization's
 * custom emoji (deactivated ones included, so that their codes are known; they are refused for new
 * reactions but existing reactions with them can still be voted for and removed).
 */
export const emojiCatalogOf = (customEmoji: readonly CustomEmoji[]): EmojiCatalog => ({
  byName: (name) => emojiByName(name, customEmoji),
  reactionType: (type) => normalizeReactionType(type),
  problem: (name, code, type) => emojiProblem(name ?? nameOfCode(code, type, customEmoji), code, type, customEmoji),
});

/** The catalogue of an organization without custom emoji. */
export const emojiCatalog: EmojiCatalog = emojiCatalogOf([]);

/** An emoji as a request names it (user status, reactions): the name, and optionally its code and type. */
export interface EmojiChoice {
  emoji_name: string;
  emoji_code?: string;
  reaction_type?: string;
}

/**
 * The emoji a request names, checked as Zulip checks a status emoji: without a code, the name finds
 * it (an active custom emoji first, then the extras, then unicode); with one, the code must exist in
 * its namespace (the type defaults to the name's, else unicode) and the name must be one of its names.
 * Throws BAD_REQUEST naming the problem.
 */
export function checkedEmoji(customEmoji: readonly CustomEmoji[], choice: EmojiChoice): EmojiIdentity {
  const named = emojiByName(choice.emoji_name, customEmoji);
  if (choice.emoji_code === undefined) {
    if (named === null) throw badRequest(`Invalid 'emoji_name': emoji '${choice.emoji_name}' does not exist`);
    if (choice.reaction_type === undefined || normalizeReactionType(choice.reaction_type) === named.reaction_type) return named;
  }
  const type = choice.reaction_type === undefined ? (named?.reaction_type ?? 'unicode_emoji') : normalizeReactionType(choice.reaction_type);
  if (type === null) throw badRequest(`Invalid 'reaction_type': '${String(choice.reaction_type)}'`);
  const code = choice.emoji_code ?? named?.emoji_code ?? '';
  const problem = emojiProblem(choice.emoji_name, code, type, customEmoji);
  if (problem !== null) throw badRequest(problem);
  return { emoji_name: choice.emoji_name, emoji_code: code, reaction_type: type };
}

/** The organization's custom emoji as the renderer and the reaction rules see them (deactivated ones included). */
export async function customEmojiOf(models: ReadModels): Promise<CustomEmoji[]> {
  return (await models.realmEmoji.all()).map((emoji) => ({ id: String(emoji.id), name: emoji.name, source_url: realmEmojiUrl(emoji.file_name), deactivated: emoji.deactivated }));
}
