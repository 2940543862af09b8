import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import { SqliteEventStore } from '@chat/eventstore';
import { MemoryReadStore } from '@chat/readstore';
import { type Projection, ProjectionRunner, ProjectionsGaveUp, ReadModelsBehind, type RetryClock } from '@chat/projections';
import { metadataAt, T0 } from '../../support/stored-events.js';

const claim = (n: number) => [{ id: `claim-${n}`, event: { type: 'KeyClaimed', data: { kind: 'email', owner_id: n } } as const, metadata: metadataAt(T0 + n) }];

/** Time that passes only when the runner sleeps: every wait is recorded, none is waited. */
class SteppedClock implements RetryClock {
  at = 0;
  readonly sleeps: number[] = [];
  now(): number {
    return this.at;
  }
  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.at += ms;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A projection that records what it applied and fails the next `failures` calls, as a store that stops answering for a while. */
function flaky(name: string, failures = 0): Projection & { seen: number[]; failures: number } {
  const projection = {
    name,
    handles: 'every' as const,
    seen: [] as number[],
    failures,
    apply: async (event: StoredEvent) => {
      if (projection.failures > 0) {
        projection.failures -= 1;
        throw new Error(`${name}: connection reset`);
      }
      projection.seen.push(event.position);
    },
  };
  return projection;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('ProjectionRunner: failures are retried with backoff, then given up', function () {
  let directory: string;
  let store: SqliteEventStore;
  let clock: SteppedClock;

  beforeEach(function () {
    directory = mkdtempSync(join(tmpdir(), 'chat-runner-retries-'));
    store = new SqliteEventStore(join(directory, 'events.sqlite'));
    clock = new SteppedClock();
  });

  afterEach(async function () {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('retries a failing projection with doubling waits, resumes at it, and applies every event once', async function () {
    const before = flaky('before');
    const failing = flaky('failing');
    const after = flaky('after');
    const runner = new ProjectionRunner(store, [before, failing, after], new MemoryReadStore().checkpoints, { clock, retry: { firstDelayMs: 100, maxDelayMs: 350 } });
    await runner.start();
    const { position } = await store.append('claim-1', claim(1), 'no_stream');
    failing.failures = 4;
    const second = await store.append('claim-2', claim(2), 'no_stream');
    await runner.waitFor(second.position);
    expect(clock.sleeps).to.deep.equal([100, 200, 350, 350]);
    expect(before.seen).to.deep.equal([position, second.position]);
    expect(failing.seen).to.deep.equal([position, second.position]);
    expect(after.seen).to.deep.equal([position, second.position]);
    expect(runner.retrying).to.equal(null);
    expect(runner.failure).to.equal(null);
    await runner.stop();
  });

  it('says what it retries while it does (the projection, the error, the attempts), and nothing once it succeeded', async function () {
    const failing = flaky('messages', 1_000_000);
    let seen: unknown = null;
    const runner = new ProjectionRunner(store, [failing], new MemoryReadStore().checkpoints, {
      clock: { now: () => clock.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5))) },
      onRetry: (state) => (seen = { failing: state.failing, error: state.error.message, attempts: state.attempts }),
    });
    await runner.start();
    await store.append('claim-1', claim(1), 'no_stream');
    await settle();
    expect(runner.retrying).to.include({ failing: 'messages', attempts: (seen as { attempts: number }).attempts });
    expect(runner.retrying?.error.message).to.equal('messages: connection reset');
    failing.failures = 0;
    await runner.waitFor(await store.headPosition());
    expect(runner.retrying).to.equal(null);
    await runner.stop();
  });

  it('gives up once the failures outlast the deadline: told once, waiters rejected, no event applied past it', async function () {
    const failing = flaky('messages', 1_000_000);
    const gaveUp: Error[] = [];
    const runner = new ProjectionRunner(store, [failing], new MemoryReadStore().checkpoints, { clock, retry: { firstDelayMs: 1_000, maxDelayMs: 10_000, giveUpAfterMs: 60_000 }, onError: (error) => gaveUp.push(error) });
    await runner.start();
    const appended = await store.append('claim-1', claim(1), 'no_stream');
    const waiting = runner.waitFor(appended.position).then(() => 'resolved', (error: unknown) => error);
    const outcome = await waiting;
    expect(outcome).to.be.instanceOf(ProjectionsGaveUp);
    expect(gaveUp).to.have.length(1);
    expect(gaveUp[0].message).to.match(/^projection messages failed for 60 s \(\d+ attempts\): messages: connection reset$/);
    expect(clock.at).to.equal(60_000);
    expect(runner.failure).to.equal(gaveUp[0]);
    expect(runner.position).to.be.below(appended.position);
    await store.append('claim-2', claim(2), 'no_stream');
    await settle();
    expect(failing.seen).to.deep.equal([]);
    await runner.stop();
  });

  it('never gives up on failures the policy keeps trying (a full disk), and counts the deadline of others from the last of them', async function () {
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const failures: Error[] = [];
    const seen: number[] = [];
    const keys: Projection = {
      name: 'forgetting',
      handles: 'every',
      apply: async (event: StoredEvent) => {
        const failure = failures.shift();
        if (failure) throw failure;
        seen.push(event.position);
      },
    };
    const gaveUp: Error[] = [];
    const runner = new ProjectionRunner(store, [keys], new MemoryReadStore().checkpoints, {
      clock,
      retry: { firstDelayMs: 1_000, maxDelayMs: 10_000, giveUpAfterMs: 60_000, keepsTrying: (error) => (error as { code?: string }).code === 'SQLITE_FULL' },
      onError: (error) => gaveUp.push(error),
    });
    await runner.start();
    // Full for 300 s of the runner's time (five deadlines), then room again.
    for (let i = 0; i < 40; i++) failures.push(full);
    const first = await store.append('claim-1', claim(1), 'no_stream');
    await runner.waitFor(first.position);
    expect(clock.at).to.be.above(300_000);
    expect(seen).to.deep.equal([first.position]);
    expect(gaveUp).to.deep.equal([]);
    // Full for a while, then another failure that lasts: given up 60 s after the last full-disk failure.
    const fullUntil = clock.at;
    for (let i = 0; i < 10; i++) failures.push(full);
    for (let i = 0; i < 1_000; i++) failures.push(new Error('connection reset'));
    const second = await store.append('claim-2', claim(2), 'no_stream');
    const outcome = await runner.waitFor(second.position).then(() => 'resolved', (error: unknown) => error);
    expect(outcome).to.be.instanceOf(ProjectionsGaveUp);
    expect(gaveUp).to.have.length(1);
    const lastFull = clock.at - 60_000;
    expect(lastFull).to.be.above(fullUntil + 50_000);
    await runner.stop();
  });

  it('lets a caller bound its wait: ReadModelsBehind while the runner retries', async function () {
    const failing = flaky('messages', 1_000_000);
    const runner = new ProjectionRunner(store, [failing], new MemoryReadStore().checkpoints, {
      clock: { now: () => clock.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5))) },
    });
    await runner.start();
    const appended = await store.append('claim-1', claim(1), 'no_stream');
    const error = await runner.waitFor(appended.position, 50).then(() => null, (reason: unknown) => reason);
    expect(error).to.be.instanceOf(ReadModelsBehind);
    failing.failures = 0;
    await runner.waitFor(appended.position, 5_000);
    await runner.stop();
  });

  it('asks the subscription to wait while more events than its high-water mark are queued', async function () {
    const slow: Projection = { name: 'slow', handles: 'every', apply: () => new Promise((resolve) => setTimeout(resolve, 1)) };
    let listener: ((events: readonly StoredEvent[]) => void | Promise<void>) | null = null;
    const source = Object.create(store, { subscribe: { value: (_from: number, each: typeof listener) => ((listener = each), () => {}) } }) as SqliteEventStore;
    const runner = new ProjectionRunner(source, [slow], new MemoryReadStore().checkpoints, { highWater: 10 });
    await runner.start();
    const events = Array.from({ length: 12 }, (_, i) => ({ position: 100 + i, stream: 's', revision: i, id: `e${i}`, type: 'KeyClaimed', data: { kind: 'email', owner_id: i }, metadata: metadataAt(T0) }) as StoredEvent);
    const deliver = listener as unknown as (events: readonly StoredEvent[]) => void | Promise<void>;
    expect(deliver(events.slice(0, 5))).to.equal(undefined);
    const held = deliver(events.slice(5));
    expect(held).to.be.instanceOf(Promise);
    await held;
    await runner.waitFor(111);
    expect(runner.position).to.equal(111);
    await runner.stop();
  });
});
