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

/** Code characters one message may have highlighted; code past them is shown uncoloured. */
export const MAX_HIGHLIGHTED_PER_MESSAGE = 4000;

function budgetedBlock(code: string, lang: string | null, env: { codeSpent?: number }): string {
  const spent = (env.codeSpent ?? 0) + code.length;
  env.codeSpent = spent;
  return `${renderCodeBlock(code, lang, spent <= MAX_HIGHLIGHTED_PER_MESSAGE)}\n`;
}

/** Code blocks, fenced or indented, highlighted as the public server highlights them (within a budget per message). */
export function codePlugin(md: MarkdownIt): void {
  md.inline.ruler.at('backticks', codeSpan);
  md.renderer.rules.zulip_code = (tokens, idx, _options, env) => budgetedBlock(tokens[idx].content, tokens[idx].info === '' ? null : tokens[idx].info, env as { codeSpent?: number });
  md.renderer.rules.code_block = (tokens, idx, _options, env) => budgetedBlock(tokens[idx].content.replace(/[ \t]+$/gm, ''), null, env as { codeSpent?: number });
}
