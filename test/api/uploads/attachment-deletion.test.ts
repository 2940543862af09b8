import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../../support/channel-requests.js';
import { numberField } from '../../support/json-fields.js';
import { drain, ofType, registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import { readLogRows } from '../../support/log-rows.js';
import { attachmentOf, download, loggedEvents, uploaded } from '../../support/upload-requests.js';

describe('attachments: DELETE /attachments/{attachment_id}', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['files']);
  });
  after(() => server.stop());

  const idOf = async (client: ApiClient, pathId: string): Promise<number> => numberField(await attachmentOf(client, pathId), 'id');

  it('deletes the owner\'s file: record, bytes and link go; attachment remove reaches the owner', async function () {
    const { url, pathId } = await uploaded(alice, 'gone.txt', 'gone soon');
    const id = await idOf(alice, pathId);
    const used = numberField(expectSuccess(await alice.get('/attachments')), 'upload_space_used');
    const queue = await registerQueue(alice);
    expect(expectSuccess(await alice.delete(`/attachments/${id}`))).to.deep.equal({ result: 'success', msg: '' });
    expect(await attachmentOf(alice, pathId)).to.equal(undefined);
    expect(existsSync(join(server.dataDir, 'uploads', pathId))).to.equal(false);
    expect((await download(server, alice, url)).status).to.equal(404);
    const events = ofType(await drain(queue), 'attachment');
    expect(events).to.deep.equal([{ id: events[0].id, type: 'attachment', op: 'remove', attachment: { id }, upload_space_used: used - 9 }]);
    // The path (which holds the file's name) is forgotten with the file (docs/topics/forgetting.md).
    expect(loggedEvents(server, 'AttachmentDeleted').at(-1)?.data).to.deep.equal({ attachment_id: id, owner_id: alice.userId, path_id: `forgotten/${id}`, size: 9, reason: 'requested' });
    expect(readLogRows(server).filter((row) => row.data.includes(pathId))).to.deep.equal([]);
  });

  it('refuses another user\'s file, an unknown id and a deleted one with BAD_REQUEST "Invalid attachment"', async function () {
    const { pathId } = await uploaded(alice, 'keep.txt', 'keep');
    const id = await idOf(alice, pathId);
    for (const target of [id, 999_999]) {
      await expectNothingRecorded(server, () => bob.delete(`/attachments/${target}`), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid attachment'));
    }
    expectSuccess(await alice.delete(`/attachments/${id}`));
    expectExactFailure(await alice.delete(`/attachments/${id}`), 'BAD_REQUEST', 'Invalid attachment');
  });

  it('refuses an id that is not an integer with BAD_REQUEST', async function () {
    const res = await alice.delete('/attachments/abc');
    expect(res.status).to.equal(400);
    expect(res.body).to.include({ result: 'error', code: 'BAD_REQUEST' });
    expect(res.body.msg).to.contain('attachment_id');
  });

  it('answers 401 UNAUTHORIZED when not logged in', async function () {
    const res = await server.anonymous.delete('/attachments/1');
    expect(res.status).to.equal(401);
    expect(res.body).to.deep.equal({ result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' });
  });

  it('leaves messages linking a deleted file as they were', async function () {
    const { url, pathId } = await uploaded(alice, 'linked.txt', 'linked');
    const message = numberField(expectSuccess(await alice.post('/messages', { type: 'channel', to: 'files', topic: 'x', content: `[l](${url})` })), 'id');
    expectSuccess(await alice.delete(`/attachments/${await idOf(alice, pathId)}`));
    const shown = expectSuccess(await alice.get(`/messages/${message}`));
    expect((shown.message as { content: string }).content).to.contain(`href="/user_uploads/${pathId}"`);
  });
});
