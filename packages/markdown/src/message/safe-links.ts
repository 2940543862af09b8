import type MarkdownIt from 'markdown-it';
import type { MessageEnv } from './message-env.js';
import { sanitizeUrl } from './sanitize-url.js';

const SAFE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Whether a link target is allowed: http, https, mailto, or relative. Browsers drop tabs, line breaks
 * and leading control characters before reading a scheme, so the check drops them too (`java\tscript:`).
 */
export function isSafeUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  const scheme = SCHEME.exec(url.replace(/[\u0000-\u0020\u007f]/g, ''));
  return scheme === null || SAFE_SCHEMES.has(scheme[1].toLowerCase());
}

/** A link into the organization's own web app or uploads is written relative, as clients expect. */
export function relativeToRealm(href: string, realmUrl: string | undefined): string {
  if (realmUrl === undefined || realmUrl === '') return href;
  const prefix = `${realmUrl.replace(/\/+$/, '')}/`;
  return href.startsWith(`${prefix}#`) || href.startsWith(`${prefix}user_uploads/`) ? href.slice(prefix.length) : href;
}

/**
 * Links only to targets the public server allows (markdown-it leaves a refused `[text](target)` as
 * literal text), written as it writes them: the sanitized href alone, relative within the organization.
 */
export function safeLinksPlugin(md: MarkdownIt): void {
  md.validateLink = (url) => sanitizeUrl(url.trim()) !== null;
  md.normalizeLink = (url) => url;
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const href = token.markup === 'linkify' ? (token.attrGet('href') ?? '') : (sanitizeUrl((token.attrGet('href') ?? '').trim()) ?? '');
    token.attrSet('href', relativeToRealm(href, (env as Partial<MessageEnv>).world?.realmUrl));
    return self.renderToken(tokens, idx, options);
  };
}
