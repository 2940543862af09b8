import { foldToken, searchTerms, stemOf, TOKEN } from '@chat/readstore';
import { escapeHtml } from '@chat/wire';

/** Tags and entities of rendered HTML, which are never highlighted (the odd parts of a split). */
const MARKUP = /(<[^>]*>|&#?\w+;)/;

/**
 * Marks the words of one search in messages, as the public server does: every word whose stem is one
 * the search looks for (`running` for `run`), in text only (never inside a tag or an entity), wrapped
 * in `<span class="highlight">`. Made once per search and used for each message it returns.
 */
export class SearchHighlighter {
  private readonly wanted: ReadonlySet<string>;
  /** Whether a token (as written) is one the search looks for, by token: messages repeat their words. */
  private readonly verdicts = new Map<string, boolean>();

  constructor(words: readonly string[]) {
    this.wanted = new Set(searchTerms(words).flatMap((term) => term.tokens.map(stemOf)));
  }

  /** Rendered HTML with the search's words highlighted. */
  html(html: string): string {
    if (this.wanted.size === 0) return html;
    const parts = html.split(MARKUP);
    for (let i = 0; i < parts.length; i += 2) parts[i] = this.mark(parts[i]);
    return parts.join('');
  }

  /** A topic HTML-escaped, with the search's words highlighted. */
  topic(topic: string): string {
    return this.html(escapeHtml(topic));
  }

  private mark(text: string): string {
    return text.replace(TOKEN, (token) => (this.isWanted(token) ? `<span class="highlight">${token}</span>` : token));
  }

  private isWanted(token: string): boolean {
    let verdict = this.verdicts.get(token);
    if (verdict === undefined) {
      verdict = this.wanted.has(stemOf(foldToken(token)));
      this.verdicts.set(token, verdict);
    }
    return verdict;
  }
}
