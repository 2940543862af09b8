import type MarkdownIt from 'markdown-it';
import type { StateBlock, StateInline, Token } from 'markdown-it';

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

/** Text is escaped as the public server escapes it: only `&`, `<` and `>` (quotes stay as written). */
export const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A line break: the text around it kept as written (spaces before it and indentation after it). */
function lineBreak(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x0a) return false;
  if (!silent) state.push('softbreak', 'br', 0);
  state.pos += 1;
  return true;
}

/**
 * A `>` quote, unless from its first line to the next blank one every line is an empty quote line
 * (a lone `>` is text, as on the public server).
 */
function guardedQuote(original: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    let line = startLine;
    for (; line < endLine; line += 1) {
      const text = state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
      if (text === '') break;
      if (!/^>\s*$/.test(text)) return original(state, startLine, endLine, silent);
    }
    return false;
  };
}

/** Paragraphs keep their trailing spaces, as the public server keeps them. */
function spacedParagraph(original: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    const before = state.tokens.length;
    if (!original(state, startLine, endLine, silent)) return false;
    const inline = state.tokens[before + 1];
    if (inline?.type === 'inline' && inline.map !== null) {
      inline.content = state.getLines(inline.map[0], inline.map[1], state.blkIndent, false).replace(/\n$/, '').replace(/^\s+/, '');
    }
    return true;
  };
}

/** `[](url)` shows its target, as the public server shows a link without text. */
function emptyLinkText(state: { tokens: Token[] }): void {
  for (const block of state.tokens) {
    const children = block.children;
    if (block.type !== 'inline' || children === null) continue;
    for (let i = 0; i < children.length; i += 1) {
      if (children[i].type !== 'link_open' || children[i].markup === 'linkify') continue;
      let close = i + 1;
      while (close < children.length && children[close].type !== 'link_close') close += 1;
      const text = children.slice(i + 1, close).map((token) => token.content).join('');
      if (text.trim() !== '') continue;
      const shown = new (children[i].constructor as new (type: string, tag: string, nesting: number) => Token)('text', '', 0);
      shown.content = children[i].attrGet('href') ?? '';
      children.splice(i + 1, close - i - 1, shown);
    }
  }
}

/**
 * The public server's Markdown beside CommonMark: no raw HTML, no reference links or images, no
 * underscores for emphasis, no backslash escapes or `<url>` links, headings only with `#`, line
 * breaks kept, lists nested right after their item's text, and text escaped as it escapes it.
 */
export function zulipSyntaxPlugin(md: MarkdownIt): void {
  md.block.ruler.disable(['reference', 'lheading', 'html_block']);
  md.inline.ruler.disable(['image', 'autolink', 'html_inline', 'escape', 'linkify']);
  md.inline.ruler.at('newline', lineBreak);
  const blockRules = (md.block.ruler as unknown as { __rules__: { name: string; fn: BlockRule }[] }).__rules__;
  const original = (name: string): BlockRule => {
    const rule = blockRules.find((each) => each.name === name);
    if (rule === undefined) throw new Error(`markdown-it has no block rule ${name}`);
    return rule.fn;
  };
  md.block.ruler.at('blockquote', guardedQuote(original('blockquote')), { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.block.ruler.at('paragraph', spacedParagraph(original('paragraph')));
  md.core.ruler.after('inline', 'zulip_empty_link_text', emptyLinkText);
  md.renderer.rules.text = (tokens, idx) => escapeText(tokens[idx].content);
  md.renderer.rules.code_inline = (tokens, idx) => `<code>${escapeText(tokens[idx].content)}</code>`;
  md.renderer.rules.softbreak = () => '<br>\n';
  const renderToken = md.renderer.renderToken.bind(md.renderer);
  md.renderer.renderToken = (tokens, idx, options) => {
    const token = tokens[idx];
    const html = renderToken(tokens, idx, options);
    // A nested list follows its item's text directly: `<li>text<ul>`.
    if ((token.type === 'bullet_list_open' || token.type === 'ordered_list_open') && idx > 0 && tokens[idx - 1].hidden && html.startsWith('\n')) return html.slice(1);
    return html;
  };
}
