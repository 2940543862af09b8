import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ApiError, ManualClock } from '@chat/core';
import { EventSchemaRegistry, SqliteEventStore } from '@chat/eventstore';
import { type Projection, ProjectionRunner } from '@chat/projections';
import { MemoryReadStore } from '@chat/readstore';
import { CommandBus } from '../../../services/api/src/commands/command-bus.js';
import { T0 } from '../../support/stored-events.js';

/** A read model whose store does not answer (a MongoDB election that lasts): every apply fails. */
const unreachable: Projection = {
  name: 'messages',
  handles: 'every',
  apply: async () => {
    throw new Error('Server selection timed out after 30000 ms');
  },
};

const claim = (stream: string) => ({ stream, expected: 'no_stream' as const, events: [{ type: 'KeyClaimed' as const, data: { kind: 'email', owner_id: 1 } }] });

describe('CommandBus while the read models cannot follow the log', function () {
  let directory: string;
  let store: SqliteEventStore;
  let runner: ProjectionRunner;
  const late: number[] = [];
  let bus: CommandBus;

  beforeEach(async function () {
    directory = mkdtempSync(join(tmpdir(), 'chat-bus-late-'));
    store = new SqliteEventStore(join(directory, 'events.sqlite'));
    runner = new ProjectionRunner(store, [unreachable], new MemoryReadStore().checkpoints, { retry: { firstDelayMs: 5, maxDelayMs: 5 } });
    await runner.start();
    late.length = 0;
    bus = new CommandBus(store, runner, new ManualClock(T0), new EventSchemaRegistry(), { readYourWritesMs: 100, onModelsLate: (position) => late.push(position) });
  });

  afterEach(async function () {
    await runner.stop();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('answers an appended command with its result (never an error: it happened), after a bounded wait', async function () {
    const started = performance.now();
    const result = await bus.run({ actorId: 1, requestId: 'r-1', client: 'test' }, async () => ({ appends: [claim('emailclaim-a')], result: 'claimed' }));
    expect(result).to.equal('claimed');
    expect(performance.now() - started).to.be.below(5_000);
    expect(await store.streamRevision('emailclaim-a')).to.equal(0);
    expect(late).to.deep.equal([await store.headPosition()]);
    expect(runner.retrying?.failing).to.equal('messages');
  });

  it('refuses with 503 READ_MODELS_BEHIND, nothing applied, a decision it would have to take again meanwhile', async function () {
    await bus.run({ actorId: 1, requestId: 'r-1', client: 'test' }, async () => ({ appends: [claim('emailclaim-b')], result: 'first' }));
    const error = await bus
      .run({ actorId: 1, requestId: 'r-2', client: 'test' }, async () => ({ appends: [claim('emailclaim-b')], result: 'second' }))
      .then(() => null, (reason: unknown) => reason);
    expect(error).to.be.instanceOf(ApiError);
    expect(error).to.include({ code: 'READ_MODELS_BEHIND', status: 503 });
    expect(await store.streamRevision('emailclaim-b')).to.equal(0);
  });
});
