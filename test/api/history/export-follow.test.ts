import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { ExportLine } from '@chat/eventstore';
import type { ApiClient } from '../../support/api-client.js';
import { expectValidExportLines } from '../../support/export-line-schemas.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const CLI = fileURLToPath(new URL('../../../tools/events/cli.ts', import.meta.url));

/** The CLI in its own process, as an operator runs it beside the server; lines arrive as it writes them. */
class ExportProcess {
  readonly lines: ExportLine[] = [];
  stderr = '';
  private readonly child: ChildProcessWithoutNullStreams;
  private partial = '';
  private waiters: (() => void)[] = [];

  constructor(argv: string[]) {
    this.child = spawn(process.execPath, ['--import', 'tsx', CLI, 'export', ...argv], { env: { PATH: process.env.PATH } });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop() ?? '';
      for (const part of parts) this.lines.push(JSON.parse(part) as ExportLine);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk;
    });
  }

  /** Resolves once `count` lines have arrived; fails after `ms`. */
  async waitForLines(count: number, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.lines.length < count) {
      if (Date.now() > deadline) throw new Error(`waited for ${count} lines, got ${this.lines.length}; stderr: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  async stop(): Promise<number | null> {
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    return code;
  }
}

describe('events export --follow', function () {
  this.timeout(40_000);
  let server: TestServer, alice: ApiClient;

  before(async function () {
    ({ server, alice } = await startServerWith('alice'));
  });
  after(() => server.stop());

  const rename = async (full_name: string) => expectSuccess(await alice.patch('/settings', { full_name }));

  it('from another process, writes the stored events and then each event appended after it started, until stopped', async function () {
    await rename('Alice Stored');
    const tail = new ExportProcess(['--data-dir', server.dataDir, '--follow', '--type', 'UserRenamed']);
    try {
      await tail.waitForLines(1);
      await rename('Alice Live');
      await tail.waitForLines(2);
      server.clock.advance(1000);
      await rename('Alice Later');
      await tail.waitForLines(3);
    } finally {
      expect(await tail.stop()).to.equal(0);
    }
    expect(tail.lines.map((line) => line.data)).to.deep.equal([
      { user_id: alice.userId, full_name: 'Alice Stored' },
      { user_id: alice.userId, full_name: 'Alice Live' },
      { user_id: alice.userId, full_name: 'Alice Later' },
    ]);
    expect(tail.lines[1].position).to.be.greaterThan(tail.lines[0].position);
    expectValidExportLines(tail.lines);
    expect(tail.stderr).to.equal('export: 3 events written\n');
  });
});
