import type { EmojiCatalog } from '@chat/core';
import { emojiByName, emojiProblem, normalizeReactionType, unicodeEmojiName } from '@chat/markdown';

/** The name a code goes by in its namespace, so that checking it with that name checks the code alone. */
function nameOfCode(code: string, type: string): string {
  switch (normalizeReactionType(type)) {
    case 'unicode_emoji':
      return unicodeEmojiName(code) ?? code;
    case 'zulip_extra_emoji':
      return code;
    default:
      return '';
  }
}

/**
 * The emoji reactions may use: Unicode emoji and the built-in extras from @chat/markdown. The server
 * has no uploaded (realm) emoji yet, so every realm_emoji code is unknown.
 */
export const emojiCatalog: EmojiCatalog = {
  byName: (name) => emojiByName(name),
  reactionType: (type) => normalizeReactionType(type),
  problem: (name, code, type) => emojiProblem(name ?? nameOfCode(code, type), code, type),
};
