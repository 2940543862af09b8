import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * API keys are never stored: each is an HMAC of the server secret over the user id and the key's
 * generation, which the log records. Rotating a key is logging a new generation.
 */
export class ApiKeys {
  private readonly cache = new Map<string, Buffer>();

  constructor(private readonly secret: Buffer) {}

  keyFor(userId: number, generation: number): string {
    return this.bytes(userId, generation).toString('latin1');
  }

  /** The token an outgoing-webhook bot's service receives with each payload, derived like the keys. */
  serviceToken(userId: number): string {
    return createHmac('sha256', this.secret).update(`service-token:${userId}`).digest('hex').slice(0, 32);
  }

  /** Constant-time comparison of a presented key with the expected one. */
  matches(userId: number, generation: number, presented: string): boolean {
    const expected = this.bytes(userId, generation);
    const given = Buffer.from(presented, 'latin1');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private bytes(userId: number, generation: number): Buffer {
    const slot = `${userId}:${generation}`;
    let key = this.cache.get(slot);
    if (!key) {
      const digest = createHmac('sha256', this.secret).update(`api-key:${slot}`).digest('hex').slice(0, 32);
      key = Buffer.from(digest, 'latin1');
      this.cache.set(slot, key);
    }
    return key;
  }
}
