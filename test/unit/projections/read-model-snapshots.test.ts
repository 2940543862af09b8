import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { SqliteEventStore } from '@chat/eventstore';
import { prefetchSnapshot } from '@chat/readstore';
import { aSmallLog, aSnapshottedStore } from '../../support/snapshot-fixture.js';

describe('read-model snapshots: only a whole snapshot of this version and this log is loaded', function () {
  let dir: string;
  let log: SqliteEventStore;
  let file: string;

  beforeEach(async function () {
    dir = mkdtempSync(join(tmpdir(), 'chat-snapshots-'));
    log = await aSmallLog(dir, 5);
    file = join(dir, 'read-models.snapshot');
  });
  afterEach(async function () {
    await log.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Writes a snapshot at position 4 and answers a fresh store's load of `file` as it then is. */
  async function loadAfter(change: () => void | Promise<void> = () => {}, version?: string) {
    await (await aSnapshottedStore(log, file)).snapshots.save((read) => read(4));
    await change();
    const fresh = await aSnapshottedStore(log, file, 0, version);
    await fresh.store.clear();
    return { ...fresh, result: await fresh.snapshots.load() };
  }

  it('loads what was saved, at its position, as the read-models checkpoint', async function () {
    const { result, store, models } = await loadAfter();
    expect(result).to.include({ loaded: true, position: 4 });
    expect(await store.checkpoints.get('read-models')).to.equal(4);
    expect(await models.requestDays.get(3)).to.deep.equal({ day: 3 });
    expect((await store.messages.get(2))?.content).to.equal('m2');
    expect(await store.messages.holders(3)).to.deep.equal([1, 2]);
  });

  it('loads the same when the file was read ahead in a worker thread (npm start), and refuses another version read so', async function () {
    const { result, store, models } = await loadAfter(() => prefetchSnapshot(file));
    expect(result).to.include({ loaded: true, position: 4 });
    expect(await models.requestDays.get(3)).to.deep.equal({ day: 3 });
    expect((await store.messages.get(2))?.content).to.equal('m2');
    expect(await store.messages.holders(3)).to.deep.equal([1, 2]);
    await rejected(await loadAfter(() => prefetchSnapshot(file), 'another-version'), /another version/);
  });

  const rejected = async (outcome: Awaited<ReturnType<typeof loadAfter>>, reason: RegExp) => {
    expect(outcome.result.loaded).to.equal(false);
    if (!outcome.result.loaded) expect(outcome.result.reason).to.match(reason);
    expect(await outcome.store.checkpoints.get('read-models')).to.equal(0);
    expect(await outcome.models.requestDays.count()).to.equal(0);
    expect(await outcome.store.messages.get(1)).to.equal(undefined);
  };

  it('ignores a snapshot with a changed byte, anywhere', async function () {
    for (const at of [20, 0.5, 0.9]) {
      await rejected(
        await loadAfter(() => {
          const bytes = readFileSync(file);
          const index = at >= 1 ? at : Math.floor(bytes.length * at);
          bytes[index] ^= 0x40;
          writeFileSync(file, bytes);
        }),
        /checksum|not a snapshot|JSON/,
      );
    }
  });

  const arraysFiles = (): string[] => readdirSync(dir).filter((name) => name.endsWith('.arrays'));

  it('keeps its tables of numbers in one arrays file, and the previous one is removed when the next is written', async function () {
    const { snapshots } = await aSnapshottedStore(log, file);
    await snapshots.save((read) => read(3));
    const first = arraysFiles();
    expect(first).to.have.length(1);
    expect(readFileSync(join(dir, first[0])).includes(Buffer.from('m2'))).to.equal(false);
    expect(readFileSync(file).includes(Buffer.from('"day":3'))).to.equal(true);
    await snapshots.save((read) => read(4));
    expect(arraysFiles()).to.have.length(1);
    expect(arraysFiles()[0]).to.not.equal(first[0]);
    await snapshots.discard();
    expect(readdirSync(dir).filter((name) => name.startsWith('read-models'))).to.deep.equal([]);
  });

  it('ignores a snapshot whose arrays file changed, is missing or is another snapshot\'s, read here or ahead', async function () {
    const arrays = () => join(dir, arraysFiles()[0]);
    const flip = () => {
      const bytes = readFileSync(arrays());
      bytes[4096 + 8] ^= 0x40;
      writeFileSync(arrays(), bytes);
    };
    for (const ahead of [false, true]) {
      const read = (change: () => void) => loadAfter(() => {
        change();
        if (ahead) prefetchSnapshot(file);
      });
      await rejected(await read(flip), /checksum mismatch in /);
      await rejected(await read(() => rmSync(arrays())), /arrays file is missing/);
    }
    const { snapshots } = await aSnapshottedStore(log, file);
    await snapshots.save((read) => read(3));
    const older = readFileSync(join(dir, arraysFiles()[0]));
    // The next save writes a new pair; the earlier arrays file is put under the new one's name.
    await rejected(await loadAfter(() => writeFileSync(join(dir, arraysFiles()[0]), older)), /another snapshot/);
  });

  it('ignores a snapshot whose files the system will not read, read here or ahead, and replays instead of failing the start', async function () {
    for (const ahead of [false, true]) {
      await rejected(
        await loadAfter(() => {
          const arrays = join(dir, arraysFiles()[0]);
          rmSync(arrays);
          mkdirSync(arrays);
          if (ahead) prefetchSnapshot(file);
        }),
        /could not be read \(EISDIR/,
      );
      rmSync(join(dir, arraysFiles()[0]), { recursive: true });
    }
  });

    it('ignores a snapshot cut short', async function () {
    await rejected(await loadAfter(() => truncateSync(file, readFileSync(file).length - 10)), /cut short/);
  });

  it('ignores a snapshot written by another version of the code', async function () {
    await rejected(await loadAfter(() => {}, 'another-version'), /another version/);
  });

  it('ignores a snapshot of another log, or of a log cut before its position', async function () {
    await rejected(
      await loadAfter(async () => {
        await log.close();
        log = await aSmallLog(dir, 5, 'other-');
      }),
      /the log has no event/,
    );
    await rejected(
      await loadAfter(async () => {
        await log.close();
        log = await aSmallLog(dir, 3, 'short-');
      }),
      /the log has no event/,
    );
  });

  it('keeps the previous snapshot when a write stopped before its rename (a temporary file left behind)', async function () {
    const { result } = await loadAfter(() => writeFileSync(`${file}.tmp`, 'half a snapshot'));
    expect(result).to.include({ loaded: true, position: 4 });
  });
});

describe('read-model snapshots: a process killed while writing one', function () {
  this.timeout(60_000);

  it('leaves a snapshot that loads whole, at one of the positions written', async function () {
    const { spawn } = await import('node:child_process');
    const dir = mkdtempSync(join(tmpdir(), 'chat-snapshots-kill-'));
    const log = await aSmallLog(dir, 5);
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/snapshot-writer-child.ts', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
      let written = 0;
      const kills: number[] = [];
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          written += chunk.toString().split('\n').filter(Boolean).length;
          // Killed at once after some writes, and partway into the next one after others.
          if (written >= 2 && kills.length === 0) {
            kills.push(written);
            setTimeout(() => child.kill('SIGKILL'), 5 + Math.floor(Math.random() * 40));
          }
        });
        child.on('exit', () => resolve());
      });
      const fresh = await aSnapshottedStore(log, join(dir, 'read-models.snapshot'), 0);
      await fresh.store.clear();
      const result = await fresh.snapshots.load();
      expect(result.loaded).to.equal(true);
      if (result.loaded) expect([3, 4]).to.include(result.position);
      expect(await fresh.store.messages.holders(19_999)).to.deep.equal([1, 2]);
    } finally {
      await log.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
