import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import { budgetedTex, texBudget, type TexBudget } from '../math/tex-budget.js';

/** `$$…$$` within a line, not touching a word or another dollar, not starting with `_` (`$$_$$` is a smiley). */
const INLINE_TEX = /(?<![\p{L}\p{N}_$])\$\$([^\n_$](?:\\\$|[^$\n])*)\$\$(?!\$)(?![\p{L}\p{N}_])/uy;

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeQuoted = (text: string): string => escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

function inlineTex(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x24) return false;
  INLINE_TEX.lastIndex = state.pos;
  const match = INLINE_TEX.exec(state.src);
  if (match === null || match.index + match[0].length > state.posMax) return false;
  if (!silent) state.push('zulip_tex', 'span', 0).content = match[1];
  state.pos += match[0].length;
  return true;
}

/** The message's math budget, kept in markdown-it's `env` (set by renderMessage; made here for other callers). */
function budgetOf(env: { tex?: TexBudget }): TexBudget {
  env.tex ??= texBudget();
  return env.tex;
}

/** Inline math as KaTeX renders it; math KaTeX refuses shows its source in a `tex-error` span. */
const inlineHtml = (tex: string, env: { tex?: TexBudget }): string => budgetedTex(tex, false, budgetOf(env)) ?? `<span class="tex-error">${escapeText(`$$${tex}$$`)}</span>`;

/** A ```math block: each paragraph displayed on its own, all in one paragraph as the public server writes it. */
function displayHtml(source: string, env: { tex?: TexBudget }): string {
  const parts = source.split('\n\n').map((part) => budgetedTex(part, true, budgetOf(env)) ?? `<span class="tex-error">${escapeQuoted(part)}</span>`);
  return `<p>${parts.join('\n\n')}</p>\n`;
}

export function texPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'zulip_tex', inlineTex);
  md.renderer.rules.zulip_tex = (tokens, idx, _options, env) => inlineHtml(tokens[idx].content, env as { tex?: TexBudget });
  md.renderer.rules.zulip_math = (tokens, idx, _options, env) => displayHtml(tokens[idx].content, env as { tex?: TexBudget });
}
