import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { hashedSqliteRows } from '@chat/eventstore';
import { logOptions, sqliteLogFile } from '../open-log.js';
import { type LogSeal, parseSeal, readServerSecret, sealHead, sealIsGenuine } from '../verify/log-seal.js';
import { type ChainVerdict, verifyChain } from '../verify/verify-chain.js';
import { type LogMigration, migrationIsGenuine, migrationsOf } from '../seal-history/migration-record.js';
import { progressOf } from '../progress.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Verb } from '../verb.js';

const options = {
  ...logOptions,
  seal: { type: 'boolean' },
  out: { type: 'string' },
  against: { type: 'string' },
} as const;

/** The sealed position as the walk found it: its hash, and the earlier hash a log sealed anew carries there. */
interface AtSeal {
  hash?: string;
  prior?: string | null;
}

/** What the walk adds to the chain's verdict when a seal is checked: the hash the sealed position has now (or had before its history was sealed anew). */
function checkAgainst(seal: LogSeal, verdict: ChainVerdict & { ok: true }, atSeal: AtSeal): string | null {
  if (verdict.head.position < seal.position) {
    return `the log ends at position ${verdict.head.position}, before the sealed position ${seal.position}: its tail was removed`;
  }
  if (atSeal.hash !== seal.hash && atSeal.prior !== seal.hash) {
    return `position ${seal.position} has hash ${atSeal.hash}, not the sealed ${seal.hash}: the log was rewritten up to there`;
  }
  return null;
}

/** The history migrations a log file records (none when it has no table for them, or no file yet). */
function recordedMigrations(file: string): LogMigration[] {
  if (!existsSync(file)) return [];
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return migrationsOf(db);
  } finally {
    db.close();
  }
}

/** The log's last position (0 when it has no events yet), for the progress shown. */
function headOf(file: string): number {
  if (!existsSync(file)) return 0;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").get();
    return table === undefined ? 0 : ((db.prepare('SELECT MAX(position) AS head FROM events').get() as { head: number | null }).head ?? 0);
  } finally {
    db.close();
  }
}

/**
 * `verify`: walks the SQLite log's hash chain and reports the first position whose content, order,
 * hash or stream revision does not match; optionally seals the head, or checks the log extends a seal.
 */
export const verb: Verb = {
  name: 'verify',
  summary: "Check the SQLite log's hash chain, positions and revisions; seal its head or check it against a seal",
  usage: `  --seal                   print a seal of the head (signed with the server secret) as one JSON line
  --out <file>             also write the seal to this file (with --seal)
  --against <file>         check that the log still extends the seal in this file (catches a removed tail)

The server secret is CHAT_SERVER_SECRET, else <data dir>/server-secret. Exits 0 when the log verifies,
1 at the first problem (its position is printed). EventStoreDB has no hash chain: verify reads SQLite only.`,

  async run(argv: string[], io: CliIo): Promise<number> {
    let args: ReturnType<typeof parseArgs<{ args: string[]; options: typeof options }>>['values'];
    try {
      args = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
      if (args['esdb-url']) throw new Error('EventStoreDB keeps no hash chain; verify reads a SQLite log (--data-dir)');
      if (args.out && !args.seal) throw new Error('--out goes with --seal');
    } catch (error) {
      io.stderr.write(`verify: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_USAGE;
    }
    const dataDir = resolve(args['data-dir'] ?? (io.env.DATA_DIR || './data'));
    const secret = () => readServerSecret(dataDir, io.env);
    const seal = args.against ? parseSeal(readFileSync(args.against, 'utf8')) : null;
    if (seal && !sealIsGenuine(seal, secret())) {
      io.stdout.write(`FAILED: the seal in ${args.against} was not made with this server's secret, or was changed\n`);
      return EXIT_FAILURE;
    }
    const atSeal: AtSeal = {};
    const migrations = recordedMigrations(sqliteLogFile(dataDir));
    const hashAt = new Map<number, string>();
    // A bar with the time left on a terminal, a plain line every ten seconds otherwise (issue 30).
    const progress = progressOf('verify', io.stderr, headOf(sqliteLogFile(dataDir)), { unit: 'positions' });
    const verdict = verifyChain(hashedSqliteRows(sqliteLogFile(dataDir)), (row) => {
      progress.update(row.position);
      if (migrations.some((m) => m.position === row.position)) hashAt.set(row.position, row.hash);
      if (row.position !== seal?.position) return;
      atSeal.hash = row.hash;
      atSeal.prior = row.prior_hash;
    });
    progress.stop();
    if (!verdict.ok) {
      io.stdout.write(`FAILED at position ${verdict.position}: ${verdict.problem} (${verdict.events} events before it verified)\n`);
      return EXIT_FAILURE;
    }
    const forged = verdict.ok ? migrations.find((m) => hashAt.get(m.position) !== m.hash || !migrationIsGenuine(secret(), m)) : undefined;
    if (forged) {
      io.stdout.write(`FAILED: the record of the history sealed anew on ${forged.migrated_at} does not match the log at position ${forged.position}, or was not made with this server's secret\n`);
      return EXIT_FAILURE;
    }
    const broken = seal ? checkAgainst(seal, verdict, atSeal) : null;
    if (broken) {
      io.stdout.write(`FAILED against the seal of ${seal?.sealed_at}: ${broken}\n`);
      return EXIT_FAILURE;
    }
    const anew = migrations.map((m) => `history up to position ${m.position} sealed anew on ${m.migrated_at} (record genuine; earlier hash ${m.prior_hash})\n`).join('');
    const summary = `verified ${verdict.events} events in ${verdict.streams} streams; head position ${verdict.head.position}, hash ${verdict.head.hash}\n${anew}`;
    const through = seal && atSeal.hash !== seal.hash ? ` (through the hash that position had before its history was sealed anew, which the chain carries)` : '';
    const extends_ = seal ? `the log extends the seal of position ${seal.position} made at ${seal.sealed_at}${through}\n` : '';
    if (!args.seal) {
      io.stdout.write(summary + extends_);
      return EXIT_OK;
    }
    io.stderr.write(summary + extends_);
    const line = `${JSON.stringify(sealHead(verdict.head, secret(), new Date()))}\n`;
    if (args.out) writeFileSync(args.out, line);
    io.stdout.write(line);
    return EXIT_OK;
  },
};
