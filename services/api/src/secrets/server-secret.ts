import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key API keys are derived from. It lives beside the log, never in it: an auditor reading the log
 * learns no credential. Losing it only forces users to fetch new API keys with their passwords.
 */
export function loadServerSecret(dataDir: string, fromEnv = process.env.CHAT_SERVER_SECRET): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const file = join(dataDir, 'server-secret');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('hex'), { mode: 0o600, flag: 'wx' });
  return secret;
}
