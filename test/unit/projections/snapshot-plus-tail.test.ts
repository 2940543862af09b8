import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Role } from '@chat/core';
import { logMessageBodies, openReadModels, ProjectionRunner, ReadModelSnapshots, type ReadModels, readModelsDigest } from '@chat/projections';
import { allProjections } from '../../../services/api/src/features/all-features.js';
import { MemoryReadStore } from '@chat/readstore';
import { LogReplay } from '../../../tools/events/replay/replay-log.js';
import { messageHistory } from '../../support/message-history-script.js';
import { collectionsView, type MessageKeys, messagesView } from '../../support/read-models-view.js';
import { rebuiltModels } from '../../support/rebuilt-models.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/**
 * A snapshot of the read models taken at some position, loaded into fresh models that then apply only
 * the log after it, gives exactly the models a replay of the whole log gives: documents, messages with
 * their bodies (read back from the log), flags, and every index the queries use.
 */
describe('read models: a snapshot plus the log after it equals a full replay', function () {
  let server: TestServer;
  let directory: string;
  let keys: MessageKeys;
  let head: number;

  before(async function () {
    const started = await startServerWith('member');
    server = started.server;
    const newbie = await server.createUser('Newbie', Role.Moderator);
    expectSuccess(await started.member.post('/users/me/alert_words', { alert_words: ['deploy 0', 'outage'] }));
    await messageHistory({ owner: server.owner, viewer: server.owner, member: started.member, newbie }, 0);
    await messageHistory({ owner: server.owner, viewer: started.member, member: started.member, newbie }, 1);
    head = await server.ctx.store.headPosition();
    await server.ctx.runner.waitFor(head);
    const messageIds: number[] = [];
    for await (const event of server.ctx.store.readAll()) if (event.type === 'MessageSent') messageIds.push(event.data.message_id);
    const userIds = (await server.ctx.models.users.all()).map((user) => user.user_id).sort((a, b) => a - b);
    const channelIds = (await server.ctx.models.channels.all()).map((channel) => channel.channel_id).sort((a, b) => a - b);
    keys = { messageIds, userIds, channelIds };
    directory = mkdtempSync(join(tmpdir(), 'chat-snapshot-tail-'));
  });
  after(async function () {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  /** Models replayed up to `position`, snapshotted there, loaded into fresh models, then caught up with the log. */
  async function fromSnapshotAt(position: number): Promise<ReadModels> {
    const log = server.ctx.store;
    const file = join(directory, `at-${position}.snapshot`);
    const first = new MemoryReadStore({ bodies: logMessageBodies(log) });
    const replay = new LogReplay(log, first);
    await replay.to(position);
    const written = await new ReadModelSnapshots(file, first, log, null).save((read) => read(position));
    expect(written?.position).to.equal(position);

    const store = new MemoryReadStore({ bodies: logMessageBodies(log) });
    const models = openReadModels(store);
    expect(await new ReadModelSnapshots(file, store, log, null).load()).to.include({ loaded: true, position });
    const runner = new ProjectionRunner(log, allProjections(models), store.checkpoints);
    await runner.start();
    await runner.stop();
    expect(runner.position).to.equal(head);
    return models;
  }

  it('at a third, two thirds and the head of the log', async function () {
    const full = await rebuiltModels(server);
    const expected = { digest: await readModelsDigest(full), messages: await messagesView(full, keys), collections: await collectionsView(full) };
    for (const position of [Math.floor(head / 3), Math.floor((2 * head) / 3), head - 1, head]) {
      const models = await fromSnapshotAt(position);
      expect(await readModelsDigest(models), `digest from ${position}`).to.deep.equal(expected.digest);
      expect(await messagesView(models, keys), `messages from ${position}`).to.deep.equal(expected.messages);
      expect(await collectionsView(models), `collections from ${position}`).to.deep.equal(expected.collections);
    }
  });

  it('the live server (bodies read from the log) holds the same models', async function () {
    const full = await rebuiltModels(server);
    expect(await readModelsDigest(server.ctx.models)).to.deep.equal(await readModelsDigest(full));
  });
});
