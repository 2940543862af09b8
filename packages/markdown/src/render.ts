import MarkdownIt from 'markdown-it';

/**
 * The one Markdown renderer. Raw HTML in the source is escaped, never passed through; links get
 * safe protocols only (markdown-it's validateLink) and open in a new tab like the public API's output.
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Renders Markdown source to HTML; the empty source renders to the empty string. */
export function renderMarkdown(source: string): string {
  if (source.trim() === '') return '';
  return md.render(source).trimEnd();
}
