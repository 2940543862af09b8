import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { PushTokenKind } from '@chat/core';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

const derive = (secret: Buffer, purpose: string): Buffer => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `chat ${purpose} ${VERSION}`, 32));

/**
 * Push tokens are secrets (whoever holds one can push to the device), so the log only sees them through
 * two keys derived from the server secret: an HMAC key for digests, which find a token again, and an
 * AES-256-GCM key, which seals the token for the pushes that need it back. The sealed token is bound
 * to its user and kind (additional data), so a ciphertext copied to another record does not open.
 */
export class PushTokenVault {
  private readonly digestKey: Buffer;
  private readonly sealKey: Buffer;

  constructor(secret: Buffer) {
    this.digestKey = derive(secret, 'push-token-digest');
    this.sealKey = derive(secret, 'push-token-seal');
  }

  /** Keyed digest of a token of this kind, hex: the same token always gives the same digest. */
  digest(kind: PushTokenKind, token: string): string {
    return createHmac('sha256', this.digestKey).update(`${kind}:${token}`).digest('hex');
  }

  /** Keyed digest of an encrypted registration, to recognize a retried registration without keeping it. */
  registrationDigest(userId: number, encryptedRegistration: string): string {
    return createHmac('sha256', this.digestKey).update(`e2ee:${userId}:${encryptedRegistration}`).digest('hex');
  }

  seal(userId: number, kind: PushTokenKind, token: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, nonce);
    cipher.setAAD(additionalData(userId, kind));
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  /** The token back; throws when the ciphertext was altered, belongs to another record or another secret. */
  open(userId: number, kind: PushTokenKind, sealed: string): string {
    const [version, encoded] = sealed.split(':');
    if (version !== VERSION || encoded === undefined) throw new Error(`unknown push token seal version '${version}'`);
    const bytes = Buffer.from(encoded, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, bytes.subarray(0, NONCE_BYTES));
    decipher.setAAD(additionalData(userId, kind));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}

const additionalData = (userId: number, kind: PushTokenKind): Buffer => Buffer.from(`push-token:${userId}:${kind}`);
