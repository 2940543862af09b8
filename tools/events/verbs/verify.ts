import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { hashedSqliteRows } from '@chat/eventstore';
import { logOptions, sqliteLogFile } from '../open-log.js';
import { type LogSeal, parseSeal, readServerSecret, sealHead, sealIsGenuine } from '../verify/log-seal.js';
import { type ChainVerdict, verifyChain } from '../verify/verify-chain.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Verb } from '../verb.js';

const options = {
  ...logOptions,
  seal: { type: 'boolean' },
  out: { type: 'string' },
  against: { type: 'string' },
} as const;

/** What the walk adds to the chain's verdict when a seal is checked: the hash the sealed position has now. */
function checkAgainst(seal: LogSeal, verdict: ChainVerdict & { ok: true }, hashAtSeal: string | undefined): string | null {
  if (verdict.head.position < seal.position) {
    return `the log ends at position ${verdict.head.position}, before the sealed position ${seal.position}: its tail was removed`;
  }
  if (hashAtSeal !== seal.hash) {
    return `position ${seal.position} has hash ${hashAtSeal}, not the sealed ${seal.hash}: the log was rewritten up to there`;
  }
  return null;
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
    let hashAtSeal: string | undefined;
    const verdict = verifyChain(hashedSqliteRows(sqliteLogFile(dataDir)), (row) => {
      if (row.position === seal?.position) hashAtSeal = row.hash;
    });
    if (!verdict.ok) {
      io.stdout.write(`FAILED at position ${verdict.position}: ${verdict.problem} (${verdict.events} events before it verified)\n`);
      return EXIT_FAILURE;
    }
    const broken = seal ? checkAgainst(seal, verdict, hashAtSeal) : null;
    if (broken) {
      io.stdout.write(`FAILED against the seal of ${seal?.sealed_at}: ${broken}\n`);
      return EXIT_FAILURE;
    }
    const summary = `verified ${verdict.events} events in ${verdict.streams} streams; head position ${verdict.head.position}, hash ${verdict.head.hash}\n`;
    const extends_ = seal ? `the log extends the seal of position ${seal.position} made at ${seal.sealed_at}\n` : '';
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
