import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import { renderCodeBlock } from '../code/code-block.js';

/** `` `code` ``: a run of backticks up to the same run, spaces inside kept as written. */
const CODE_SPAN = /(`+)([\s\S]+?)(?<!`)\1(?!`)/y;

function codeSpan(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x60) return false;
  if (state.pos > 0 && state.src.charCodeAt(state.pos - 1) === 0x60) return false;
  CODE_SPAN.lastIndex = state.pos;
  const match = CODE_SPAN.exec(state.src);
  if (match === null || match.index + match[0].length > state.posMax) return false;
  if (!silent) {
    const token = state.push('code_inline', 'code', 0);
    token.markup = match[1];
    token.content = match[2];
  }
  state.pos += match[0].length;
  return true;
}

/** Code blocks, fenced or indented, highlighted as the public server highlights them. */
export function codePlugin(md: MarkdownIt): void {
  md.inline.ruler.at('backticks', codeSpan);
  md.renderer.rules.zulip_code = (tokens, idx) => `${renderCodeBlock(tokens[idx].content, tokens[idx].info === '' ? null : tokens[idx].info)}\n`;
  md.renderer.rules.code_block = (tokens, idx) => `${renderCodeBlock(tokens[idx].content.replace(/[ \t]+$/gm, ''), null)}\n`;
}
