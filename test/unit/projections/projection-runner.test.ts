import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import { SqliteEventStore } from '@chat/eventstore';
import type { CheckpointStore } from '@chat/readstore';
import { type Projection, ProjectionRunner, READ_MODELS_CHECKPOINT } from '@chat/projections';
import { metadataAt, T0 } from '../../support/stored-events.js';

/** Checkpoints whose writes wait until the test lets them through, to open a window mid-drain. */
class GatedCheckpoints implements CheckpointStore {
  readonly positions = new Map<string, number>();
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;
  writes = 0;

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release(): void {
    this.open?.();
    this.gate = null;
  }
  async get(name: string): Promise<number> {
    return this.positions.get(name) ?? 0;
  }
  async set(name: string, position: number): Promise<void> {
    this.writes += 1;
    if (this.gate) await this.gate;
    this.positions.set(name, position);
  }
}

const claim = (n: number) => [{ id: `claim-${n}`, event: { type: 'KeyClaimed', data: { kind: 'email', owner_id: n } } as const, metadata: metadataAt(T0 + n) }];
const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> =>
  Promise.race([promise, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);

describe('ProjectionRunner', function () {
  let directory: string;
  let store: SqliteEventStore;

  beforeEach(function () {
    directory = mkdtempSync(join(tmpdir(), 'chat-runner-'));
    store = new SqliteEventStore(join(directory, 'events.sqlite'));
  });

  afterEach(async function () {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('given an event appended while it writes its checkpoint, applies that event without waiting for another append', async function () {
    const seen: number[] = [];
    const recorder: Projection = { name: 'recorder', handles: 'every', apply: async (event: StoredEvent) => void seen.push(event.position) };
    const checkpoints = new GatedCheckpoints();
    const runner = new ProjectionRunner(store, [recorder], checkpoints, { checkpointEvery: 1000 });
    await runner.start();

    checkpoints.hold();
    await store.append('emailclaim-1', claim(1), 'no_stream');
    while (checkpoints.writes === 0) await new Promise((resolve) => setImmediate(resolve));
    await store.append('emailclaim-2', claim(2), 'no_stream');
    checkpoints.release();

    expect(await within(runner.waitFor(2), 1000)).to.equal(undefined);
    expect(seen).to.deep.equal([1, 2]);
    await runner.stop();
    expect(checkpoints.positions.get(READ_MODELS_CHECKPOINT)).to.equal(2);
  });

  it('given a projection that fails with no time left to retry, rejects the commands already waiting and every later wait with the error', async function () {
    let fail: (error: Error) => void = () => undefined;
    const failing: Projection = { name: 'failing', handles: 'every', apply: () => new Promise<void>((_, reject) => (fail = reject)) };
    const errors: Error[] = [];
    const runner = new ProjectionRunner(store, [failing], new GatedCheckpoints(), { onError: (error) => errors.push(error), retry: { giveUpAfterMs: 0 } });
    await runner.start();
    const { position } = await store.append('emailclaim-1', claim(1), 'no_stream');
    const waiting = runner.waitFor(position).then(() => 'resolved', (error: Error) => error.message);
    fail(new Error('boom'));

    const gaveUp = 'projection failing failed for 0 s (1 attempts): boom';
    expect(await within(waiting, 1000)).to.equal(gaveUp);
    expect(errors.map((error) => error.message)).to.deep.equal([gaveUp]);
    expect(runner.position).to.equal(0);
    expect(await runner.waitFor(1).then(() => 'resolved', (error: Error) => error.message)).to.equal(gaveUp);
    await runner.stop();
  });
});
