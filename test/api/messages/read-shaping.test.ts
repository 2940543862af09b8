import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { botMessages } from '../../support/bot-messages.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { onlyMessageEvent, recordOf } from '../../support/message-events.js';
import { fetchedMessage, fetchedRecords } from '../../support/message-reads.js';
import { postToChannel } from '../../support/message-requests.js';
import { registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('GET /messages and GET /messages/{id}: record shapes and flags', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient;
  let general: number;
  let mention: number, own: number, empty: number;
  /** The notification bot's notice general starts with: historical for bob, who joined later; read for alice, its creator. */
  let notice: number;
  /** The message event bob's default queue got for `mention` (HTML, gravatar left to the client, empty topic spelled out). */
  let eventRecord: Record<string, unknown>;

  before(async () => {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [general] = await createChannels(alice, ['general']);
    [notice] = (await botMessages(server)).map((data) => data.message_id as number);
    expectSuccess(await subscribe(bob, ['general']));
    const queue = await registerQueue(bob, { apply_markdown: true, event_types: ['message'] });
    mention = await postToChannel(alice, 'general', 'hello', '**Hi** @**Bob**');
    eventRecord = recordOf(await onlyMessageEvent(queue));
    own = await postToChannel(bob, 'general', 'hello', 'mine', { read_by_sender: true });
    empty = await postToChannel(alice, 'general', '(no topic)', 'nothing in particular');
  });
  after(() => server.stop());

  it('a record is the message event record plus the viewer flags', async () => {
    const [record] = await fetchedRecords(bob, { narrow: [['id', String(mention)]] });
    expect(record).to.deep.equal({ ...eventRecord, flags: ['mentioned'] });
    expect(record).to.include({ content: '<p><strong>Hi</strong> <span class="user-mention" data-user-id="' + bob.userId + '">@Bob</span></p>', content_type: 'text/html' });
    expect(record).to.include({ type: 'stream', stream_id: general, display_recipient: 'general', subject: 'hello', sender_id: alice.userId });
  });

  it('flags are each viewer own', async () => {
    const flagsById = async (client: ApiClient) => Object.fromEntries((await fetchedRecords(client, { narrow: [['channel', 'general']] })).map((record) => [record.id, record.flags]));
    expect(await flagsById(bob)).to.deep.equal({ [notice]: ['read', 'historical'], [mention]: ['mentioned'], [own]: ['read'], [empty]: [] });
    expect(await flagsById(alice)).to.deep.equal({ [notice]: ['read'], [mention]: [], [own]: [], [empty]: [] });
  });

  it('apply_markdown=false returns the Markdown source', async () => {
    const [record] = await fetchedRecords(bob, { narrow: [['id', String(mention)]], apply_markdown: false });
    expect(record).to.include({ content: '**Hi** @**Bob**', content_type: 'text/x-markdown' });
    expect(await fetchedMessage(bob, mention, { apply_markdown: false })).to.include({ content: '**Hi** @**Bob**', content_type: 'text/x-markdown' });
  });

  it('client_gravatar (default true) leaves avatar_url to the client; false spells it out', async () => {
    const [computed] = await fetchedRecords(bob, { narrow: [['id', String(mention)]] });
    expect(computed.avatar_url).to.equal(null);
    const [spelled] = await fetchedRecords(bob, { narrow: [['id', String(mention)]], client_gravatar: false });
    expect(spelled.avatar_url).to.be.a('string').and.not.equal('');
    expect((await fetchedMessage(bob, mention, { client_gravatar: false })).avatar_url).to.equal(spelled.avatar_url);
  });

  it('the empty topic reads as its display name unless allow_empty_topic_name', async () => {
    const subjectOf = async (params: Record<string, unknown>) => (await fetchedRecords(bob, { narrow: [['id', String(empty)]], ...params }))[0].subject;
    expect(await subjectOf({})).to.equal('general chat');
    expect(await subjectOf({ allow_empty_topic_name: true })).to.equal('');
    expect((await fetchedMessage(bob, empty)).subject).to.equal('general chat');
    expect((await fetchedMessage(bob, empty, { allow_empty_topic_name: true })).subject).to.equal('');
    expect(expectSuccess(await bob.get(`/users/me/${general}/topics`)).topics).to.deep.equal([
      { name: 'general chat', max_id: empty },
      { name: 'hello', max_id: own },
      { name: 'channel events', max_id: notice },
    ]);
    expect(expectSuccess(await bob.get(`/users/me/${general}/topics`, { allow_empty_topic_name: true })).topics).to.deep.equal([
      { name: '', max_id: empty },
      { name: 'hello', max_id: own },
      { name: 'channel events', max_id: notice },
    ]);
  });

  it('GET /messages/{id}: the record with flags and the deprecated raw_content', async () => {
    const body = expectSuccess(await bob.get(`/messages/${mention}`));
    expect(Object.keys(body).sort()).to.deep.equal(['message', 'msg', 'raw_content', 'result']);
    expect(body.raw_content).to.equal('**Hi** @**Bob**');
    expect(body.message).to.deep.equal({ ...eventRecord, flags: ['mentioned'] });
  });

  it('the topic of a narrow matches the empty topic by its display name', async () => {
    const ids = (await fetchedRecords(bob, { narrow: [['channel', 'general'], ['topic', 'general chat']] })).map((record) => record.id);
    expect(ids).to.deep.equal([empty]);
  });
});
