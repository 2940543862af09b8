import { foldToken, searchTerms, stemOf, TOKEN } from '@chat/readstore';
import { escapeHtml } from '@chat/wire';

/** The stems a search's words look for: a word of the text is highlighted when it stems to one of them. */
const wantedStems = (words: readonly string[]): Set<string> => new Set(searchTerms(words).flatMap((term) => term.tokens.map(stemOf)));

const mark = (wanted: ReadonlySet<string>, text: string): string =>
  text.replace(TOKEN, (token) => (wanted.has(stemOf(foldToken(token))) ? `<span class="highlight">${token}</span>` : token));

/**
 * Rendered HTML with the words the search matched wrapped in highlight spans, as the public server
 * marks them: every word whose stem is one the search looks for (`running` for `run`), in text only
 * (never inside a tag or an entity).
 */
export function highlightHtml(html: string, words: readonly string[]): string {
  const wanted = wantedStems(words);
  if (wanted.size === 0) return html;
  return html
    .split(/(<[^>]*>|&#?\w+;)/)
    .map((part, index) => (index % 2 === 1 ? part : mark(wanted, part)))
    .join('');
}

/** A topic HTML-escaped, with the search words highlighted. */
export const highlightTopic = (topic: string, words: readonly string[]): string => highlightHtml(escapeHtml(topic), words);
