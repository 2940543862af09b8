import { gemoji } from 'gemoji';

/**
 * Unicode emoji names and codes from `gemoji` (GitHub's shortcodes: `:smile:`, `:+1:`, `:tada:`).
 * A code is the emoji's codepoints in lowercase hex, at least four digits each, joined by dashes,
 * with the U+FE0F presentation selector dropped as the public API's codes have it (`2764` for ❤️).
 */
export const emojiCodeOf = (emoji: string): string =>
  [...emoji]
    .map((char) => char.codePointAt(0)!.toString(16).padStart(4, '0'))
    .filter((hex) => hex !== 'fe0f')
    .join('-');

const nameToCode = new Map<string, string>();
const codeToName = new Map<string, string>();
const codeToEmoji = new Map<string, string>();

for (const entry of gemoji) {
  const code = emojiCodeOf(entry.emoji);
  if (!codeToName.has(code)) {
    codeToName.set(code, entry.names[0]);
    codeToEmoji.set(code, entry.emoji);
  }
  for (const name of entry.names) if (!nameToCode.has(name)) nameToCode.set(name, code);
}

/** The code of the unicode emoji called `name` (any of its aliases), if there is one. */
export const unicodeEmojiCode = (name: string): string | undefined => nameToCode.get(name);

/** The primary name of the unicode emoji with `code`, if there is one. */
export const unicodeEmojiName = (code: string): string | undefined => codeToName.get(code);

/** The emoji character(s) for `code`, if known. */
export const unicodeEmojiText = (code: string): string | undefined => codeToEmoji.get(code);
