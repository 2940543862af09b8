import type MarkdownIt from 'markdown-it';
import type { StateCore, Token } from 'markdown-it';
import { type Linkifier, linkifierMatches, linkifierRegex, linkifierUrl } from '../linkifiers/linkifier-pattern.js';
import type { MessageEnv } from './message-env.js';
import { isSafeUrl } from './safe-links.js';

type Piece = { text: string } | { text: string; href: string };

/** Splits the plain-text pieces of `pieces` where `linkifier` matches; linked pieces are left alone. */
function applyLinkifier(pieces: Piece[], linkifier: Linkifier): Piece[] {
  const regex = linkifierRegex(linkifier.pattern);
  if (regex === null) return pieces;
  return pieces.flatMap((piece) => {
    if ('href' in piece) return [piece];
    const out: Piece[] = [];
    let last = 0;
    for (const match of linkifierMatches(regex, piece.text)) {
      const href = linkifierUrl(linkifier.url_template, match.groups);
      if (!isSafeUrl(href)) continue;
      if (match.start > last) out.push({ text: piece.text.slice(last, match.start) });
      out.push({ text: piece.text.slice(match.start, match.end), href });
      last = match.end;
    }
    if (out.length === 0) return [piece];
    if (last < piece.text.length) out.push({ text: piece.text.slice(last) });
    return out;
  });
}

function tokensOf(state: StateCore, pieces: readonly Piece[]): Token[] {
  return pieces.flatMap((piece) => {
    const text = new state.Token('text', '', 0);
    text.content = piece.text;
    if (!('href' in piece)) return [text];
    const open = new state.Token('link_open', 'a', 1);
    open.attrs = [['href', piece.href], ['title', piece.href]];
    open.markup = 'linkifier';
    const close = new state.Token('link_close', 'a', -1);
    close.markup = 'linkifier';
    return [open, text, close];
  });
}

/**
 * The organization's linkifiers, in their order, over text outside links and code: a piece one
 * linkifier links is not looked at by the next.
 */
function linkifierRule(state: StateCore): void {
  const linkifiers = (state.env as Partial<MessageEnv>).world?.linkifiers ?? [];
  if (linkifiers.length === 0) return;
  for (const block of state.tokens) {
    if (block.type !== 'inline' || block.children === null) continue;
    let linkDepth = 0;
    block.children = block.children.flatMap((token) => {
      if (token.type === 'link_open') linkDepth += 1;
      if (token.type === 'link_close') linkDepth -= 1;
      if (token.type !== 'text' || linkDepth > 0) return [token];
      const pieces = linkifiers.reduce<Piece[]>((current, linkifier) => applyLinkifier(current, linkifier), [{ text: token.content }]);
      return pieces.length === 1 && !('href' in pieces[0]) ? [token] : tokensOf(state, pieces);
    });
  }
}

export function linkifierPlugin(md: MarkdownIt): void {
  // After markdown-it's own linkify, so bare URLs are links already and left alone.
  md.core.ruler.after('linkify', 'chat_linkifiers', linkifierRule);
}
