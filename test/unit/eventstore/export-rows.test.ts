import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { DomainEvent } from '@chat/core';
import {
  allUpcasters,
  type ExportFilter,
  exportEvents,
  type ExportLineOptions,
  exportRowLines,
  ndjsonLine,
  ReadOnlySqliteLog,
  SqliteEventStore,
  UpcastingLogReader,
} from '@chat/eventstore';
import { metadataAt, T0, userCreatedEvent } from '../../support/stored-events.js';

/** Names that JSON escapes in every way it can: quotes, controls, line separators, astral characters. */
const NAMES = ['Zoë "the" \\ one', 'tab\there\nline', '\u2028\u2029 sep', '🌍 Łukasz', '<b>&amp;</b>', ''];

describe('eventstore: exportRowLines (export lines made from the stored rows)', function () {
  let dir: string;
  let log: ReadOnlySqliteLog;
  let head: number;

  before(async function () {
    dir = mkdtempSync(join(tmpdir(), 'export-rows-'));
    const file = join(dir, 'events.sqlite3');
    const store = new SqliteEventStore(file);
    let i = 0;
    const append = async (event: DomainEvent, schemaVersion = 1, actor: number | null = null): Promise<void> => {
      i++;
      await store.append(`user-${i}`, [{ id: `e${i}`, event, metadata: { ...metadataAt(T0 + i * 1000), actor_id: actor, schema_version: schemaVersion } }], 'no_stream');
    };
    for (let round = 0; round < 150; round++) {
      await append(userCreatedEvent(round, { password_hash: `scrypt$${round}`, full_name: NAMES[round % NAMES.length] }), 1, round % 3 === 0 ? null : 7);
      await append({ type: 'UserRenamed', data: { user_id: round, full_name: NAMES[(round + 1) % NAMES.length] } }, 1, 8);
      // Version 1 of UserTopicChanged (its policy a number), which the current version reads through an upcaster.
      await append({ type: 'UserTopicChanged', data: { user_id: round, channel_id: 1, topic: NAMES[round % NAMES.length], visibility_policy: round % 4 } } as unknown as DomainEvent, 1, 7);
      await append({ type: 'UserTopicChanged', data: { user_id: round, channel_id: 2, topic: 't', visibility_policy: 'followed' } }, 2, 7);
    }
    head = await store.headPosition();
    await store.close();
    log = new ReadOnlySqliteLog(file);
  });
  after(async () => {
    await log.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const filters: Record<string, ExportFilter> = {
    'the whole log': {},
    'a position range': { fromPosition: 7, toPosition: 50 },
    'a time range': { since: T0 + 20_000, until: T0 + 90_000 },
    'types and actors': { types: ['UserTopicChanged', 'UserCreated'], actorIds: [null, 8] },
    'streams and categories': { streams: ['user-3', 'user-4', 'user-77'], categories: ['user'] },
  };

  for (const [name, filter] of Object.entries(filters)) {
    for (const original of [false, true]) {
      for (const includeSecrets of [false, true]) {
        it(`gives exactly the lines of exportEvents for ${name} (${original ? 'as written' : 'upcast'}, secrets ${includeSecrets ? 'kept' : 'left out'})`, async function () {
          const options: ExportLineOptions = { includeSecrets };
          const reader = original ? log : new UpcastingLogReader(log, allUpcasters());
          const expected: string[] = [];
          for await (const event of exportEvents(reader, filter, head)) expected.push(ndjsonLine(event, options));
          const lines = [...exportRowLines(log, filter, head, original ? null : allUpcasters(), options)];
          expect(lines).to.deep.equal(expected);
          expect(lines.length).to.be.above(0);
        });
      }
    }
  }

  it('shares the log with a read-only connection that answers point reads as the store does', async function () {
    const events = await log.readAt([9, 2, head + 5, head]);
    expect(events.map((event) => event.position)).to.deep.equal([9, 2, head]);
    expect(events.map((event) => event.type)).to.deep.equal(['UserCreated', 'UserRenamed', 'UserTopicChanged']);
  });

  it('stops at the head it was given, and at the end of a log of several pages', function () {
    expect([...exportRowLines(log, {}, 10, null)].map((line) => (JSON.parse(line) as { position: number }).position)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([...exportRowLines(log, {}, head, null)]).to.have.length(head);
  });
});
