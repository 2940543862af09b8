import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { EventQueue, MemoryRealtime, NO_CAPABILITIES, type QueueSpec } from '@chat/realtime';

const spec: QueueSpec = {
  userId: 7,
  eventTypes: ['typing'],
  capabilities: { ...NO_CAPABILITIES, user_settings_object: true },
  narrow: [],
  applyMarkdown: false,
  clientGravatar: true,
  allPublicStreams: false,
};
const everything = { queueId: 'q1', capabilities: { ...NO_CAPABILITIES }, eventTypes: null };

describe('MemoryRealtime across a graceful restart', function () {
  let directory: string;
  let file: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'chat-queues-'));
    file = join(directory, 'queues.json');
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('brings back queues, unacknowledged entries, heads and taken sources once, then forgets the file', async function () {
    const before = new MemoryRealtime(file);
    await before.queues.create(new EventQueue('q1', spec, 0, 1_000));
    await before.feeds.append([0, 1, 2].map((n) => ({ userIds: [7], item: { event: { type: 'typing', n } } })), 30);
    await before.feeds.trim(7, 0);
    await before.close();

    const after = new MemoryRealtime(file);
    expect(await after.restore()).to.equal(1);
    expect(existsSync(file)).to.equal(false);
    const queue = await after.queues.get('q1');
    expect({ spec: queue?.spec, lastAcked: queue?.lastAcked, lastTouched: queue?.lastTouched }).to.deep.equal({ spec, lastAcked: 0, lastTouched: 1_000 });
    expect((await after.feeds.read(7, 0, everything)).map((entry) => [entry.seq, entry.event.n])).to.deep.equal([
      [1, 1],
      [2, 2],
    ]);
    expect(await after.feeds.head(7)).to.equal(2);
    expect(await after.feeds.append([{ userIds: [7], item: { event: { type: 'typing' } } }], 30)).to.deep.equal([]);

    expect(await new MemoryRealtime(file).restore()).to.equal(0);
  });
});
