/** Schemes a link may use (the web's safelisted ones, http, https, ftp and file), as on the public server. */
const ALLOWED_SCHEMES: ReadonlySet<string> = new Set([
  'http', 'https', 'ftp', 'file', 'bitcoin', 'geo', 'im', 'irc', 'ircs', 'magnet', 'mailto', 'matrix', 'mms', 'news',
  'nntp', 'openpgp4fpr', 'sip', 'sms', 'smsto', 'ssh', 'tel', 'urn', 'webcal', 'wtai', 'xmpp',
]);

interface UrlParts { scheme: string; netloc: string; path: string; query: string; fragment: string }

/** A URL split as Python's urlsplit splits it (the scheme folded to lower case). */
function split(url: string): UrlParts {
  let rest = url;
  let scheme = '';
  const colon = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(rest);
  if (colon !== null) {
    scheme = colon[1].toLowerCase();
    rest = rest.slice(colon[0].length);
  }
  let netloc = '';
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?#]/);
    netloc = end < 0 ? rest.slice(2) : rest.slice(2, end + 2);
    rest = end < 0 ? '' : rest.slice(end + 2);
  }
  const hash = rest.indexOf('#');
  const fragment = hash < 0 ? '' : rest.slice(hash + 1);
  if (hash >= 0) rest = rest.slice(0, hash);
  const question = rest.indexOf('?');
  const query = question < 0 ? '' : rest.slice(question + 1);
  const path = question < 0 ? rest : rest.slice(0, question);
  return { scheme, netloc, path, query, fragment };
}

function join(parts: UrlParts): string {
  let url = parts.scheme === '' ? '' : `${parts.scheme}:`;
  if (parts.netloc !== '' || parts.scheme === 'http' || parts.scheme === 'https' || parts.scheme === 'ftp' || parts.scheme === 'file') url += `//${parts.netloc}`;
  url += parts.path;
  if (parts.query !== '') url += `?${parts.query}`;
  if (parts.fragment !== '') url += `#${parts.fragment}`;
  return url;
}

/**
 * The href a link may have, or null when it may have none: an allowed scheme, a path on this site,
 * a fragment, or an address (mailto:); without a scheme, http:// is assumed.
 */
export function sanitizeUrl(raw: string, depth = 0): string | null {
  const url = raw.replace(/ /g, '%20');
  const parts = split(url);
  if (parts.scheme === '' && parts.netloc === '' && parts.path.includes('@')) parts.scheme = 'mailto';
  else if (parts.scheme === '' && parts.netloc === '' && parts.path.startsWith('/')) return join(parts);
  else if (parts.scheme === '' && parts.netloc === '' && parts.path === '' && parts.query === '' && parts.fragment !== '') return `#${parts.fragment}`;
  if (parts.scheme === '') return depth > 0 ? null : sanitizeUrl(`http://${url}`, depth + 1);
  if (!ALLOWED_SCHEMES.has(parts.scheme)) return null;
  return join(parts);
}
