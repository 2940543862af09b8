import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scryptCallback(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const KEY_LENGTH = 32;

/** Passwords as salted scrypt hashes: `scrypt$N$r$p$salt$hash`, base64 parts. */
export class Passwords {
  private dummy: Promise<string> | null = null;

  constructor(private readonly cost: number) {}

  /** A hash of nothing at the configured cost: verifying against it takes as long as a real check. */
  dummyHash(): Promise<string> {
    this.dummy ??= this.hash('');
    return this.dummy;
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const options = { N: this.cost, r: 8, p: 1, maxmem: 256 * this.cost * 8 };
    const key = await scrypt(password, salt, KEY_LENGTH, options);
    return ['scrypt', this.cost, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, stored: string | null): Promise<boolean> {
    if (!stored) return false;
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) return false;
    const N = Number(n);
    const expected = Buffer.from(hash, 'base64');
    const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 256 * N * Number(r),
    });
    return timingSafeEqual(key, expected);
  }
}
