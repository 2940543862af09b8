import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { botMessages } from '../../support/bot-messages.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { updateFlags } from '../../support/flag-requests.js';
import { objectsField } from '../../support/json-fields.js';
import { fetchedRecords, fetchMessages, idsOfNarrow, idsIn, expectWindow } from '../../support/message-reads.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('search: Zulip semantics over the full-text index', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient;
  /** The notification bot's notice general starts with. */
  let notice: number;
  let running: number, runs: number, start: number, art: number, phrase: number, topicOnly: number, direct: number, linked: number, design: number;

  before(async () => {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['general', 'design']);
    [notice] = (await botMessages(server)).map((data) => data.message_id as number);
    expectSuccess(await subscribe(bob, ['general', 'design']));
    running = await postToChannel(bob, 'general', 'status', 'the server was running');
    runs = await postToChannel(alice, 'general', 'status', 'It runs on two servers');
    start = await postToChannel(bob, 'general', 'misc', 'a fresh start');
    art = await postToChannel(bob, 'general', 'misc', 'modern art & design');
    phrase = await postToChannel(bob, 'general', 'misc', 'was the server running? Yes, running.');
    topicOnly = await postToChannel(bob, 'general', 'Deploy <now>', 'see above');
    direct = await postDirect(bob, [alice.userId], 'running late, the server is down');
    linked = await postToChannel(bob, 'general', 'links', 'server docs at https://example.com/running');
    design = await postToChannel(bob, 'design', 'status', 'server mockups');
  });
  after(() => server.stop());

  it('stems and ANDs words, whole words only: run finds running, art is not inside start', async () => {
    expect(await idsOfNarrow(alice, [['search', 'run']])).to.deep.equal([running, runs, phrase, direct, linked]);
    expect(await idsOfNarrow(alice, [['search', 'servers runs']])).to.deep.equal([running, runs, phrase, direct, linked]);
    expect(await idsOfNarrow(alice, [['search', 'art']])).to.deep.equal([art]);
    expect(await idsOfNarrow(alice, [['search', 'START']])).to.deep.equal([start]);
    expect(await idsOfNarrow(alice, [['search', 'xyzzyq']])).to.deep.equal([]);
    expect(await idsOfNarrow(alice, [['search', '!!!']])).to.deep.equal([]);
  });

  it('matches "quoted phrases" as words in a row, and the topic as well as the content', async () => {
    expect(await idsOfNarrow(alice, [['search', '"server was running"']])).to.deep.equal([running]);
    expect(await idsOfNarrow(alice, [['search', '"the server" running']])).to.deep.equal([running, phrase, direct]);
    expect(await idsOfNarrow(alice, [['search', 'deploy']])).to.deep.equal([topicOnly]);
    expect(await idsOfNarrow(alice, [['search', 'status mockups']])).to.deep.equal([design]);
  });

  it('highlights the matched words (stemmed) in the rendered content and the escaped topic, as Zulip marks them', async () => {
    const [record] = await fetchedRecords(alice, { narrow: [['search', 'servers runs']], anchor: running, num_after: 0 });
    expect(record.match_content).to.equal('<p>the <span class="highlight">server</span> was <span class="highlight">running</span></p>');
    expect(record.match_subject).to.equal('status');
    const [topical] = await fetchedRecords(alice, { narrow: [['search', 'deploy now']] });
    expect(topical.match_subject).to.equal('<span class="highlight">Deploy</span> &lt;<span class="highlight">now</span>&gt;');
    expect(topical.match_content).to.equal('<p>see above</p>');
    const [link] = await fetchedRecords(alice, { narrow: [['search', 'running']], anchor: linked, num_after: 0 });
    expect(link.match_content).to.equal(
      '<p>server docs at <a href="https://example.com/running">https://example.com/<span class="highlight">running</span></a></p>',
    );
  });

  it('negates a search, and combines it with every other operator', async () => {
    expect(await idsOfNarrow(alice, [['channel', 'general'], ['-search', 'server']])).to.deep.equal([notice, start, art, topicOnly]);
    expect(await idsOfNarrow(alice, [['search', 'server'], ['-search', 'running']])).to.deep.equal([design]);
    expect(await idsOfNarrow(alice, [['search', 'server'], ['-search', '"was running"']])).to.deep.equal([runs, phrase, direct, linked, design]);
    expect(await idsOfNarrow(alice, [['search', 'server'], ['channel', 'design']])).to.deep.equal([design]);
    expect(await idsOfNarrow(alice, [['search', 'server'], ['-channel', 'general']])).to.deep.equal([direct, design]);
    expect(await idsOfNarrow(alice, [['search', 'status'], ['topic', 'status'], ['channel', 'general']])).to.deep.equal([running, runs]);
    expect(await idsOfNarrow(alice, [['search', 'server'], ['sender', alice.email]])).to.deep.equal([runs]);
    expect(await idsOfNarrow(alice, [['search', 'server'], ['dm', bob.email]])).to.deep.equal([direct]);
    expect(await idsOfNarrow(alice, [['search', 'server'], ['is', 'dm']])).to.deep.equal([direct]);
    expect(await idsOfNarrow(alice, [['search', 'server'], ['has', 'link']])).to.deep.equal([linked]);
    expectSuccess(await updateFlags(alice, [phrase], 'add', 'starred'));
    expect(await idsOfNarrow(alice, [['search', 'running'], ['is', 'starred']])).to.deep.equal([phrase]);
    expect(await idsOfNarrow(alice, [['search', 'running'], ['-is', 'starred'], ['channels', 'public']])).to.deep.equal([running, runs, linked]);
  });

  it('reads a window newest first around the anchor with found_anchor, found_oldest and found_newest right', async () => {
    const newest = expectSuccess(await fetchMessages(alice, { narrow: [['search', 'server']], anchor: 'newest', num_before: 2, num_after: 0 }));
    expect(idsIn(newest)).to.deep.equal([linked, design]);
    expectWindow(newest, { anchor: 10_000_000_000_000_000, found_anchor: false, found_oldest: false, found_newest: true });
    const around = expectSuccess(await fetchMessages(alice, { narrow: [['search', 'server']], anchor: phrase, num_before: 1, num_after: 1 }));
    expect(idsIn(around)).to.deep.equal([runs, phrase, direct]);
    expectWindow(around, { anchor: phrase, found_anchor: true, found_oldest: false, found_newest: false });
    const missing = expectSuccess(await fetchMessages(alice, { narrow: [['search', 'server']], anchor: start, num_before: 5, num_after: 0 }));
    expect(idsIn(missing)).to.deep.equal([running, runs]);
    expectWindow(missing, { anchor: start, found_anchor: false, found_oldest: true, found_newest: false });
    const oldest = expectSuccess(await fetchMessages(alice, { narrow: [['search', 'art']], anchor: 'oldest', num_before: 0, num_after: 5 }));
    expectWindow(oldest, { anchor: 0, found_anchor: false, found_oldest: true, found_newest: true });
  });

  it('GET /messages/matches_narrow and message_ids decide a search the same way', async () => {
    const body = expectSuccess(await alice.get('/messages/matches_narrow', { msg_ids: [running, start, art], narrow: [['search', 'runs']] }));
    expect(Object.keys(body.messages as object)).to.deep.equal([String(running)]);
    const listed = await fetchedRecords(alice, { message_ids: [start, art, runs], narrow: [['search', 'art']], anchor: undefined, num_before: undefined, num_after: undefined });
    expect(listed.map((record) => record.id)).to.deep.equal([art]);
  });

  it('writes a window\'s records as the listed ones: the same fields, values and order, highlights and flags last', async () => {
    const narrow = [['search', 'server']];
    const windowed = await fetchedRecords(alice, { narrow, anchor: 'newest', num_before: 100, num_after: 0 });
    const listed = await fetchedRecords(alice, { message_ids: windowed.map((record) => record.id), narrow, anchor: undefined, num_before: undefined, num_after: undefined });
    expect(windowed).to.have.length(6);
    expect(windowed.map((record) => Object.keys(record))).to.deep.equal(listed.map((record) => Object.keys(record)));
    expect(windowed).to.deep.equal(listed);
    expect(Object.keys(windowed[0]).slice(-3)).to.deep.equal(['flags', 'match_content', 'match_subject']);
    const plain = await fetchedRecords(alice, { anchor: 'newest', num_before: 3, num_after: 0 });
    expect(Object.keys(plain[0]).at(-1)).to.equal('flags');
  });

  it('answers a search longer than a piece of the answer (kept as bytes) whole, non-ASCII text included', async () => {
    // 30 messages of about 1,500 characters: content, rendered content and highlights make well over 64 K characters of JSON.
    const words = 'Zeppelins “voyagent” à l’été 𝔘𝔫𝔦 über alles — ';
    const sent: number[] = [];
    for (let i = 0; i < 30; i++) sent.push(await postToChannel(bob, 'design', 'long reads', `${i} ${words.repeat(30)}`));
    const res = await fetchMessages(alice, { narrow: [['search', 'zeppelin']], anchor: 'newest', num_before: 100, num_after: 0 });
    const body = expectSuccess(res);
    expect(Number(res.headers.get('content-length'))).to.be.greaterThan(2 * 64 * 1024);
    const records = objectsField(body, 'messages');
    expect(records.map((record) => record.id)).to.deep.equal(sent);
    records.forEach((record, i) => {
      expect(record.content).to.equal(`<p>${i} ${words.repeat(30).trim()}</p>`);
      const marked = String(record.match_content).match(/<span class="highlight">Zeppelins<\/span>/g) ?? [];
      expect(marked).to.have.length(30);
      expect(record.match_subject).to.equal('long reads');
    });
    expectWindow(body, { anchor: 10_000_000_000_000_000, found_anchor: false, found_oldest: true, found_newest: true });
  });
});
