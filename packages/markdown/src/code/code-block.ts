import { codeLanguage } from './code-language.js';
import { pygmentsTokens, type Token } from './pygments-tokens.js';

/** A first line naming the language, as Python-Markdown's code highlighting reads it (`#!python`, `:::js`); the line stays. */
const SHEBANG = /^(?:::+|(#!))((?:\/\w+)*[/ ])?([\w#.+-]*)/;

const escapeAll = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const escapeMarkup = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Adjacent tokens of one class as one span, as Pygments writes them; whitespace and plain text unwrapped. */
function spans(tokens: readonly Token[], escape: (text: string) => string): string {
  const merged: Token[] = [];
  for (const token of tokens) {
    const last = merged[merged.length - 1];
    if (last !== undefined && last.cls === token.cls) last.text += token.text;
    else merged.push({ ...token });
  }
  return merged.map((token) => (token.cls === null ? escape(token.text) : `<span class="${token.cls}">${escape(token.text)}</span>`)).join('');
}

/** The highlight.js language for a block: its fence's, else one its first line names. */
function highlighterFor(lang: string | null, code: string): string | null {
  if (lang !== null) return codeLanguage(lang).highlighter;
  const named = SHEBANG.exec(code.slice(0, code.indexOf('\n') >>> 0));
  return named === null ? null : codeLanguage(named[3].toLowerCase()).highlighter;
}

/**
 * A code block as the public server writes it: `<div class="codehilite">` (with `data-code-language`,
 * Pygments' name for the language, when the fence names one) around `<pre><span></span><code>`,
 * tokens in Pygments' classes. Leading and trailing blank lines are dropped.
 */
export function renderCodeBlock(text: string, lang: string | null): string {
  const code = text.replace(/^\n+|\n+$/g, '');
  const highlighter = highlighterFor(lang, code);
  // Pygments' HTML escapes quotes too; where the block is tagged with its language the public server
  // re-serializes it, which writes quotes plainly in text.
  const escape = lang === null ? escapeAll : escapeMarkup;
  const body = highlighter === null ? escape(code) : spans(pygmentsTokens(code, highlighter), escape);
  const tag = lang === null ? '' : ` data-code-language="${escapeAll(codeLanguage(lang).tag)}"`;
  return `<div class="codehilite"${tag}><pre><span></span><code>${body}\n</code></pre></div>`;
}
