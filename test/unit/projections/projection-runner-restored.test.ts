import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import { SqliteEventStore } from '@chat/eventstore';
import { type CheckpointStore } from '@chat/readstore';
import { type Projection, ProjectionRunner, READ_MODELS_CHECKPOINT } from '@chat/projections';
import { metadataAt, T0 } from '../../support/stored-events.js';

class MapCheckpoints implements CheckpointStore {
  readonly positions = new Map<string, number>();
  async get(name: string): Promise<number> {
    return this.positions.get(name) ?? 0;
  }
  async set(name: string, position: number): Promise<void> {
    this.positions.set(name, position);
  }
}

const claim = (n: number) => [{ id: `claim-${n}`, event: { type: 'KeyClaimed', data: { kind: 'email', owner_id: n } } as const, metadata: metadataAt(T0 + n) }];

/** A projection that records what it is given; durable ones report a restored position. */
function recorder(name: string, restored?: number): Projection & { seen: number[] } {
  const seen: number[] = [];
  const projection = {
    name,
    handles: 'every' as const,
    seen,
    apply: (event: StoredEvent) => void seen.push(event.position),
  };
  return restored === undefined ? projection : { ...projection, restoredPosition: async () => restored };
}

describe('ProjectionRunner with durable projections (restoredPosition)', function () {
  let directory: string;
  let store: SqliteEventStore;

  beforeEach(async function () {
    directory = mkdtempSync(join(tmpdir(), 'chat-runner-restored-'));
    store = new SqliteEventStore(join(directory, 'events.sqlite'));
    for (let n = 1; n <= 6; n++) await store.append(`emailclaim-${n}`, claim(n), 'no_stream');
  });

  afterEach(async function () {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('starts at the lowest position and gives each projection only the events after its own', async function () {
    const checkpoints = new MapCheckpoints();
    checkpoints.positions.set(READ_MODELS_CHECKPOINT, 4);
    const plain = recorder('plain');
    const durable = recorder('durable', 2);
    const ahead = recorder('ahead', 5);
    const runner = new ProjectionRunner(store, [plain, durable, ahead], checkpoints);
    await runner.start();
    expect(plain.seen).to.deep.equal([5, 6]);
    expect(durable.seen).to.deep.equal([3, 4, 5, 6]);
    expect(ahead.seen).to.deep.equal([6]);
    expect(runner.position).to.equal(6);

    await store.append('emailclaim-7', claim(7), 'no_stream');
    await runner.waitFor(7);
    expect([plain.seen.at(-1), durable.seen.at(-1), ahead.seen.at(-1)]).to.deep.equal([7, 7, 7]);
    await runner.stop();
  });

  it('given memory read models (checkpoint 0), rebuilds them from the start while the durable one gets only its missing events', async function () {
    const plain = recorder('plain');
    const durable = recorder('durable', 6);
    const runner = new ProjectionRunner(store, [plain, durable], new MapCheckpoints());
    await runner.start();
    expect(plain.seen).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(durable.seen).to.deep.equal([]);
    await runner.stop();
  });
});
