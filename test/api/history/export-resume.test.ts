import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { DomainEvent } from '@chat/core';
import { SqliteEventStore } from '@chat/eventstore';
import { runEvents } from '../../support/cli-run.js';
import { loadFixtureLog, readExportLines, USER_TOPICS_V1 } from '../../support/fixture-log.js';

const CLI = fileURLToPath(new URL('../../../tools/events/cli.ts', import.meta.url));

/** A log long enough (about 1.5 MB of lines) that an export is still writing when it is interrupted. */
async function longLog(): Promise<string> {
  const dataDir = await loadFixtureLog(USER_TOPICS_V1);
  const store = new SqliteEventStore(join(dataDir, 'events.sqlite3'));
  try {
    for (let batch = 0; batch < 10; batch++) {
      const events = Array.from({ length: 200 }, (_, i) => ({
        id: randomUUID(),
        event: { type: 'UserRenamed', data: { user_id: 3, full_name: `Name ${batch}-${i} ${'x'.repeat(500)}` } } as DomainEvent,
        metadata: { actor_id: 3, occurred_at: Date.UTC(2026, 0, 1, 0, 10), request_id: 'bulk', client: 'test', schema_version: 1, causation_id: null, correlation_id: 'bulk' },
      }));
      await store.append('user-3-names', events, batch === 0 ? 'no_stream' : batch * 200 - 1);
    }
  } finally {
    await store.close();
  }
  return dataDir;
}

/** The CLI in its own process writing to a pipe nobody reads for a while, then interrupted by a signal. */
async function interruptedExport(argv: string[], signal: NodeJS.Signals): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'export', ...argv], { env: { PATH: process.env.PATH } });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const chunks: Buffer[] = [];
  child.stdout.once('data', () => {
    // It has begun: stop reading so it blocks on the full pipe, signal it, then read on.
    child.stdout.pause();
    child.kill(signal);
    setTimeout(() => child.stdout.resume(), 300);
  });
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  // 'close', not 'exit': the process may exit before the last of its output has been read from the pipe.
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout: Buffer.concat(chunks).toString('utf8'), stderr };
}

describe('events export: interrupted, then resumed', function () {
  this.timeout(60_000);
  let dataDir: string;
  let whole: string;

  before(async function () {
    dataDir = await longLog();
    const run = await runEvents(['export', '--data-dir', dataDir]);
    expect(run.code).to.equal(0);
    whole = run.stdout;
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`stopped by ${signal}: names the last position written, and --resume-after it completes the same lines`, async function () {
      const stopped = await interruptedExport(['--data-dir', dataDir], signal);
      expect(stopped.code).to.equal(1);
      const match = /^export: stopped by (SIG\w+) after log position (\d+) \((\d+) events written\); resume with --resume-after (\d+) /m.exec(stopped.stderr);
      expect(match, stopped.stderr).to.not.equal(null);
      const [, name, position, written, resumeAt] = match!;
      const lines = readExportLines(stopped.stdout);
      expect(name).to.equal(signal);
      expect(resumeAt).to.equal(position);
      expect(lines.length).to.equal(Number(written));
      expect(lines.at(-1)?.position).to.equal(Number(position));
      expect(Number(position)).to.be.lessThan(readExportLines(whole).at(-1)!.position);

      const resumed = await runEvents(['export', '--data-dir', dataDir, '--resume-after', position]);
      expect(resumed.code).to.equal(0);
      expect(stopped.stdout + resumed.stdout).to.equal(whole);
    });
  }

  it('resumes into the same --out file, appending, with the filters kept', async function () {
    const out = join(dataDir, 'renames.ndjson');
    const full = await runEvents(['export', '--data-dir', dataDir, '--type', 'UserRenamed', '--to-position', '1500']);
    // An export that ended after position 700 (as an interrupted one would have written it).
    const first = await runEvents(['export', '--data-dir', dataDir, '--type', 'UserRenamed', '--to-position', '700', '--out', out]);
    expect(first.code).to.equal(0);
    const second = await runEvents(['export', '--data-dir', dataDir, '--type', 'UserRenamed', '--to-position', '1500', '--out', out, '--resume-after', '700']);
    expect(second.code).to.equal(0);
    expect(readFileSync(out, 'utf8')).to.equal(full.stdout);
  });

  it('refuses a --resume-after that is not a position', async function () {
    const run = await runEvents(['export', '--data-dir', dataDir, '--resume-after', 'twelve']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.equal("export: --resume-after: must be a log position, not 'twelve'\n");
  });
});
