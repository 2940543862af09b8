/** One emoji of Zulip's table: its code (as Zulip writes it), its canonical name and its other names. */
export interface ZulipEmojiEntry {
  code: string;
  name: string;
  aliases: string[];
}

/** `"name": {'code': '1f44d', 'aliases': ['thumbs_up', 'like']},` as zulip-terminal's generator writes each line. */
const LINE = /^\s*"([^"]+)": \{'code': '([0-9a-f-]+)', 'aliases': \[([^\]]*)\]\},\s*$/;
const ALIAS = /'([^']+)'/g;

/**
 * The entries of zulip-terminal's `unicode_emojis.py`, sorted by canonical name. Every line inside
 * `EMOJI_DATA = {` must be an entry, so a change of format fails loudly instead of dropping emoji.
 */
export function parseTerminalEmojiTable(text: string): ZulipEmojiEntry[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('EMOJI_DATA = {'));
  if (start < 0) throw new Error('no EMOJI_DATA table in the input');
  const entries: ZulipEmojiEntry[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('}')) break;
    if (line.trim() === '') continue;
    const match = LINE.exec(line);
    if (match === null) throw new Error(`unexpected line in EMOJI_DATA: ${line}`);
    entries.push({ name: match[1], code: match[2], aliases: [...match[3].matchAll(ALIAS)].map((alias) => alias[1]) });
  }
  const names = entries.flatMap((entry) => [entry.name, ...entry.aliases]);
  if (new Set(names).size !== names.length) throw new Error('a name is given to two emoji');
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
