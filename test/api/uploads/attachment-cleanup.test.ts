import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { editMessage } from '../../support/edit-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { drain, ofType, registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { attachmentOf, loggedEvents, uploaded } from '../../support/upload-requests.js';

const DAY = 86_400_000;

describe('attachments: automatic clean-up by the scheduler', function () {
  let server: TestServer, alice: ApiClient;

  beforeEach(async function () {
    ({ server, alice } = await startServerWith('alice'));
    await createChannels(alice, ['files']);
  });
  afterEach(() => server.stop());

  const stored = (pathId: string): boolean => existsSync(join(server.dataDir, 'uploads', pathId));
  /** Each deletion as the log tells it: which file and why; its path is forgotten with it (docs/topics/forgetting.md). */
  const deletions = (): unknown[] => loggedEvents(server, 'AttachmentDeleted').map((event) => [event.data.attachment_id, event.data.path_id, event.data.reason]);
  const forgotten = (id: unknown): string => `forgotten/${String(id)}`;
  const later = async (ms: number): Promise<void> => {
    server.clock.advance(ms);
    await server.ctx.scheduler.runDue();
  };

  it('deletes a file no message linked 21 days after its upload, bytes included, and tells the owner', async function () {
    const { pathId } = await uploaded(alice, 'forgotten.txt', 'forgotten');
    const id = (await attachmentOf(alice, pathId))?.id;
    await later(21 * DAY - 1);
    expect(await attachmentOf(alice, pathId)).not.to.equal(undefined);
    expect(stored(pathId)).to.equal(true);
    // Registered now: a queue idle for ten minutes of the test's time would be gone.
    const queue = await registerQueue(alice);
    await later(1);
    expect(await attachmentOf(alice, pathId)).to.equal(undefined);
    expect(stored(pathId)).to.equal(false);
    expect(deletions()).to.deep.equal([[id, forgotten(id), 'unclaimed']]);
    expect(ofType(await drain(queue), 'attachment').map((event) => [event.op, event.attachment])).to.deep.equal([['remove', { id }]]);
  });

  it('keeps a file a message links, however old', async function () {
    const { url, pathId } = await uploaded(alice, 'kept.txt', 'kept');
    await postToChannel(alice, 'files', 'kept', `[k](${url})`);
    await later(400 * DAY);
    expect(await attachmentOf(alice, pathId)).not.to.equal(undefined);
    expect(deletions()).to.deep.equal([]);
  });

  it('deletes a file at the next run once the last message linking it is deleted', async function () {
    const { url, pathId } = await uploaded(alice, 'orphan.txt', 'orphan');
    const attachmentId = (await attachmentOf(alice, pathId))?.id;
    const first = await postToChannel(alice, 'files', 'o', `[o](${url})`);
    const second = await postToChannel(alice, 'files', 'o', `[o again](${url})`);
    expectSuccess(await server.owner.delete(`/messages/${first}`));
    await later(1);
    expect((await attachmentOf(alice, pathId))?.messages).to.have.length(1);
    expectSuccess(await server.owner.delete(`/messages/${second}`));
    expect(await server.ctx.scheduler.runDue()).to.equal(1);
    expect(await attachmentOf(alice, pathId)).to.equal(undefined);
    expect(stored(pathId)).to.equal(false);
    expect(deletions()).to.deep.equal([[attachmentId, forgotten(attachmentId), 'orphaned']]);
  });

  it('counts the 21 days of a file an edit detached from the edit, not from the upload', async function () {
    const { url, pathId } = await uploaded(alice, 'detached.txt', 'detached');
    const attachmentId = (await attachmentOf(alice, pathId))?.id;
    const id = await postToChannel(alice, 'files', 'd', `[d](${url})`);
    // Within the edit time limit, but late enough that 21 days from the upload would already have passed below.
    server.clock.advance(60_000);
    expect(expectSuccess(await editMessage(alice, id, { content: 'nothing attached' })).detached_uploads).to.have.length(1);
    await later(21 * DAY - 1);
    expect(stored(pathId)).to.equal(true);
    await later(1);
    expect(stored(pathId)).to.equal(false);
    expect(deletions()).to.deep.equal([[attachmentId, forgotten(attachmentId), 'unclaimed']]);
  });

  it('forgets the clean-up of a file linked before it was due', async function () {
    const { url, pathId } = await uploaded(alice, 'claimed.txt', 'claimed');
    await later(20 * DAY);
    await postToChannel(alice, 'files', 'c', `[c](${url})`);
    await later(2 * DAY);
    expect(await attachmentOf(alice, pathId)).not.to.equal(undefined);
  });

  it('deletes once when runs overlap', async function () {
    const { pathId } = await uploaded(alice, 'twice.txt', 'twice');
    const attachmentId = (await attachmentOf(alice, pathId))?.id;
    server.clock.advance(21 * DAY);
    await Promise.all([server.ctx.scheduler.runDue(), server.ctx.scheduler.runDue()]);
    await server.ctx.scheduler.runDue();
    expect(deletions()).to.deep.equal([[attachmentId, forgotten(attachmentId), 'unclaimed']]);
  });

  it('keeps its schedule across a restart, from the log alone', async function () {
    const { pathId } = await uploaded(alice, 'restart.txt', 'restart');
    const attachmentId = (await attachmentOf(alice, pathId))?.id;
    const clockAt = server.clock.now();
    server = await server.restart();
    server.clock.advance(clockAt + 21 * DAY - server.clock.now());
    await server.ctx.scheduler.runDue();
    expect(deletions()).to.deep.equal([[attachmentId, forgotten(attachmentId), 'unclaimed']]);
    expect(stored(pathId)).to.equal(false);
  });

  it('follows CHAT_UNCLAIMED_UPLOAD_DAYS', async function () {
    const quick = await startTestServer({ env: { CHAT_UNCLAIMED_UPLOAD_DAYS: '2' } });
    try {
      const { pathId } = await uploaded(quick.owner, 'quick.txt', 'quick');
      quick.clock.advance(2 * DAY);
      await quick.ctx.scheduler.runDue();
      expect(await attachmentOf(quick.owner, pathId)).to.equal(undefined);
    } finally {
      await quick.stop();
    }
  });
});
