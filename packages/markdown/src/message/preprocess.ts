import { parseFence } from './fence-rule.js';

const LIST_ITEM = /^[ ]*([*+-]|\d\.)[ ]+/;

/** Tabs to spaces at stops of four, as the public server reads a message. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const char of line) out += char === '\t' ? ' '.repeat(4 - (out.length % 4)) : char;
  return out;
}

/**
 * The source as the public server reads it before its Markdown: line ends and tabs normalized, and a
 * blank line put before a list item that follows a line of text or an item of the other kind of list
 * (outside code blocks), so that such a list starts there.
 */
export function preprocess(content: string): string {
  const lines = content.replace(/\r\n?/g, '\n').split('\n').map(expandTabs);
  const out: string[] = [];
  const open: { fence: string; code: boolean }[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    // One list whichever of `*`, `-` and `+` its items start with, as on the public server.
    const line = open.some((each) => each.code) || /^\s*([*+-])(\s*\1){2,}\s*$/.test(lines[i]) ? lines[i] : lines[i].replace(/^( *)[+-]( +)/, '$1*$2');
    lines[i] = line;
    out.push(line);
    const fence = parseFence(line, null);
    if (fence !== null) {
      const top = open[open.length - 1];
      if (fence.lang === null && fence.kind === 'code' && top !== undefined && top.fence === fence.fence) open.pop();
      else open.push({ fence: fence.fence, code: fence.kind !== 'quote' });
    }
    if (i + 1 >= lines.length || line === '' || open.some((each) => each.code)) continue;
    const here = LIST_ITEM.exec(line);
    const next = LIST_ITEM.exec(lines[i + 1]);
    if (next !== null && (here === null || (here[1].length === 1) !== (next[1].length === 1))) out.push('');
  }
  return out.join('\n');
}
