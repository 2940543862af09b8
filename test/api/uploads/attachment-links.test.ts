import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { editMessage } from '../../support/edit-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { drain, ofType, registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import { attachmentOf, uploaded } from '../../support/upload-requests.js';

describe('attachments: messages linking uploads, and detached_uploads', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['files']);
  });
  after(() => server.stop());

  it('records each message that links an upload, with date_sent in ms, and tells the owner with attachment update', async function () {
    const { url, pathId } = await uploaded(alice, 'spec.txt', 'spec');
    const created = (await attachmentOf(alice, pathId))?.create_time;
    const queue = await registerQueue(alice);
    const bobQueue = await registerQueue(bob);
    server.clock.advance(60_000);
    const first = await postToChannel(alice, 'files', 'specs', `[spec](${url})`);
    server.clock.advance(1000);
    const second = await postToChannel(alice, 'files', 'specs', `again: [the spec](${url}), [same](${url})`);
    const record = await attachmentOf(alice, pathId);
    expect(record?.create_time).to.equal(created);
    expect(record?.messages).to.deep.equal([
      { id: first, date_sent: Number(created) + 60_000 },
      { id: second, date_sent: Number(created) + 61_000 },
    ]);
    const updates = ofType(await drain(queue), 'attachment', 'update');
    expect(updates.map((event) => (event.attachment as { messages: unknown[] }).messages.length)).to.deep.equal([1, 2]);
    expect(updates[1]).to.deep.equal({ id: updates[1].id, type: 'attachment', op: 'update', attachment: record, upload_space_used: updates[1].upload_space_used });
    expect(ofType(await drain(bobQueue), 'attachment')).to.deep.equal([]);
  });

  it('does not count a link inside code, or a link by someone who does not own the file', async function () {
    const { url, pathId } = await uploaded(alice, 'code.txt', 'code');
    await postToChannel(alice, 'files', 'code', `\`${url}\`\n\n    ${url}`);
    await postToChannel(bob, 'files', 'code', `[alice's file](${url})`);
    expect((await attachmentOf(alice, pathId))?.messages).to.deep.equal([]);
  });

  it('answers detached_uploads when an edit removes the last link to the editor\'s file, and updates the record', async function () {
    const kept = await uploaded(alice, 'kept.txt', 'kept');
    const dropped = await uploaded(alice, 'dropped.txt', 'dropped');
    const id = await postToChannel(alice, 'files', 'edit', `[k](${kept.url}) [d](${dropped.url})`);
    const before = await attachmentOf(alice, dropped.pathId);
    const queue = await registerQueue(alice);
    const res = expectSuccess(await editMessage(alice, id, { content: `only [k](${kept.url})` }));
    expect(res).to.deep.equal({ result: 'success', msg: '', detached_uploads: [{ ...before, messages: [] }] });
    expect((await attachmentOf(alice, dropped.pathId))?.messages).to.deep.equal([]);
    expect((await attachmentOf(alice, kept.pathId))?.messages).to.have.length(1);
    const updates = ofType(await drain(queue), 'attachment', 'update');
    expect(updates.map((event) => event.attachment)).to.deep.equal([{ ...before, messages: [] }]);
  });

  it('does not list a file another message still links, and links files an edit adds', async function () {
    const shared = await uploaded(alice, 'shared.txt', 'shared');
    const later = await uploaded(alice, 'later.txt', 'later');
    const one = await postToChannel(alice, 'files', 'shared', `[s](${shared.url})`);
    await postToChannel(alice, 'files', 'shared', `[s again](${shared.url})`);
    const res = expectSuccess(await editMessage(alice, one, { content: `now [l](${later.url})` }));
    expect(res.detached_uploads).to.deep.equal([]);
    expect((await attachmentOf(alice, shared.pathId))?.messages).to.have.length(1);
    // The manual clock has not moved since the send: the edit keeps the message's send time.
    expect((await attachmentOf(alice, later.pathId))?.messages).to.deep.equal([{ id: one, date_sent: server.clock.now() }]);
  });

  it('answers an empty detached_uploads for a topic-only edit', async function () {
    const file = await uploaded(alice, 'topic.txt', 'topic');
    const id = await postToChannel(alice, 'files', 'old topic', `[t](${file.url})`);
    expect(expectSuccess(await editMessage(alice, id, { topic: 'new topic' })).detached_uploads).to.deep.equal([]);
    expect((await attachmentOf(alice, file.pathId))?.messages).to.have.length(1);
  });
});
