import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from '@chat/core';

/** How long a temporary URL works, as on the public server. */
export const TEMPORARY_URL_TTL_MS = 60_000;

const PREFIX = '/user_uploads/temporary';

/**
 * Signs short-lived download links: `/user_uploads/temporary/<token>/<file name>`, the token being the
 * path id and expiry time with an HMAC-SHA256 under a key derived from the server secret. Whoever holds
 * the link may fetch the file until it expires, without credentials; nothing is stored, so nothing
 * about a link is in the log, and a new server secret voids every link.
 */
export class TemporaryUploadUrls {
  private readonly key: Buffer;

  constructor(
    secret: Buffer,
    private readonly clock: Clock,
    private readonly ttlMs = TEMPORARY_URL_TTL_MS,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'chat temporary-upload-url v1', 32));
  }

  /** A link to the file at `pathId`, valid from now for the TTL. */
  issue(pathId: string): string {
    const payload = `${Buffer.from(pathId).toString('base64url')}.${this.clock.now() + this.ttlMs}`;
    return `${PREFIX}/${payload}.${this.mac(payload)}/${fileNameOf(pathId)}`;
  }

  /** The path id a token was issued for; null when it was altered, signed by another secret, or expired. */
  open(token: string): string | null {
    const [encodedPath, expiresAt, mac, ...rest] = token.split('.');
    if (encodedPath === undefined || expiresAt === undefined || mac === undefined || rest.length > 0) return null;
    const expected = Buffer.from(this.mac(`${encodedPath}.${expiresAt}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!/^\d+$/.test(expiresAt) || Number(expiresAt) <= this.clock.now()) return null;
    return Buffer.from(encodedPath, 'base64url').toString('utf8');
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

/** The last part of a path id: the URL-safe file name a temporary link ends with. */
export const fileNameOf = (pathId: string): string => pathId.split('/').pop() ?? '';
