import { stemmer } from 'stemmer';

/**
 * The text of messages as search sees it, in one place so that every adapter, the event-queue filter
 * and the highlighter agree with SQLite FTS5's `porter unicode61 remove_diacritics 2` tokenizer:
 * tokens are runs of letters, digits and private-use characters; they compare case-insensitively and
 * without diacritics; each is reduced by the Porter stemmer (words under three letters are kept whole).
 */

/** A token of text (global: use with matchAll or replace). */
export const TOKEN = /[\p{L}\p{N}\p{Co}\p{M}]+/gu;
const MARKS = /\p{M}/gu;

/** A token as the index keeps it before stemming: lower case, without diacritics. */
export const foldToken = (token: string): string => token.normalize('NFD').replace(MARKS, '').toLowerCase();

/** The folded tokens of a text, in order. */
export function tokensOf(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const folded = foldToken(match[0]);
    if (folded !== '') tokens.push(folded);
  }
  return tokens;
}

/** Stems already computed, by folded token: text repeats its words, and stemming is most of a highlight's cost. */
const stems = new Map<string, string>();
/** Distinct tokens remembered before the memo starts over (about 2 MB). */
const STEMS_KEPT = 50_000;

/** The stem a folded token is indexed under. */
export function stemOf(token: string): string {
  let stem = stems.get(token);
  if (stem === undefined) {
    if (stems.size >= STEMS_KEPT) stems.clear();
    stem = stemmer(token);
    stems.set(token, stem);
  }
  return stem;
}

/** The stems of a text, in order. */
export const stemsOf = (text: string): string[] => tokensOf(text).map(stemOf);

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#x') || body.startsWith('#X')) return String.fromCodePoint(Number.parseInt(body.slice(2), 16) || 32);
  if (body.startsWith('#')) return String.fromCodePoint(Number(body.slice(1)) || 32);
  return ENTITIES[body] ?? entity;
}

/**
 * The text a reader sees of rendered HTML: tags dropped (block ends become spaces so words of two
 * paragraphs never join), entities decoded. This is what gets indexed, so a search matches the words
 * on the screen and not Markdown syntax or link targets.
 */
export function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(#x?[0-9a-fA-F]+|\w+);/g, (entity, body: string) => decodeEntity(entity, body));
}

/** One condition of a search: these tokens in a row (one token: the word anywhere), in the topic or in the content. */
export interface SearchTerm {
  tokens: readonly string[];
}

/**
 * The terms of a search's words (as the narrow split them: bare words, and quoted phrases kept whole).
 * A word that holds no token (punctuation only) adds no term; a word with several (`don't`, `x-ray`)
 * is a phrase, as FTS5 reads it.
 */
export function searchTerms(words: readonly string[]): SearchTerm[] {
  return words.map((word) => ({ tokens: tokensOf(word) })).filter((term) => term.tokens.length > 0);
}

/** Whether the stems hold the term's stems in a row. */
function holdsTerm(stems: readonly string[], wanted: readonly string[]): boolean {
  if (wanted.length === 1) return stems.includes(wanted[0]);
  outer: for (let start = 0; start + wanted.length <= stems.length; start++) {
    for (let i = 0; i < wanted.length; i++) if (stems[start + i] !== wanted[i]) continue outer;
    return true;
  }
  return false;
}

/**
 * Whether a document (its fields as stems: topic, content) meets every term, each within one field.
 * No terms match nothing: a search for punctuation alone finds no message.
 */
export function stemsMatch(terms: readonly SearchTerm[], fields: readonly (readonly string[])[]): boolean {
  if (terms.length === 0) return false;
  return terms.every((term) => {
    const wanted = term.tokens.map(stemOf);
    return fields.some((stems) => holdsTerm(stems, wanted));
  });
}

/** Whether a message (its topic and rendered HTML) meets every term: the reference the indexes agree with. */
export const textMatches = (terms: readonly SearchTerm[], topic: string, html: string): boolean =>
  stemsMatch(terms, [stemsOf(topic), stemsOf(plainText(html))]);
