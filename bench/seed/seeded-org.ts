import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEAL_FORMAT } from '@chat/keystore';
import { ROOT } from '../lib/server-process.js';

export interface OrgSize {
  users: number;
  channels: number;
  subscribersPerChannel: number;
  messages: number;
  /** Subscribers of the one large channel. */
  fanoutSubscribers: number;
  /** Messages in the busy channel whose reader marks them read. */
  firehoseMessages: number;
}

export interface SeededUser {
  id: number;
  email: string;
  apiKey: string;
}

export interface SeededChannel {
  id: number;
  name: string;
  subscribers: number[];
}

export interface SeededOrg {
  size: OrgSize;
  owner: { email: string; password: string };
  users: SeededUser[];
  channels: SeededChannel[];
  fanoutChannel: SeededChannel;
  firehose: { channel: SeededChannel; messageIds: number[]; reader: SeededUser };
  /** Events in the log after seeding. */
  events: number;
}

const CACHE = join(ROOT, 'bench', '.cache');

/** How the log is written: sealed (the server's default), or in clear as before sealing. */
export interface SeedOptions {
  sealing: boolean;
}

/** The cache key: the size and everything that shapes the log (event schemas, the seeding code, sealing and its box format). */
function cacheKey(size: OrgSize, options: SeedOptions): string {
  const hash = createHash('sha256').update(JSON.stringify(size)).update(options.sealing ? `sealed, box format ${SEAL_FORMAT}` : 'unsealed');
  const schemaDir = join(ROOT, 'schemas', 'events');
  for (const file of readdirSync(schemaDir).sort()) hash.update(readFileSync(join(schemaDir, file)));
  hash.update(readFileSync(join(ROOT, 'bench', 'seed', 'seed-org.ts')));
  return `${size.users}u-${size.channels}c-${size.messages}m-${hash.digest('hex').slice(0, 12)}`;
}

/** A seeded organization, generated once per size and schema version and kept under bench/.cache. */
export function seededOrg(size: OrgSize, options: SeedOptions = { sealing: true }): { dir: string; org: SeededOrg; seedSeconds: number | null } {
  const dir = join(CACHE, cacheKey(size, options));
  let seedSeconds: number | null = null;
  if (!existsSync(join(dir, 'bench-org.json'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`seeding ${JSON.stringify(size)} into ${dir} (cached for later runs)\n`);
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--max-old-space-size=8192', 'bench/seed/seed-org.ts', dir, JSON.stringify(size)], {
      cwd: ROOT,
      env: { ...process.env, CHAT_LOG_SEALING: options.sealing ? 'on' : 'off' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`seeding failed with ${run.status}`);
    seedSeconds = (performance.now() - started) / 1000;
  }
  return { dir, org: JSON.parse(readFileSync(join(dir, 'bench-org.json'), 'utf8')) as SeededOrg, seedSeconds };
}

/** A private copy of a seeded data directory for one server run (runs append to it). */
export function copyOf(dir: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'chat-bench-'));
  cpSync(dir, copy, { recursive: true });
  return copy;
}

/**
 * A private copy without the read-models snapshot, so the server started on it replays its log: whether
 * a cached organization's snapshot is still loadable depends on when it was seeded (one of older read
 * models is not), and a start from a snapshot leaves the first requests colder than one after a
 * replay. Two servers compared on such copies start alike, whatever the cache holds (sealing_cost).
 */
export function replayingCopy(dir: string): string {
  const copy = copyOf(dir);
  for (const name of readdirSync(copy)) if (name.startsWith('read-models.snapshot')) rmSync(join(copy, name));
  return copy;
}

/** A new, empty data directory. */
export const emptyDataDir = (): string => mkdtempSync(join(tmpdir(), 'chat-bench-'));

export const removeDir = (dir: string): void => rmSync(dir, { recursive: true, force: true });

export const diskUsage = (dir: string): string => execFileSync('du', ['-sh', dir]).toString().split('\t')[0];
