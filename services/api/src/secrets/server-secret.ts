import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key API keys are derived from. It lives beside the log, never in it: an auditor reading the log
 * learns no credential. Losing it only forces users to fetch new API keys with their passwords.
 * Several processes starting at once on one data directory agree on it: each writes a candidate
 * aside and links it into place, which succeeds for one of them; the others read the winner's.
 * Replicas on separate disks must be given one through CHAT_SERVER_SECRET.
 */
export function loadServerSecret(dataDir: string, fromEnv = process.env.CHAT_SERVER_SECRET): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const file = join(dataDir, 'server-secret');
  if (existsSync(file)) return readSecret(file);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const candidate = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(candidate, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(candidate, file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  } finally {
    rmSync(candidate, { force: true });
  }
  return readSecret(file);
}

const readSecret = (file: string): Buffer => Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
