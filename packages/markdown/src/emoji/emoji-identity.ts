import type { CustomEmoji } from '../message/render-world.js';
import { unicodeEmojiCode, unicodeEmojiName } from './unicode-emoji.js';

/**
 * The three emoji namespaces of reactions. `zulip_extra_emoji` is the public API's name of the
 * built-in namespace; the spec calls it `service_extra_emoji`, and both are accepted on the way in.
 */
export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';

export interface EmojiIdentity {
  emoji_name: string;
  emoji_code: string;
  reaction_type: ReactionType;
}

/** The built-in emoji outside Unicode; its code is its name. */
export const EXTRA_EMOJI_NAMES: ReadonlySet<string> = new Set(['zulip']);

export const normalizeReactionType = (type: string): ReactionType | null => {
  if (type === 'unicode_emoji' || type === 'realm_emoji' || type === 'zulip_extra_emoji') return type;
  return type === 'service_extra_emoji' ? 'zulip_extra_emoji' : null;
};

/**
 * The emoji a name stands for, looked up as rendering does: an active custom emoji first (an
 * organization may shadow a built-in name), then the built-in extras, then Unicode.
 */
export function emojiByName(name: string, customEmoji: readonly CustomEmoji[] = []): EmojiIdentity | null {
  const custom = customEmoji.find((emoji) => emoji.name === name && !emoji.deactivated);
  if (custom !== undefined) return { emoji_name: name, emoji_code: custom.id, reaction_type: 'realm_emoji' };
  if (EXTRA_EMOJI_NAMES.has(name)) return { emoji_name: name, emoji_code: name, reaction_type: 'zulip_extra_emoji' };
  const code = unicodeEmojiCode(name);
  return code === undefined ? null : { emoji_name: name, emoji_code: code, reaction_type: 'unicode_emoji' };
}

/**
 * Why a reaction's emoji is not acceptable for a new reaction, or null when it is: the code must
 * exist in its namespace and the name must be one of that emoji's names.
 */
export function emojiProblem(name: string, code: string, type: string, customEmoji: readonly CustomEmoji[] = []): string | null {
  switch (normalizeReactionType(type)) {
    case 'unicode_emoji':
      if (unicodeEmojiName(code) === undefined) return `Invalid emoji code '${code}'`;
      return unicodeEmojiCode(name) === code ? null : `Invalid emoji name '${name}' for emoji code '${code}'`;
    case 'realm_emoji': {
      const custom = customEmoji.find((emoji) => emoji.id === code);
      if (custom === undefined) return `Invalid custom emoji code '${code}'`;
      if (custom.name !== name) return `Invalid emoji name '${name}' for custom emoji code '${code}'`;
      return custom.deactivated ? `Custom emoji '${name}' is deactivated` : null;
    }
    case 'zulip_extra_emoji':
      if (!EXTRA_EMOJI_NAMES.has(code)) return `Invalid emoji code '${code}'`;
      return name === code ? null : `Invalid emoji name '${name}' for emoji code '${code}'`;
    default:
      return `Invalid reaction_type '${type}'`;
  }
}

export const isValidEmoji = (name: string, code: string, type: string, customEmoji: readonly CustomEmoji[] = []): boolean =>
  emojiProblem(name, code, type, customEmoji) === null;
