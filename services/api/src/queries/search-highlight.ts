const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern finding any of the words in HTML-escaped text, case-insensitively; null without words. */
function wordsPattern(words: readonly string[]): RegExp | null {
  const alternatives = [...new Set(words)]
    .filter((word) => word !== '')
    .sort((a, b) => b.length - a.length)
    .map((word) => escapeRegExp(escapeHtml(word)));
  return alternatives.length > 0 ? new RegExp(alternatives.join('|'), 'giu') : null;
}

const mark = (pattern: RegExp | null, text: string): string => (pattern ? text.replace(pattern, (found) => `<span class="highlight">${found}</span>`) : text);

/** Rendered HTML with the search words wrapped in highlight spans, in text only (never inside a tag or an entity). */
export function highlightHtml(html: string, words: readonly string[]): string {
  const pattern = wordsPattern(words);
  return html
    .split(/(<[^>]*>|&#?\w+;)/)
    .map((part, index) => (index % 2 === 1 ? part : mark(pattern, part)))
    .join('');
}

/** A topic HTML-escaped, with the search words highlighted. */
export const highlightTopic = (topic: string, words: readonly string[]): string => highlightHtml(escapeHtml(topic), words);
