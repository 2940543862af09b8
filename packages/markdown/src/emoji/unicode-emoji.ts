import { readFileSync } from 'node:fs';

/**
 * Zulip's unicode emoji names, the table its clients ship (see README.md beside the data file): a
 * canonical name and aliases per emoji. A code is the emoji's codepoints in lowercase hex, at least
 * four digits each, joined by dashes, as Zulip writes it: mostly without the U+FE0F presentation
 * selector (`2764` for ❤️), but with it in the few ZWJ sequences Zulip's table keeps it in.
 */
interface ZulipEmojiFile {
  emoji: [code: string, name: string, ...aliases: string[]][];
}

const table = JSON.parse(readFileSync(new URL('./zulip-emoji.json', import.meta.url), 'utf8')) as ZulipEmojiFile;

/** Codepoints of `emoji` as hex, U+FE0F left out: how typed characters are matched to the table. */
export const emojiCodeOf = (emoji: string): string =>
  [...emoji]
    .map((char) => char.codePointAt(0)!.toString(16).padStart(4, '0'))
    .filter((hex) => hex !== 'fe0f')
    .join('-');

const withoutSelector = (code: string): string => code.split('-').filter((hex) => hex !== 'fe0f').join('-');

const nameToCode = new Map<string, string>();
const codeToName = new Map<string, string>();
/** Zulip's code by the code written without U+FE0F, so that typed characters find sequences that keep it. */
const codeBySelectorless = new Map<string, string>();

for (const [code, name, ...aliases] of table.emoji) {
  codeToName.set(code, name);
  codeBySelectorless.set(withoutSelector(code), code);
  for (const alias of [name, ...aliases]) nameToCode.set(alias, code);
}

/** Every name of every unicode emoji, canonical names and aliases. */
export const unicodeEmojiNames = (): IterableIterator<string> => nameToCode.keys();

/** The code of the unicode emoji called `name` (any of its aliases), if there is one. */
export const unicodeEmojiCode = (name: string): string | undefined => nameToCode.get(name);

/** The canonical name of the unicode emoji with `code`, if there is one. */
export const unicodeEmojiName = (code: string): string | undefined => codeToName.get(code);

/** Zulip's code for the emoji typed as `text` (with or without U+FE0F), if it is in the table. */
export const unicodeEmojiCodeOfText = (text: string): string | undefined => codeBySelectorless.get(emojiCodeOf(text));

/** Every unicode emoji's names by code, the canonical name first (the data behind `server_emoji_data_url`). */
export function unicodeEmojiCodeToNames(): Record<string, string[]> {
  return Object.fromEntries(table.emoji.map(([code, ...names]) => [code, names]));
}
