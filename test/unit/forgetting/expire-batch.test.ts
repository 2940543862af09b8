import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ManualClock, type MessageState, type StoredEvent } from '@chat/core';
import { EventSchemaRegistry, SqliteEventStore } from '@chat/eventstore';
import { ProjectionRunner } from '@chat/projections';
import { MemoryReadStore } from '@chat/readstore';
import { openReadModels } from '../../../projections/src/read-models.js';
import { CommandBus } from '../../../services/api/src/commands/command-bus.js';
import { expireBatch } from '../../../services/api/src/retention/expire-batch.js';
import { countingBodySource } from '../../support/counting-body-source.js';
import { aMessageState } from '../../support/message-state-factory.js';
import { T0 } from '../../support/stored-events.js';

const ADA = 10;
const GENERAL = 1;
const DAY_MS = 86_400_000;
const recipient = { type: 'channel' as const, channel_id: GENERAL, topic: 'old news' };
const sent = (id: number, daysAgo: number): MessageState =>
  aMessageState({ id, sender_id: ADA, recipient, date_sent: Math.floor((T0 - daysAgo * DAY_MS) / 1000), content: `message ${id}`, rendered_content: `<p>message ${id}</p>` });

describe('A retention batch', function () {
  let directory: string;
  let log: SqliteEventStore;
  let runner: ProjectionRunner;

  beforeEach(async function () {
    directory = mkdtempSync(join(tmpdir(), 'chat-expire-batch-'));
    log = new SqliteEventStore(join(directory, 'events.sqlite'));
    runner = new ProjectionRunner(log, [], new MemoryReadStore().checkpoints);
    await runner.start();
  });

  afterEach(async function () {
    await runner.stop();
    await log.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('deletes the expired messages of its topic from their heads, reading none of their bodies', async function () {
    const bodies = new Map<number, MessageState>();
    const { source, reads: bodyReads } = countingBodySource(bodies);
    const readStore = new MemoryReadStore({ bodies: source });
    for (const message of [sent(1, 40), sent(2, 40), sent(3, 1)]) {
      bodies.set(message.id, message);
      await readStore.messages.insert(message, { user_ids: [ADA], flags: [0] }, message.id);
    }
    await readStore.messages.caughtUp();
    const bus = new CommandBus(log, runner, new ManualClock(T0), new EventSchemaRegistry(), { readYourWritesMs: 100 });
    const cutoff = Math.floor((T0 - 30 * DAY_MS) / 1000);

    const deleted = await expireBatch({ bus, models: openReadModels(readStore) }, recipient, [1, 2, 3, 404], cutoff);

    expect(deleted).to.equal(2);
    expect(bodyReads).to.deep.equal([]);
    const appended: StoredEvent[] = [];
    for await (const event of log.readAll()) appended.push(event);
    expect(appended.map((event) => [event.type, event.data])).to.deep.equal([
      ['MessagesDeleted', { message_ids: [1, 2], recipient, holders: [ADA], attachment_ids: [], reason: 'retention' }],
    ]);
  });
});
