import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';

/**
 * Bold, italics and strikethrough as the public server reads them: within one line, only with
 * asterisks (`_x_` stays text), `***x***` as bold italics, and `~~x~~` struck through. Each pattern is
 * tried where its marker starts; what is between the markers is read as Markdown.
 */
const PATTERNS: readonly { marker: number; re: RegExp; open: number; tags: readonly string[] }[] = [
  { marker: 0x2a, re: /\*\*\*(?!\s)([^*^\n]+)(?<!\s)\*\*\*/y, open: 3, tags: ['strong', 'em'] },
  { marker: 0x2a, re: /\*\*([^\n]+?)\*\*/y, open: 2, tags: ['strong'] },
  { marker: 0x2a, re: /\*(?!\s)([^*^\n]+)(?<!\s)\*/y, open: 1, tags: ['em'] },
  { marker: 0x7e, re: /(?<!~)~~([^~\n]+?)~~(?!~)/y, open: 2, tags: ['del'] },
];

function emphasis(state: StateInline, silent: boolean): boolean {
  const marker = state.src.charCodeAt(state.pos);
  for (const pattern of PATTERNS) {
    if (pattern.marker !== marker) continue;
    pattern.re.lastIndex = state.pos;
    const match = pattern.re.exec(state.src);
    if (match === null || match.index + match[0].length > state.posMax) continue;
    const end = match.index + match[0].length;
    if (!silent) {
      for (const tag of pattern.tags) state.push(`${tag}_open`, tag, 1);
      const [pos, posMax] = [state.pos, state.posMax];
      state.pos = pos + pattern.open;
      state.posMax = end - pattern.open;
      state.md.inline.tokenize(state);
      state.pos = pos;
      state.posMax = posMax;
      for (const tag of [...pattern.tags].reverse()) state.push(`${tag}_close`, tag, -1);
    }
    state.pos = end;
    return true;
  }
  return false;
}

export function emphasisPlugin(md: MarkdownIt): void {
  md.inline.ruler.disable(['emphasis', 'strikethrough']);
  md.inline.ruler2.disable(['emphasis', 'strikethrough']);
  md.inline.ruler.before('emphasis', 'zulip_emphasis', emphasis);
}
