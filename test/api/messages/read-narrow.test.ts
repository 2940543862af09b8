import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { botMessages } from '../../support/bot-messages.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { updateFlags } from '../../support/flag-requests.js';
import { numberField, stringField } from '../../support/json-fields.js';
import { fetchedRecords, fetchMessages, idsOfNarrow } from '../../support/message-reads.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/** Every combination a narrow test checks: the list form, the object form, and the negation of each. */
async function expectNarrow(
  viewer: ApiClient,
  operator: string,
  operand: string | number | (string | number)[],
  expected: { matching: number[]; others: number[] },
): Promise<void> {
  const listOperand = Array.isArray(operand) ? operand.join(',') : String(operand);
  const label = `${operator}:${JSON.stringify(operand)}`;
  expect(await idsOfNarrow(viewer, [[operator, listOperand]]), `${label} as a pair`).to.deep.equal(expected.matching);
  expect(await idsOfNarrow(viewer, [{ operator, operand }]), `${label} as an object`).to.deep.equal(expected.matching);
  expect(await idsOfNarrow(viewer, [[`-${operator}`, listOperand]]), `-${label} as a pair`).to.deep.equal(expected.others);
  expect(await idsOfNarrow(viewer, [{ operator, operand, negated: true }]), `${label} negated as an object`).to.deep.equal(expected.others);
}

describe('GET /messages: narrows', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;
  let general: number;
  let g1: number, g2: number, g3: number, d1: number, dm1: number, dm2: number, dm3: number, r1: number, a1: number;
  /** The notification bot's notices general and design start with (read for alice, who created them). */
  let n1: number, n2: number;
  /** Everything in alice's history, ascending. */
  let all: number[];
  const except = (...ids: number[]) => all.filter((id) => !ids.includes(id));

  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    // Alice follows no topic by herself, and is alerted by one word.
    expectSuccess(await alice.patch('/settings', { automatically_follow_topics_policy: 4, automatically_follow_topics_where_mentioned: false }));
    expectSuccess(await alice.post('/users/me/alert_words', { alert_words: ['deploy'] }));
    [general] = await createChannels(alice, ['general', 'design']);
    [n1, n2] = (await botMessages(server)).map((data) => data.message_id as number);
    expectSuccess(await subscribe(bob, ['general', 'design']));
    expectSuccess(await subscribe(carol, ['general']));
    const mine = { read_by_sender: true };
    g1 = await postToChannel(alice, 'general', 'lunch', 'Lunch at noon https://example.com/menu', mine);
    g2 = await postToChannel(bob, 'general', 'Lunch', 'see you there @**Alice**');
    g3 = await postToChannel(carol, 'general', 'plans', 'big plans ahead');
    d1 = await postToChannel(bob, 'design', 'ideas', 'an idea about lunch');
    dm1 = await postDirect(bob, [alice.userId], 'hi alice');
    dm2 = await postDirect(carol, [alice.userId, bob.userId], 'group hello');
    dm3 = await postDirect(carol, [bob.userId], 'alice never sees this');
    r1 = await postToChannel(alice, 'general', '✔ release', 'finished', mine);
    a1 = await postToChannel(bob, 'design', 'ops', 'time to deploy');
    all = [n1, n2, g1, g2, g3, d1, dm1, dm2, r1, a1];
  });
  after(() => server.stop());

  it('no narrow: the viewer history', async () => {
    expect(await idsOfNarrow(alice, [])).to.deep.equal(all);
    expect(await idsOfNarrow(bob, [])).to.deep.equal([g1, g2, g3, d1, dm1, dm2, dm3, r1, a1]);
  });

  it('channel by name or id (and stream, its old name)', async () => {
    const inGeneral = { matching: [n1, g1, g2, g3, r1], others: [n2, d1, dm1, dm2, a1] };
    await expectNarrow(alice, 'channel', 'general', inGeneral);
    await expectNarrow(alice, 'channel', general, inGeneral);
    await expectNarrow(alice, 'stream', 'General', inGeneral);
  });

  it('topic (and subject), case-insensitively', async () => {
    await expectNarrow(alice, 'topic', 'LUNCH', { matching: [g1, g2], others: except(g1, g2) });
    await expectNarrow(alice, 'subject', 'lunch', { matching: [g1, g2], others: except(g1, g2) });
    expect(await idsOfNarrow(alice, [['channel', 'general'], ['topic', 'plans']])).to.deep.equal([g3]);
  });

  it('dm (and pm-with): exactly one conversation, by ids or addresses', async () => {
    await expectNarrow(alice, 'dm', [bob.userId], { matching: [dm1], others: except(dm1) });
    await expectNarrow(alice, 'dm', [bob.userId, carol.userId], { matching: [dm2], others: except(dm2) });
    await expectNarrow(alice, 'pm-with', [bob.email, carol.email], { matching: [dm2], others: except(dm2) });
  });

  it('dm-including (and group-pm-with)', async () => {
    await expectNarrow(alice, 'dm-including', carol.userId, { matching: [dm2], others: except(dm2) });
    await expectNarrow(alice, 'group-pm-with', bob.email, { matching: [dm1, dm2], others: except(dm1, dm2) });
  });

  it('sender, by id or address', async () => {
    await expectNarrow(alice, 'sender', bob.userId, { matching: [g2, d1, dm1, a1], others: except(g2, d1, dm1, a1) });
    await expectNarrow(alice, 'sender', carol.email, { matching: [g3, dm2], others: except(g3, dm2) });
  });

  it('is:dm and is:private', async () => {
    await expectNarrow(alice, 'is', 'dm', { matching: [dm1, dm2], others: except(dm1, dm2) });
    await expectNarrow(alice, 'is', 'private', { matching: [dm1, dm2], others: except(dm1, dm2) });
  });

  it('is:mentioned and is:unread read the viewer flags', async () => {
    await expectNarrow(alice, 'is', 'mentioned', { matching: [g2], others: except(g2) });
    await expectNarrow(alice, 'is', 'unread', { matching: [g2, g3, d1, dm1, dm2, a1], others: [n1, n2, g1, r1] });
  });

  it('is:starred', async () => {
    expectSuccess(await updateFlags(alice, [g3, dm1], 'add', 'starred'));
    await expectNarrow(alice, 'is', 'starred', { matching: [g3, dm1], others: except(g3, dm1) });
    expectSuccess(await updateFlags(alice, [g3, dm1], 'remove', 'starred'));
  });

  it('is:resolved', async () => {
    await expectNarrow(alice, 'is', 'resolved', { matching: [r1], others: except(r1) });
  });

  it('is:followed: messages of the topics the viewer follows', async () => {
    expectSuccess(await alice.post('/user_topics', { stream_id: general, topic: 'plans', visibility_policy: 3 }));
    await expectNarrow(alice, 'is', 'followed', { matching: [g3], others: except(g3) });
    expectSuccess(await alice.post('/user_topics', { stream_id: general, topic: 'plans', visibility_policy: 0 }));
    expect(await idsOfNarrow(alice, [['is', 'followed']])).to.deep.equal([]);
  });

  it('is:alerted: messages with the viewer alert words', async () => {
    await expectNarrow(alice, 'is', 'alerted', { matching: [a1], others: except(a1) });
  });

  it('id', async () => {
    await expectNarrow(alice, 'id', g2, { matching: [g2], others: except(g2) });
    expect(await idsOfNarrow(alice, [['id', String(dm3)]])).to.deep.equal([]);
  });

  it('has:link and has:reaction', async () => {
    await expectNarrow(alice, 'has', 'link', { matching: [g1], others: except(g1) });
    expectSuccess(await bob.post(`/messages/${d1}/reactions`, { emoji_name: 'smile' }));
    await expectNarrow(alice, 'has', 'reaction', { matching: [d1], others: except(d1) });
    expect(await idsOfNarrow(alice, [['has', 'image']])).to.deep.equal([]);
    expect(await idsOfNarrow(alice, [['has', 'attachment']])).to.deep.equal([]);
  });

  it('search: every word in the content or the topic, with highlighted match fields', async () => {
    await expectNarrow(alice, 'search', 'lunch', { matching: [g1, g2, d1], others: except(g1, g2, d1) });
    const [record] = await fetchedRecords(alice, { narrow: [['search', 'big PLANS']] });
    expect(record.id).to.equal(g3);
    expect(record.match_content).to.equal('<p><span class="highlight">big</span> <span class="highlight">plans</span> ahead</p>');
    expect(record.match_subject).to.equal('<span class="highlight">plans</span>');
    const [plain] = await fetchedRecords(alice, { narrow: [['channel', 'general']] });
    expect(plain).to.not.have.any.keys('match_content', 'match_subject');
  });

  it('several terms all apply', async () => {
    expect(await idsOfNarrow(alice, [['channel', 'general'], ['sender', bob.email], ['is', 'mentioned']])).to.deep.equal([g2]);
    expect(await idsOfNarrow(alice, [{ operator: 'search', operand: 'lunch' }, { operator: 'channel', operand: 'general', negated: true }])).to.deep.equal([d1]);
  });

  it('channels:public (and streams:public) reads every public channel, beyond the viewer history', async () => {
    const owner = server.owner;
    expect(await idsOfNarrow(owner, [])).to.deep.equal([]);
    expect(await idsOfNarrow(owner, [['channels', 'public']])).to.include.members([g1, g2, g3, d1, r1]);
    expect(await idsOfNarrow(owner, [{ operator: 'streams', operand: 'public' }, { operator: 'topic', operand: 'lunch' }])).to.deep.equal([g1, g2]);
    const [record] = await fetchedRecords(owner, { narrow: [['channels', 'public'], ['id', String(g1)]] });
    expect(record.flags).to.deep.equal(['read', 'historical']);
  });

  it('with: the conversation of the message named, and near is only a hint', async () => {
    expect(await idsOfNarrow(alice, [['with', String(g2)]])).to.deep.equal([g1, g2]);
    expect(await idsOfNarrow(alice, [['channel', 'design'], ['topic', 'x'], ['with', String(dm2)]])).to.deep.equal([dm2]);
    expect(await idsOfNarrow(alice, [['channel', 'general'], ['topic', 'lunch'], ['near', String(g2)]])).to.deep.equal([g1, g2]);
    expectExactFailure(await fetchMessages(alice, { narrow: [['with', String(dm3)]] }), 'BAD_REQUEST', `Invalid narrow operator: invalid 'with' operand '${dm3}'`);
  });

  it('refuses unknown operators and operands, and unknown channels and users', async () => {
    const refused = async (narrow: unknown[], msg: string) => expectExactFailure(await fetchMessages(alice, { narrow }), 'BAD_REQUEST', msg);
    await refused([['colour', 'red']], "Invalid narrow operator: unknown operator 'colour'");
    await refused([{ operator: 'is', operand: 'purple' }], "Invalid narrow operator: unknown 'is' operand 'purple'");
    await refused([['has', 'video']], "Invalid narrow operator: unknown 'has' operand 'video'");
    await refused([['channel', 'nowhere']], "Invalid narrow operator: unknown channel 'nowhere'");
    await refused([['sender', 'nobody@test.example']], "Invalid narrow operator: unknown user 'nobody@test.example'");
    await refused([{ operator: 'dm', operand: [999] }], "Invalid narrow operator: unknown user '999'");
  });

  it('GET /messages/matches_narrow: the listed messages that match, with their match fields', async () => {
    const body = expectSuccess(await alice.get('/messages/matches_narrow', { msg_ids: [g1, g3, d1, dm3], narrow: [['search', 'lunch']] }));
    expect(body.messages).to.deep.equal({
      [g1]: {
        match_content: '<p><span class="highlight">Lunch</span> at noon <a href="https://example.com/menu">https://example.com/menu</a></p>',
        match_subject: '<span class="highlight">lunch</span>',
      },
      [d1]: { match_content: '<p>an idea about <span class="highlight">lunch</span></p>', match_subject: 'ideas' },
    });
    const plain = expectSuccess(await alice.get('/messages/matches_narrow', { msg_ids: [g3, dm1], narrow: [['is', 'dm']] }));
    expect(Object.keys(plain.messages as object)).to.deep.equal([String(dm1)]);
    expectExactFailure(await alice.get('/messages/matches_narrow', { narrow: [] }), 'REQUEST_VARIABLE_MISSING', "Missing 'msg_ids' argument");
  });

  it('search results keep each record id and topic as sent', async () => {
    const records = await fetchedRecords(alice, { narrow: [['search', 'lunch']] });
    expect(records.map((record) => [numberField(record, 'id'), stringField(record, 'subject')])).to.deep.equal([
      [g1, 'lunch'],
      [g2, 'Lunch'],
      [d1, 'ideas'],
    ]);
  });
});
