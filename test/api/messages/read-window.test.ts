import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { expectWindow, fetchMessages, idsIn } from '../../support/message-reads.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { expectBadRequest, expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const NEWEST = 10_000_000_000_000_000;

describe('GET /messages: anchors and windows', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;
  /** Five messages alice sent to general: the first three read by her, the last two not. */
  let m: number[];
  let elsewhere: number;
  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    await createChannels(alice, ['general']);
    expectSuccess(await subscribe(bob, ['general']));
    m = [];
    for (let i = 1; i <= 5; i++) m.push(await postToChannel(alice, 'general', 'talk', `message ${i}`, { read_by_sender: i <= 3 }));
    // A message in between that alice's narrows never find.
    elsewhere = await postDirect(carol, [server.owner.userId], 'not for alice or bob');
    m.push(await postToChannel(alice, 'general', 'talk', 'message 6', { read_by_sender: true }));
  });
  after(() => server.stop());

  it('newest: the last messages, anchor spelled as the public API does, found_newest', async () => {
    const body = expectSuccess(await bob.get('/messages', { anchor: 'newest', num_before: 3, num_after: 0 }));
    expect(idsIn(body)).to.deep.equal(m.slice(3));
    expectWindow(body, { anchor: NEWEST, found_anchor: false, found_oldest: false, found_newest: true });
  });

  it('newest with room for everything: found_oldest too', async () => {
    const body = expectSuccess(await bob.get('/messages', { anchor: 'newest', num_before: 100, num_after: 0 }));
    expect(idsIn(body)).to.deep.equal(m);
    expectWindow(body, { anchor: NEWEST, found_anchor: false, found_oldest: true, found_newest: true });
  });

  it('oldest: the first messages, anchor 0, found_oldest', async () => {
    const body = expectSuccess(await bob.get('/messages', { anchor: 'oldest', num_before: 0, num_after: 2 }));
    expect(idsIn(body)).to.deep.equal(m.slice(0, 2));
    expectWindow(body, { anchor: 0, found_anchor: false, found_oldest: true, found_newest: false });
  });

  it('an id: messages on both sides and the anchor itself (include_anchor defaults to true)', async () => {
    const body = expectSuccess(await bob.get('/messages', { anchor: m[2], num_before: 1, num_after: 1 }));
    expect(idsIn(body)).to.deep.equal([m[1], m[2], m[3]]);
    expectWindow(body, { anchor: m[2], found_anchor: true, found_oldest: false, found_newest: false });
  });

  it('include_anchor=false leaves the anchor out and reports it not found', async () => {
    const body = expectSuccess(await bob.get('/messages', { anchor: m[2], include_anchor: false, num_before: 1, num_after: 1 }));
    expect(idsIn(body)).to.deep.equal([m[1], m[3]]);
    expectWindow(body, { anchor: m[2], found_anchor: false, found_oldest: false, found_newest: false });
  });

  it('found_oldest and found_newest only when fewer messages than asked remain on that side', async () => {
    const exact = expectSuccess(await bob.get('/messages', { anchor: m[3], num_before: 3, num_after: 2 }));
    expect(idsIn(exact)).to.deep.equal(m);
    expectWindow(exact, { anchor: m[3], found_anchor: true, found_oldest: false, found_newest: false });
  });

  it('found_oldest and found_newest at each end of the history', async () => {
    const first = expectSuccess(await bob.get('/messages', { anchor: m[0], num_before: 1, num_after: 0 }));
    expect(idsIn(first)).to.deep.equal([m[0]]);
    expectWindow(first, { anchor: m[0], found_anchor: true, found_oldest: true, found_newest: false });
    const last = expectSuccess(await bob.get('/messages', { anchor: m[5], num_before: 0, num_after: 1 }));
    expect(idsIn(last)).to.deep.equal([m[5]]);
    expectWindow(last, { anchor: m[5], found_anchor: true, found_oldest: false, found_newest: true });
  });

  it('an anchor the viewer cannot see is not found; the window still forms around it', async () => {
    const body = expectSuccess(await alice.get('/messages', { anchor: elsewhere, num_before: 1, num_after: 2 }));
    expect(idsIn(body)).to.deep.equal([m[4], m[5]]);
    expectWindow(body, { anchor: elsewhere, found_anchor: false, found_oldest: false, found_newest: true });
  });

  it('first_unread: the oldest unread message of the viewer', async () => {
    const body = expectSuccess(await alice.get('/messages', { anchor: 'first_unread', num_before: 1, num_after: 1 }));
    expect(idsIn(body)).to.deep.equal([m[2], m[3], m[4]]);
    expectWindow(body, { anchor: m[3], found_anchor: true, found_oldest: false, found_newest: false });
    expect(expectSuccess(await bob.get('/messages', { anchor: 'first_unread', num_before: 0, num_after: 0 })).anchor).to.equal(m[0]);
  });

  it('the deprecated use_first_unread_anchor means the same', async () => {
    const body = expectSuccess(await alice.get('/messages', { use_first_unread_anchor: true, num_before: 0, num_after: 0 }));
    expect(idsIn(body)).to.deep.equal([m[3]]);
    expect(body.anchor).to.equal(m[3]);
  });

  it('first_unread with nothing unread behaves as newest', async () => {
    // The owner reads general from its shared history: nothing there is unread for them.
    const body = expectSuccess(await server.owner.get('/messages', { anchor: 'first_unread', num_before: 2, num_after: 2, narrow: [['channel', 'general']] }));
    expect(idsIn(body)).to.deep.equal(m.slice(4));
    expectWindow(body, { anchor: NEWEST, found_anchor: false, found_oldest: false, found_newest: true });
  });

  it('integer anchors past either end clamp to the ends', async () => {
    expectWindow(expectSuccess(await bob.get('/messages', { anchor: -3, num_before: 0, num_after: 0 })), { anchor: 0, found_anchor: false, found_oldest: true, found_newest: false });
    const past = expectSuccess(await bob.get('/messages', { anchor: '100000000000000000000', num_before: 1, num_after: 0 }));
    expect(idsIn(past)).to.deep.equal([m[5]]);
    expectWindow(past, { anchor: NEWEST, found_anchor: false, found_oldest: false, found_newest: true });
  });

  it('refuses a missing or meaningless anchor, missing or negative counts, and too many messages', async () => {
    expectExactFailure(await bob.get('/messages', { num_before: 1, num_after: 1 }), 'REQUEST_VARIABLE_MISSING', "Missing 'anchor' argument");
    expectBadRequest(await bob.get('/messages', { anchor: 'latest', num_before: 1, num_after: 1 }), "Invalid 'anchor'");
    expectExactFailure(await bob.get('/messages', { anchor: 'newest', num_after: 1 }), 'REQUEST_VARIABLE_MISSING', "Missing 'num_before' argument");
    expectExactFailure(await bob.get('/messages', { anchor: 'newest', num_before: 1 }), 'REQUEST_VARIABLE_MISSING', "Missing 'num_after' argument");
    expectBadRequest(await bob.get('/messages', { anchor: 'newest', num_before: -1, num_after: 0 }), "Invalid 'num_before'");
    expectBadRequest(await bob.get('/messages', { anchor: 'newest', num_before: 'many', num_after: 0 }), "Invalid 'num_before'");
    expectExactFailure(
      await bob.get('/messages', { anchor: 'newest', num_before: 4000, num_after: 1001 }),
      'BAD_REQUEST',
      "Too many messages requested (maximum 5000): 'num_before' + 'num_after' is 5001",
    );
    expectSuccess(await bob.get('/messages', { anchor: 'newest', num_before: 4000, num_after: 1000 }));
  });

  it('message_ids: the listed messages the viewer may read and the narrow matches, without window fields', async () => {
    const body = expectSuccess(await alice.get('/messages', { message_ids: [m[4], m[1], elsewhere, 999_999] }));
    expect(idsIn(body)).to.deep.equal([m[1], m[4]]);
    expect(body).to.not.have.any.keys('anchor', 'found_anchor', 'found_oldest', 'found_newest');
    expect(body.history_limited).to.equal(false);
    const narrowed = expectSuccess(await alice.get('/messages', { message_ids: [m[0], m[1]], narrow: [['search', 'message 2']] }));
    expect(idsIn(narrowed)).to.deep.equal([m[1]]);
  });

  it('message_ids refuses the range parameters alongside it', async () => {
    expectExactFailure(
      await alice.get('/messages', { message_ids: [m[0]], anchor: 'newest', num_before: 1 }),
      'BAD_REQUEST',
      "Invalid 'message_ids': it cannot be combined with 'anchor', 'num_before'",
    );
    expectBadRequest(await alice.get('/messages', { message_ids: 'all' }), "Argument 'message_ids' is not valid JSON");
  });

  it('a narrow given as something other than JSON is refused', async () => {
    expectBadRequest(await fetchMessages(alice, { narrow: 'channel:general' }), "Argument 'narrow' is not valid JSON");
    expectBadRequest(await fetchMessages(alice, { narrow: { channel: 'general' } }), "Invalid 'narrow'");
  });
});
