import type { ZulipEmojiEntry } from './terminal-emoji-table.js';

export const ZULIP_EMOJI_FILE = new URL('../../packages/markdown/src/emoji/zulip-emoji.json', import.meta.url);

/** The data file: a header, then one emoji a line so that a regeneration diffs readably. */
export function zulipEmojiJson(entries: readonly ZulipEmojiEntry[], source: string): string {
  const header = {
    description: "Zulip's unicode emoji: each entry is [code, canonical name, ...aliases]. Generated, do not edit.",
    generated_by: 'tools/emoji/generate-zulip-emoji.ts',
    source,
    license: 'Apache-2.0 (Zulip and zulip-terminal); see packages/markdown/src/emoji/README.md',
  };
  const head = JSON.stringify(header, null, 2).slice(0, -2);
  const lines = entries.map((entry) => `    ${JSON.stringify([entry.code, entry.name, ...entry.aliases])}`);
  return `${head},\n  "emoji": [\n${lines.join(',\n')}\n  ]\n}\n`;
}
