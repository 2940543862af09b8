import { createRequire } from 'node:module';
import type MarkdownIt from 'markdown-it';
import type { StateCore, StateInline } from 'markdown-it';
import { insideLink, worldOf } from './message-env.js';
import { relativeToRealm } from './safe-links.js';
import { sanitizeUrl } from './sanitize-url.js';

const require = createRequire(import.meta.url);
/** File extensions that are also top-level domains, and read as file names rather than sites. */
const NOT_SITES: ReadonlySet<string> = new Set(['java', 'md', 'mov', 'py', 'zip']);
const TLDS = (require('tlds') as string[]).filter((tld) => !NOT_SITES.has(tld)).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));

const W = String.raw`[\p{L}\p{N}_]`;
const INNER = String.raw`[^\s()"]*`;
const GROUP = String.raw`[^\s()"]*?(?:\(%s\)[^\s()"]*?)*`;
let parens = GROUP;
for (let i = 0; i < 6; i += 1) parens = parens.replace('%s', GROUP);
parens = parens.replace('%s', INNER);

/**
 * A bare link as the public server finds one: after the start, a space or an opening character; an
 * http(s) URL or a host with a known top-level domain, with an optional path (up to six levels of
 * balanced parentheses), or an e-mail address; followed by closing punctuation and a space or the end.
 */
const BARE_LINK = new RegExp(
  String.raw`(?<![^\s'"(,:<])(?:(?:(?:https?://[\p{L}\p{N}_.:@-]+?|(?:[\p{L}\p{N}_-]+\.)+(?:${TLDS.join('|')}))(?:/${parens})?)|(?:[\p{L}\p{N}_.-]+@[\p{L}\p{N}_.-]+\.${W}+)|(?:bitcoin:[13][a-km-zA-HJ-NP-Z1-9]{25,34}))(?=[!:;?),.'">]*(?:$|\s))`,
  'gu',
);

const LINKS = 'zulipBareLinks';
/** Per inline source: where each bare link starts, and where it ends. */
type BareLinks = Map<number, number>;
type LinksBySource = Map<string, BareLinks>;

/**
 * Before inline parsing: the bare links of each paragraph's source, found on the whole source as the
 * public server finds them (so `**http://x.com**` is no link: an asterisk may not precede one).
 */
export function findBareLinks(state: StateCore): void {
  const bySource: LinksBySource = new Map();
  for (const token of state.tokens) {
    if (token.type !== 'inline' || bySource.has(token.content) || !/[.@:]/.test(token.content)) continue;
    const found: BareLinks = new Map();
    for (const match of token.content.matchAll(BARE_LINK)) found.set(match.index, match.index + match[0].length);
    if (found.size > 0) bySource.set(token.content, found);
  }
  (state.env as Record<string, unknown>)[LINKS] = bySource;
}

const linksOf = (state: StateInline): BareLinks | undefined => ((state.env as Record<string, unknown>)[LINKS] as LinksBySource | undefined)?.get(state.src);

/** A bare link found at this position becomes a link to its sanitized target; one refused stays text. */
function bareLink(state: StateInline, silent: boolean): boolean {
  const end = linksOf(state)?.get(state.pos);
  if (end === undefined || end > state.posMax || insideLink(state)) return false;
  const url = state.src.slice(state.pos, end);
  const href = sanitizeUrl(url);
  if (href === null) return false;
  if (!silent) {
    const open = state.push('link_open', 'a', 1);
    open.attrs = [['href', relativeToRealm(href, worldOf(state)?.realmUrl)]];
    open.markup = 'linkify';
    const text = state.push('text', '', 0);
    text.content = url;
    state.push('link_close', 'a', -1).markup = 'linkify';
  }
  state.pos = end;
  return true;
}

/** Plain text stops where a bare link starts, so the link rule sees its first character. */
function textUntilLink(state: StateInline, silent: boolean): boolean {
  const links = linksOf(state);
  let pos = state.pos;
  while (pos < state.posMax && !isTerminator(state.src.charCodeAt(pos)) && links?.has(pos) !== true) pos += 1;
  if (pos === state.pos) return false;
  if (!silent) state.pending += state.src.slice(state.pos, pos);
  state.pos = pos;
  return true;
}

// `(` and `;` start emoticons (`(:`, `;)`).
const TERMINATORS = new Set('\n!#$%&()*+-:;<=>@[\\]^_`{}~'.split('').map((c) => c.charCodeAt(0)));
const isTerminator = (code: number): boolean => TERMINATORS.has(code);

export function bareLinkPlugin(md: MarkdownIt): void {
  md.core.ruler.before('inline', 'zulip_find_bare_links', findBareLinks);
  md.inline.ruler.at('text', textUntilLink);
  md.inline.ruler.after('text', 'zulip_bare_link', bareLink);
}
