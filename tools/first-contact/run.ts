import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { MongoClient } from 'mongodb';
import { EsdbEventStore } from '@chat/eventstore/esdb';

/**
 * `npm run test:first-contact`: the production path's first contact with real servers. Given
 * ESDB_URL and MONGO_URL (docker-compose.yml's services, say), it checks that both answer, runs every
 * contract suite and the store-parameterized API suites against them, and prints what passed, per
 * suite. Exits 0 only when every test ran and passed: a suite skipped for want of a server is a failure.
 * It writes to the servers (streams under a prefix of their own, databases named per run): use
 * servers that hold nothing of value.
 */

/** The suites it runs: every contract suite, and the end-to-end API runs parameterized by store. */
const suites = (): string[] => [
  ...readdirSync('test/contract').filter((name) => name.endsWith('.test.ts')).map((name) => join('test/contract', name)),
  'test/unit/projections/rebuild-after-api-history.test.ts',
  'test/api/realtime/register-consistency.test.ts',
];

/** The title of the pending test that stands for a suite skipped for want of a server (test/support/production-stores.ts). */
const NEEDS_SERVER = /runs only against a server/;

const USAGE = `usage: ESDB_URL=esdb://… MONGO_URL=mongodb://… npm run test:first-contact
  from the host, against docker-compose.yml's services:
    ESDB_URL='esdb://localhost:2113?tls=false' MONGO_URL='mongodb://localhost:27017/?directConnection=true' npm run test:first-contact
  on a secure EventStoreDB cluster, reading $all needs a user in $admins: esdb://user:password@host:2113?tls=true&tlsCAFile=…`;

interface Tally {
  passed: number;
  failed: number;
  /** Not run: a documented limit of the store (e.g. EventStoreDB's multi-stream atomicity). */
  pending: number;
  /** Not run for want of a server: the first contact did not happen for this suite. */
  skipped: number;
}

async function reachable(esdbUrl: string, mongoUrl: string): Promise<string[]> {
  const problems: string[] = [];
  const log = EsdbEventStore.connect(esdbUrl);
  try {
    await log.headPosition();
  } catch (error) {
    problems.push(`EventStoreDB at ESDB_URL does not answer a read of $all: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await log.close().catch(() => undefined);
  }
  try {
    const client = await MongoClient.connect(mongoUrl, { serverSelectionTimeoutMS: 10_000 });
    await client.db('admin').command({ ping: 1 });
    await client.close();
  } catch (error) {
    problems.push(`MongoDB at MONGO_URL does not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  return problems;
}

async function main(): Promise<number> {
  const { ESDB_URL: esdbUrl, MONGO_URL: mongoUrl } = process.env;
  if (!esdbUrl || !mongoUrl) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const problems = await reachable(esdbUrl, mongoUrl);
  if (problems.length > 0) {
    for (const problem of problems) process.stderr.write(`first contact: ${problem}\n`);
    return 1;
  }
  const mocha = new Mocha({ timeout: 120_000, reporter: 'spec' });
  for (const file of suites()) mocha.addFile(file);
  await mocha.loadFilesAsync();
  const bySuite = new Map<string, Tally>();
  const count = (test: Mocha.Runnable, outcome: keyof Tally): void => {
    let suite = test.parent;
    while (suite?.parent && !suite.parent.root) suite = suite.parent;
    const name = suite?.title ?? '(root)';
    const tally = bySuite.get(name) ?? { passed: 0, failed: 0, pending: 0, skipped: 0 };
    tally[outcome] += 1;
    bySuite.set(name, tally);
  };
  await new Promise<void>((resolve) => {
    const runner = mocha.run(() => resolve());
    runner.on('pass', (test) => count(test, 'passed'));
    runner.on('fail', (test) => count(test, 'failed'));
    runner.on('pending', (test) => count(test, NEEDS_SERVER.test(test.title) ? 'skipped' : 'pending'));
  });
  process.stdout.write('\nFirst contact: what passed, per suite\n');
  const total: Tally = { passed: 0, failed: 0, pending: 0, skipped: 0 };
  for (const [suite, tally] of bySuite) {
    const mark = tally.failed > 0 || tally.skipped > 0 ? '✘' : '✔';
    const notes = [tally.failed ? `${tally.failed} failed` : '', tally.pending ? `${tally.pending} not run (a documented limit)` : '', tally.skipped ? 'skipped: no server' : ''];
    process.stdout.write(`  ${mark} ${suite}: ${[`${tally.passed} passed`, ...notes.filter(Boolean)].join(', ')}\n`);
    for (const key of ['passed', 'failed', 'pending', 'skipped'] as const) total[key] += tally[key];
  }
  process.stdout.write(`${total.passed} passed, ${total.failed} failed, ${total.pending + total.skipped} skipped\n`);
  return total.failed === 0 && total.skipped === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`first contact: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
