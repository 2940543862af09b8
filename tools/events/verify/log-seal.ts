import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChainHead } from './verify-chain.js';

/** A signed statement that the log's row at `position` had `hash`: the log must extend it from then on. */
export interface LogSeal {
  position: number;
  hash: string;
  /** ISO time of sealing, signed too. */
  sealed_at: string;
  /** HMAC-SHA256 with the server secret over the fields above, hex. */
  mac: string;
}

const macOf = (secret: Buffer, seal: Omit<LogSeal, 'mac'>): string =>
  createHmac('sha256', secret).update(`chat-log-seal/v1\n${seal.position}\n${seal.hash}\n${seal.sealed_at}`).digest('hex');

export function sealHead(head: ChainHead, secret: Buffer, now: Date): LogSeal {
  const unsigned = { position: head.position, hash: head.hash, sealed_at: now.toISOString() };
  return { ...unsigned, mac: macOf(secret, unsigned) };
}

/** Whether the seal was made with this secret and is unchanged since. */
export function sealIsGenuine(seal: LogSeal, secret: Buffer): boolean {
  const expected = Buffer.from(macOf(secret, seal), 'hex');
  const given = Buffer.from(seal.mac, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function parseSeal(text: string): LogSeal {
  const value: unknown = JSON.parse(text);
  if (value !== null && typeof value === 'object') {
    const { position, hash, sealed_at, mac } = value as Record<string, unknown>;
    if (typeof position === 'number' && typeof hash === 'string' && typeof sealed_at === 'string' && typeof mac === 'string') {
      return { position, hash, sealed_at, mac };
    }
  }
  throw new Error('not a seal: expected {position, hash, sealed_at, mac}');
}

/**
 * The server secret, read as the server reads it (CHAT_SERVER_SECRET, else DATA_DIR/server-secret in
 * hex), but never created: a verifier must not mint a secret of its own.
 */
export function readServerSecret(dataDir: string, env: NodeJS.ProcessEnv): Buffer {
  if (env.CHAT_SERVER_SECRET) return Buffer.from(env.CHAT_SERVER_SECRET, 'utf8');
  const file = join(dataDir, 'server-secret');
  if (!existsSync(file)) throw new Error(`No server secret: set CHAT_SERVER_SECRET or provide ${file}`);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}
