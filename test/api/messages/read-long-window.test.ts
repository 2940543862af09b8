import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { idsIn } from '../../support/message-reads.js';
import { postToChannel } from '../../support/message-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/** Enough messages of about 1 KB that a window's JSON spans several of the pieces it is built in (64 K characters). */
const COUNT = 260;

describe('GET /messages: a long window, serialized a batch at a time', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient;
  let ids: number[];
  before(async function () {
    // 260 sends one after another: on a machine busy with other suites they outlast the default 20 s.
    this.timeout(60_000);
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['long']);
    expectSuccess(await subscribe(bob, ['long']));
    ids = [];
    for (let i = 0; i < COUNT; i++) {
      const content = `message ${i} “quoted” \u2028 **bold** ${'lorem ipsum '.repeat(80)}`;
      ids.push(await postToChannel(alice, 'long', `topic ${i % 7}`, content, { read_by_sender: i % 2 === 0 }));
    }
    // Reactions and an edit make some records differ from the others.
    expectSuccess(await bob.post(`/messages/${ids[3]}/reactions`, { emoji_name: 'smile' }));
    expectSuccess(await alice.patch(`/messages/${ids[5]}`, { content: 'edited' }));
  });
  after(() => server.stop());

  it('gives exactly the records the same messages get when asked for by id, in order', async () => {
    const narrow = [{ operator: 'channel', operand: 'long' }];
    const window = expectSuccess(await alice.get('/messages', { anchor: 'oldest', num_before: 0, num_after: COUNT + 10, narrow }));
    const text = JSON.stringify(window.messages);
    expect(text.length).to.be.above(3 * 64 * 1024);
    // The channel's first message is the notification bot's notice of its creation.
    expect(idsIn(window)).to.have.length(COUNT + 1);
    expect(idsIn(window).slice(1)).to.deep.equal(ids);
    const byId = expectSuccess(await alice.get('/messages', { message_ids: idsIn(window), narrow }));
    expect(window.messages).to.deep.equal(byId.messages);
    expect(window).to.include({ found_oldest: true, found_newest: true, history_limited: false });
  });

  it('keeps each viewer\'s flags and the shape asked for', async () => {
    const narrow = [{ operator: 'channel', operand: 'long' }];
    const raw = expectSuccess(await bob.get('/messages', { anchor: 'newest', num_before: COUNT, num_after: 0, narrow, apply_markdown: false }));
    const messages = raw.messages as { id: number; content: string; content_type: string; flags: string[] }[];
    expect(messages.every((message) => message.content_type === 'text/x-markdown')).to.equal(true);
    expect(messages.find((message) => message.id === ids[5])?.content).to.equal('edited');
    expect(messages.find((message) => message.id === ids[1])?.flags).to.deep.equal([]);
    expect((messages.find((message) => message.id === ids[3]) as { reactions?: unknown[] } | undefined)?.reactions).to.have.length(1);
    const own = expectSuccess(await alice.get('/messages', { anchor: 'newest', num_before: COUNT, num_after: 0, narrow }));
    const flags = new Map((own.messages as { id: number; flags: string[] }[]).map((message) => [message.id, message.flags]));
    expect(flags.get(ids[0])).to.deep.equal(['read']);
    expect(flags.get(ids[1])).to.deep.equal([]);
  });
});
