import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { SqliteEventStore } from '@chat/eventstore';
import { MemoryReadStore } from '@chat/readstore';
import { type Projection, ProjectionRunner, READ_MODELS_CHECKPOINT } from '@chat/projections';
import { metadataAt, T0 } from '../../support/stored-events.js';

const claim = (n: number) => [{ id: `claim-${n}`, event: { type: 'KeyClaimed', data: { kind: 'email', owner_id: n } } as const, metadata: metadataAt(T0 + n) }];

/** A projection recording the positions it is handed; `restored` makes it a durable one standing there. */
function recorder(name: string, restored?: number): Projection & { seen: number[] } {
  const seen: number[] = [];
  return {
    name,
    handles: 'every',
    seen,
    apply: (event) => void seen.push(event.position),
    ...(restored === undefined ? {} : { restoredPosition: async () => restored }),
  };
}

describe('ProjectionRunner with restored models', function () {
  let directory: string;
  let store: SqliteEventStore;

  beforeEach(async function () {
    directory = mkdtempSync(join(tmpdir(), 'chat-runner-restored-'));
    store = new SqliteEventStore(join(directory, 'events.sqlite'));
    for (let n = 1; n <= 5; n++) await store.append(`claim-${n}`, claim(n), 'no_stream');
  });

  afterEach(async function () {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('reads from the lowest restored position and hands each projection only the events after its own', async function () {
    const read = new MemoryReadStore();
    await read.checkpoints.set(READ_MODELS_CHECKPOINT, 3);
    const memory = recorder('memory');
    const behind = recorder('behind', 1);
    const ahead = recorder('ahead', 5);
    const runner = new ProjectionRunner(store, [memory, behind, ahead], read.checkpoints);
    await runner.start();
    expect(memory.seen).to.deep.equal([4, 5]);
    expect(behind.seen).to.deep.equal([2, 3, 4, 5]);
    expect(ahead.seen).to.deep.equal([]);
    await store.append('claim-6', claim(6), 'no_stream');
    await runner.waitFor(6);
    expect([memory.seen.at(-1), behind.seen.at(-1), ahead.seen]).to.deep.equal([6, 6, [6]]);
    await runner.stop();
  });

  it('starts at the checkpoint when no projection is durable', async function () {
    const read = new MemoryReadStore();
    await read.checkpoints.set(READ_MODELS_CHECKPOINT, 4);
    const memory = recorder('memory');
    const runner = new ProjectionRunner(store, [memory], read.checkpoints);
    await runner.start();
    expect(memory.seen).to.deep.equal([5]);
    await runner.stop();
  });
});
