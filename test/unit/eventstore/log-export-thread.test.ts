import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { DomainEvent } from '@chat/core';
import { exportEvents, LogExportThread, ndjsonLine, SqliteEventStore } from '@chat/eventstore';
import { metadataAt, T0, userCreatedEvent } from '../../support/stored-events.js';

/** Events of about 1 KB each: 3,000 of them make an export of several chunks. */
const EVENTS = 3000;
const NAME = 'x'.repeat(900);

const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('eventstore: LogExportThread (exports made in a thread of their own)', function () {
  this.timeout(30000);
  let dir: string;
  let file: string;
  let exports: LogExportThread;
  let expected: string;

  before(async function () {
    dir = mkdtempSync(join(tmpdir(), 'export-thread-'));
    file = join(dir, 'events.sqlite3');
    const store = new SqliteEventStore(file);
    for (let i = 0; i < EVENTS; i++) {
      const event: DomainEvent = i % 1000 === 0 ? userCreatedEvent(i, { password_hash: 'scrypt$secret' }) : { type: 'UserRenamed', data: { user_id: i % 7, full_name: `${NAME}${i}` } };
      await store.append(`user-${i}`, [{ id: `e${i}`, event, metadata: metadataAt(T0 + i) }], 'no_stream');
    }
    const lines: string[] = [];
    for await (const event of exportEvents(store, {}, await store.headPosition())) lines.push(ndjsonLine(event));
    expected = lines.join('');
    await store.close();
    exports = new LogExportThread({ kind: 'sqlite', file });
  });
  after(async () => {
    await exports.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the lines the in-thread export gives, in chunks that each end with a whole line', async function () {
    const chunks: Buffer[] = [];
    for await (const chunk of exports.export({ filter: {}, lines: {}, original: false })) chunks.push(chunk);
    expect(chunks.length).to.be.above(3);
    for (const chunk of chunks) expect(chunk.at(-1)).to.equal(0x0a);
    expect(Buffer.concat(chunks).toString('utf8')).to.equal(expected);
    expect(expected).to.not.include('scrypt$secret');
  });

  it('applies the filter and the line options in the thread', async function () {
    let text = '';
    for await (const chunk of exports.export({ filter: { types: ['UserCreated'], fromPosition: 2 }, lines: { includeSecrets: true }, original: false })) text += chunk.toString('utf8');
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as { position: number; data: { password_hash?: string } });
    expect(lines.map((line) => line.position)).to.deep.equal([1001, 2001]);
    expect(lines.map((line) => line.data.password_hash)).to.deep.equal(['scrypt$secret', 'scrypt$secret']);
  });

  it('reads no further than a few chunks ahead of a consumer that stops taking them', async function () {
    const before = exports.bytesReceived;
    const chunks = exports.export({ filter: {}, lines: {}, original: false })[Symbol.asyncIterator]();
    const first = await chunks.next();
    expect(first.done).to.equal(false);
    // What the thread hands over comes to rest: the first chunk, then one per credit in flight (four).
    let ahead = -1;
    while (ahead !== exports.bytesReceived - before) {
      ahead = exports.bytesReceived - before;
      await settle(250);
    }
    expect(ahead).to.be.at.most(5 * (first.value as Buffer).length + 64 * 1024);
    expect(ahead).to.be.below(Buffer.byteLength(expected) / 2);
    // Stopping early cancels the job: nothing more arrives.
    await chunks.return?.(undefined);
    await settle(200);
    expect(exports.bytesReceived - before).to.equal(ahead);
  });

  it('fails the export with the reason when the log cannot be read, and keeps serving others', async function () {
    const missing = new LogExportThread({ kind: 'sqlite', file: join(dir, 'none.sqlite3') });
    try {
      let failure: unknown = null;
      try {
        for await (const chunk of missing.export({ filter: {}, lines: {}, original: false })) expect.fail(`unexpected chunk of ${chunk.length} bytes`);
      } catch (error) {
        failure = error;
      }
      expect(failure).to.be.instanceOf(Error);
      expect((failure as Error).message).to.equal(`No event log at ${join(dir, 'none.sqlite3')}`);
    } finally {
      await missing.close();
    }
    let bytes = 0;
    for await (const chunk of exports.export({ filter: { toPosition: 10 }, lines: {}, original: false })) bytes += chunk.length;
    expect(bytes).to.equal(Buffer.byteLength(expected.split('\n').slice(0, 10).join('\n')) + 1);
  });
});
