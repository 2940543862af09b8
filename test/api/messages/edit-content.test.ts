import { expect } from 'chai';
import { createChannels, expectNothingRecorded, subscribe } from '../../support/channel-requests.js';
import { advanceSeconds, editMessage, edited, messageAs, sha256 } from '../../support/edit-requests.js';
import { type JsonObject, numberField, objectsField } from '../../support/json-fields.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { expectBadRequest, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import type { ApiClient } from '../../support/api-client.js';

describe('PATCH /messages/{id}: content', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;
  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    await createChannels(alice, ['general']);
    expectSuccess(await subscribe(bob, ['general']));
  });
  after(() => server.stop());

  const nowSeconds = (): number => Math.floor(server.clock.now() / 1000);
  const refusedUnchanged = async (client: ApiClient, id: number, params: Record<string, unknown>, mentions: string): Promise<void> => {
    const before = await messageAs(alice, id);
    await expectNothingRecorded(server, () => editMessage(client, id, params), (res) => expectBadRequest(res, mentions));
    expect(await messageAs(alice, id)).to.deep.equal(before);
  };

  it('lets the sender change the content: new content, an edit time, and a history entry with what it was', async function () {
    const id = await postToChannel(alice, 'general', 'notes', 'first **draft**');
    advanceSeconds(server, 30);
    await edited(alice, id, { content: 'second draft' });
    const message = await messageAs(alice, id);
    expect(message.content).to.equal('second draft');
    expect(message.last_edit_timestamp).to.equal(nowSeconds());
    expect(message).to.not.have.property('last_moved_timestamp');
    expect(message.edit_history).to.deep.equal([
      { timestamp: nowSeconds(), user_id: alice.userId, prev_content: 'first **draft**', prev_rendered_content: '<p>first <strong>draft</strong></p>' },
    ]);
    const html = await alice.get(`/messages/${id}`);
    expect((expectSuccess(html).message as JsonObject).content).to.equal('<p>second draft</p>');
  });

  it('keeps every edit, newest first', async function () {
    const id = await postToChannel(alice, 'general', 'notes', 'one');
    await edited(alice, id, { content: 'two' });
    await edited(alice, id, { content: 'three' });
    const history = objectsField(await messageAs(bob, id), 'edit_history');
    expect(history.map((entry) => entry.prev_content)).to.deep.equal(['two', 'one']);
  });

  it('edits direct messages too, and writes "(deleted)" for empty content', async function () {
    const id = await postDirect(alice, [bob.userId], 'hello');
    await edited(alice, id, { content: '  ' });
    expect((await messageAs(bob, id)).content).to.equal('(deleted)');
  });

  it("refuses anyone but the sender, the organization's switch, and edits past the time limit; each records nothing", async function () {
    const id = await postToChannel(alice, 'general', 'notes', 'mine');
    await refusedUnchanged(bob, id, { content: 'yours' }, "You don't have permission to edit this message");
    expectSuccess(await server.owner.patch('/realm', { allow_message_editing: false }));
    try {
      await refusedUnchanged(alice, id, { content: 'off' }, 'turned off message editing');
    } finally {
      expectSuccess(await server.owner.patch('/realm', { allow_message_editing: true }));
    }
    // 600 seconds by default, with a grace of 20.
    advanceSeconds(server, 620);
    await edited(alice, id, { content: 'just in time' });
    advanceSeconds(server, 1);
    await refusedUnchanged(alice, id, { content: 'too late' }, 'time limit for editing this message has passed');
    expectSuccess(await server.owner.patch('/realm', { message_content_edit_limit_seconds: 'unlimited' }));
    try {
      await edited(alice, id, { content: 'no limit' });
    } finally {
      expectSuccess(await server.owner.patch('/realm', { message_content_edit_limit_seconds: 600 }));
    }
  });

  it('refuses a prev_content_sha256 that is not the current content, and accepts the right one', async function () {
    const id = await postToChannel(alice, 'general', 'notes', 'original');
    await refusedUnchanged(alice, id, { content: 'new', prev_content_sha256: sha256('something else') }, "'prev_content_sha256'");
    await edited(alice, id, { content: 'new', prev_content_sha256: sha256('original') });
    expect((await messageAs(alice, id)).content).to.equal('new');
  });

  it('refuses malformed requests, naming what is wrong', async function () {
    const id = await postToChannel(alice, 'general', 'notes', 'shape');
    const dm = await postDirect(alice, [bob.userId], 'private');
    const other = numberField(expectSuccess(await alice.get('/get_stream_id', { stream: 'general' })), 'stream_id');
    await refusedUnchanged(alice, id, {}, 'Nothing to change');
    await refusedUnchanged(alice, id, { topic: 'notes' }, 'Nothing to change');
    await refusedUnchanged(alice, id, { content: 'x', propagate_mode: 'change_all' }, "'propagate_mode'");
    await refusedUnchanged(alice, id, { content: 'x', stream_id: other + 1000 }, "'content' and 'stream_id'");
    await refusedUnchanged(alice, dm, { topic: 'a topic' }, "'topic'");
    await refusedUnchanged(alice, dm, { stream_id: other }, "'stream_id'");
    expectBadRequest(await editMessage(alice, id, { content: 'x', propagate_mode: 'change_some' }), 'propagate_mode');
    expectBadRequest(await editMessage(carol, dm, { content: 'x' }), 'Invalid message(s)');
    expectBadRequest(await editMessage(alice, 999999, { content: 'x' }), 'Invalid message(s)');
  });

  it('recomputes the mention flags of every holder, keeping the flags users set', async function () {
    const id = await postToChannel(alice, 'general', 'notes', 'no mention yet');
    expectSuccess(await bob.post('/messages/flags', { messages: [id], op: 'add', flag: 'starred' }));
    await edited(alice, id, { content: 'now @**Bob** and @**all**' });
    expect((await messageAs(bob, id)).flags).to.deep.equal(['starred', 'mentioned', 'stream_wildcard_mentioned', 'wildcard_mentioned']);
    expect((await messageAs(alice, id)).flags).to.deep.equal(['stream_wildcard_mentioned', 'wildcard_mentioned']);
    await edited(alice, id, { content: 'mention gone' });
    expect((await messageAs(bob, id)).flags).to.deep.equal(['starred']);
  });
});
