import { execFile } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { ExportLine } from '@chat/eventstore';
import { runEvents } from '../../support/cli-run.js';
import { expectValidExportLines } from '../../support/export-line-schemas.js';
import { loadFixtureLog, readExportLines, USER_TOPICS_V1 } from '../../support/fixture-log.js';

const positions = (lines: readonly ExportLine[]): number[] => lines.map((line) => line.position);
const range = (first: number, last: number): number[] => Array.from({ length: last - first + 1 }, (_, i) => first + i);

describe('events export (CLI)', function () {
  let dataDir: string;
  const exported = async (...argv: string[]): Promise<ExportLine[]> => {
    const run = await runEvents(['export', '--data-dir', dataDir, ...argv]);
    expect(run.stderr).to.match(/^export: \d+ events written\n$/);
    expect(run.code).to.equal(0);
    return readExportLines(run.stdout);
  };

  before(async function () {
    dataDir = await loadFixtureLog(USER_TOPICS_V1);
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes every event as one JSON line, in log order, each valid against its schemas', async function () {
    const lines = await exported();
    expect(positions(lines)).to.deep.equal(range(1, 31));
    expectValidExportLines(lines);
    expect(Object.keys(lines[0])).to.deep.equal(['position', 'stream', 'revision', 'id', 'type', 'version', 'data', 'metadata']);
    expect(lines[0]).to.deep.include({ position: 1, stream: 'realm', revision: 0, type: 'RealmCreated', version: 1 });
  });

  it('reads version-1 events as the current version, and as written with --original', async function () {
    const current = await exported('--type', 'UserTopicChanged');
    expect(current.map((line) => [line.version, line.data])).to.deep.equal([
      [2, { user_id: 3, channel_id: 1, topic: 'lunch', visibility_policy: 'followed' }],
      [2, { user_id: 4, channel_id: 1, topic: 'plans', visibility_policy: 'followed' }],
      [2, { user_id: 3, channel_id: 1, topic: 'plans', visibility_policy: 'muted' }],
      [2, { user_id: 4, channel_id: 1, topic: 'lunch', visibility_policy: 'unmuted' }],
      [2, { user_id: 4, channel_id: 1, topic: 'lunch', visibility_policy: 'inherit' }],
      [2, { user_id: 3, channel_id: 1, topic: 'dinner', visibility_policy: 'followed' }],
    ]);
    const original = await exported('--type', 'UserTopicChanged', '--original');
    expect(original.map((line) => [line.version, line.metadata.schema_version, (line.data as { visibility_policy: number }).visibility_policy])).to.deep.equal([
      [1, 1, 3], [1, 1, 3], [1, 1, 1], [1, 1, 2], [1, 1, 0], [1, 1, 3],
    ]);
    expectValidExportLines([...current, ...original]);
  });

  it('filters by position range, inclusive at both ends', async function () {
    expect(positions(await exported('--from-position', '20', '--to-position', '24'))).to.deep.equal([20, 21, 22, 23, 24]);
    expect(positions(await exported('--from-position', '30'))).to.deep.equal([30, 31]);
    expect(positions(await exported('--to-position', '2'))).to.deep.equal([1, 2]);
  });

  it('filters by time: --since inclusive, --until exclusive', async function () {
    expect(positions(await exported('--since', '2026-01-01T00:03:00Z'))).to.deep.equal([26, 27, 28, 29, 30, 31]);
    expect(positions(await exported('--since', '2026-01-01T00:01:00Z', '--until', '2026-01-01T00:03:00Z'))).to.deep.equal([23, 24, 25]);
  });

  it('filters by stream and by category, each repeatable', async function () {
    expect(positions(await exported('--stream', 'user-4'))).to.deep.equal([18, 26, 29, 30]);
    expect(positions(await exported('--stream', 'user-4', '--stream', 'realm'))).to.deep.equal([1, 12, 18, 26, 29, 30]);
    expect(positions(await exported('--category', 'message'))).to.deep.equal([24, 25, 27]);
    expect(positions(await exported('--category', 'channel', '--category', 'usergroup'))).to.deep.equal([...range(4, 11), 20, 21, 22]);
  });

  it('filters by event type, repeatable', async function () {
    expect(positions(await exported('--type', 'MessageSent', '--type', 'ChannelCreated'))).to.deep.equal([20, 24, 25, 27]);
  });

  it("filters by actor: a user id, or 'server' for the server's own events", async function () {
    expect(positions(await exported('--actor', '4'))).to.deep.equal([22, 25, 26, 27, 29, 30]);
    expect(positions(await exported('--actor', 'server'))).to.deep.equal(range(1, 14));
    expect(positions(await exported('--actor', '1', '--category', 'user'))).to.deep.equal([16, 18]);
  });

  it('writes to a file with --out, the same lines', async function () {
    const file = join(dataDir, 'export.ndjson');
    const run = await runEvents(['export', '--data-dir', dataDir, '--out', file, '--category', 'message']);
    expect(run).to.deep.equal({ code: 0, stdout: '', stderr: 'export: 3 events written\n' });
    expect(positions(readExportLines(readFileSync(file, 'utf8')))).to.deep.equal([24, 25, 27]);
  });

  it('leaves the log file untouched (opened read-only, nothing created or migrated)', async function () {
    const file = join(dataDir, 'events.sqlite3');
    const before = statSync(file);
    await exported();
    const after = statSync(file);
    expect([after.size, after.mtimeMs]).to.deep.equal([before.size, before.mtimeMs]);
  });

  it('refuses a bad option with exit code 2, naming it, and writes nothing', async function () {
    const cases: [string[], string][] = [
      [['--from-position', 'x'], "export: --from-position: Invalid 'from_position': must be a positive integer (got 'x')\n"],
      [['--since', 'last week'], "export: --since: Invalid 'since': must be an ISO 8601 time such as 2025-01-31T12:00:00Z (got 'last week')\n"],
      [['--type', 'MessageSnet'], "export: --type: Invalid 'type': unknown event type 'MessageSnet'\n"],
      [['--actor', 'me'], "export: --actor: Invalid 'actor': must be a user id or 'server' (got 'me')\n"],
    ];
    for (const [argv, stderr] of cases) {
      expect(await runEvents(['export', '--data-dir', dataDir, ...argv])).to.deep.equal({ code: 2, stdout: '', stderr });
    }
    const unknown = await runEvents(['export', '--data-dir', dataDir, '--colour']);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.contain("Unknown option '--colour'");
  });

  it('fails with exit code 1 when there is no log', async function () {
    const run = await runEvents(['export', '--data-dir', join(dataDir, 'nowhere')]);
    expect(run.code).to.equal(1);
    expect(run.stderr).to.equal(`export: No event log at ${join(dataDir, 'nowhere', 'events.sqlite3')}\n`);
  });

  it('documents its options in --help', async function () {
    const run = await runEvents(['export', '--help']);
    expect(run.code).to.equal(0);
    for (const option of ['--out', '--follow', '--original', '--from-position', '--to-position', '--since', '--until', '--stream', '--category', '--type', '--actor', '--data-dir', '--esdb-url']) {
      expect(run.stdout).to.contain(option);
    }
  });

  it("the README's exports to standard output go through `npm run -s`, and then the output is NDJSON only", async function () {
    this.timeout(30000);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const toStdout = readme.split('\n').filter((line) => /npm run .*events -- export/.test(line) && !line.includes('--out'));
    expect(toStdout).to.have.length.above(0);
    for (const line of toStdout) expect(line, line).to.match(/^npm run -s events -- export/);
    // What the README's first line does, with npm itself: without -s npm prints its banner on stdout.
    const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'events', '--', 'export', '--data-dir', dataDir], { cwd: new URL('../../..', import.meta.url) });
    const lines = stdout.trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as ExportLine).position)).to.deep.equal(range(1, 31));
  });
});
