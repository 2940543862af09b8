import { diffArrays } from 'diff';

/** Tags, runs of whitespace and words: text is compared word by word, markup is kept whole. */
const tokens = (html: string): string[] => html.match(/<[^>]*>|\s+|[^<\s]+/g) ?? [];

const isTag = (token: string): boolean => token.startsWith('<');

const span = (kind: 'inserted' | 'deleted', text: string): string => (text.trim() === '' ? text : `<span class="highlight_text_${kind}">${text}</span>`);

/**
 * The new rendering with the words it added and the words the old one had marked, as the public
 * API's `content_html_diff` shows them: added text in `highlight_text_inserted` spans, removed text
 * in `highlight_text_deleted` spans; the markup is the new rendering's, removed markup is dropped.
 */
export function highlightHtmlDifferences(before: string, after: string): string {
  let out = '';
  for (const part of diffArrays(tokens(before), tokens(after))) {
    const kind = part.added ? 'inserted' : part.removed ? 'deleted' : null;
    if (kind === null) {
      out += part.value.join('');
      continue;
    }
    let text = '';
    for (const token of part.value) {
      if (!isTag(token)) {
        text += token;
        continue;
      }
      out += span(kind, text);
      text = '';
      if (kind === 'inserted') out += token;
    }
    out += span(kind, text);
  }
  return `<div>${out}</div>`;
}
