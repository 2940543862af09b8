/**
 * Regenerates packages/markdown/src/emoji/zulip-emoji.json, Zulip's unicode emoji names, from the
 * table Zulip's own clients ship: zulip-terminal's `zulipterminal/unicode_emojis.py`, which that
 * project generates from Zulip's `tools/setup/emoji/emoji_names.py` (both Apache-2.0).
 *
 *   node --import tsx tools/emoji/generate-zulip-emoji.ts <path to unicode_emojis.py> "<source note>"
 *
 * The source note (repository and commit the file came from) is written into the data file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseTerminalEmojiTable } from './terminal-emoji-table.js';
import { ZULIP_EMOJI_FILE, zulipEmojiJson } from './zulip-emoji-json.js';

const [input, source] = process.argv.slice(2);
if (input === undefined || source === undefined) {
  console.error('usage: generate-zulip-emoji.ts <unicode_emojis.py> "<source note>"');
  process.exit(2);
}
const entries = parseTerminalEmojiTable(readFileSync(input, 'utf8'));
writeFileSync(ZULIP_EMOJI_FILE, zulipEmojiJson(entries, source));
console.log(`wrote ${entries.length} emoji (${entries.reduce((n, e) => n + 1 + e.aliases.length, 0)} names) to ${ZULIP_EMOJI_FILE.pathname}`);
