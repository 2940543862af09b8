/**
 * What a log line may say of a request's URL. The query string goes (any parameter may be a secret:
 * `api_key`, tokens, passwords sent the wrong way), and so do path segments that are secrets
 * themselves: an invitation link's key, an email change's token, a temporary upload URL's token.
 */
const SECRET_SEGMENTS: readonly RegExp[] = [/^(\/join\/)[^/]+/i, /^(\/accounts\/confirm_new_email\/)[^/]+/i, /^(\/user_uploads\/temporary\/)[^/]+/i];

export const REDACTED = '[redacted]';

export function loggablePath(url: string): string {
  const mark = url.indexOf('?');
  let path = mark < 0 ? url : url.slice(0, mark);
  for (const segment of SECRET_SEGMENTS) path = path.replace(segment, `$1${REDACTED}`);
  return path;
}

/** A URL setting as an error message may show it: whatever comes before its last `@` (a user and password) replaced. */
export function withoutCredentials(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/*)?.*@/i, `$1${REDACTED}@`);
}
