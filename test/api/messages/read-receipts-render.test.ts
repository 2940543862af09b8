import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../../support/channel-requests.js';
import { updateFlags } from '../../support/flag-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('GET /messages/{message_id}/read_receipts', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, other: ApiClient, outsider: ApiClient;

  before(async function () {
    ({ server, alice, bob, carol, other, outsider } = await startServerWith('alice', 'bob', 'carol', 'other', 'outsider'));
    await createChannels(alice, ['room'], { principals: [alice.userId, bob.userId, carol.userId, other.userId] });
  });
  after(() => server.stop());

  const receipts = async (client: ApiClient, id: number): Promise<number[]> => expectSuccess(await client.get(`/messages/${id}/read_receipts`)).user_ids as number[];

  it('lists who read the message, never its sender, ascending', async function () {
    const id = await postToChannel(alice, 'room', 'news', 'read me');
    expect(await receipts(bob, id)).to.deep.equal([]);
    for (const reader of [carol, bob]) expectSuccess(await updateFlags(reader, [id], 'add', 'read'));
    expect(await receipts(bob, id)).to.deep.equal([bob.userId, carol.userId].sort((a, b) => a - b));
    expect(await receipts(alice, id)).to.not.include(alice.userId);
  });

  it("leaves out users who withhold read receipts, and users muted by or muting the caller", async function () {
    const id = await postToChannel(alice, 'room', 'news', 'again');
    for (const reader of [bob, carol, other]) expectSuccess(await updateFlags(reader, [id], 'add', 'read'));
    expectSuccess(await carol.patch('/settings', { send_read_receipts: false }));
    expect(await receipts(alice, id)).to.deep.equal([bob.userId, other.userId].sort((a, b) => a - b));
    expectSuccess(await alice.post(`/users/me/muted_users/${bob.userId}`));
    expectSuccess(await other.post(`/users/me/muted_users/${alice.userId}`));
    expect(await receipts(alice, id)).to.deep.equal([]);
    expect(await receipts(carol, id)).to.deep.equal([bob.userId, other.userId].sort((a, b) => a - b));
  });

  it('refuses messages the caller may not read, and every message while the organization has read receipts off', async function () {
    const direct = await postDirect(alice, [bob.userId], 'just us');
    expectExactFailure(await outsider.get(`/messages/${direct}/read_receipts`), 'BAD_REQUEST', 'Invalid message(s)');
    expectSuccess(await server.owner.patch('/realm', { enable_read_receipts: false }));
    expectExactFailure(await bob.get(`/messages/${direct}/read_receipts`), 'BAD_REQUEST', 'Read receipts are disabled in this organization.');
    expectSuccess(await server.owner.patch('/realm', { enable_read_receipts: true }));
    expect(await receipts(bob, direct)).to.deep.equal([]);
  });
});

describe('POST /messages/render and GET /streams/{stream_id}/email_address', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;
  let roomId: number, vaultId: number;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [roomId] = await createChannels(alice, ['Room Two!'], { principals: [alice.userId, bob.userId] });
    [vaultId] = await createChannels(alice, ['vault'], { invite_only: true, principals: [alice.userId] });
  });
  after(() => server.stop());

  it('renders Markdown as a message would be, mentions included, and stores nothing', async function () {
    let rendered: unknown;
    await expectNothingRecorded(server, () => alice.post('/messages/render', { content: '**bold** @**Bob**' }), (res) => {
      rendered = expectSuccess(res).rendered;
    });
    expect(rendered).to.contain('<strong>bold</strong>').and.contain(`data-user-id="${bob.userId}"`);
    expectExactFailure(await alice.post('/messages/render', { content: '   ' }), 'BAD_REQUEST', "Invalid 'content': message must not be empty");
  });

  it("answers a channel's address: its name, a token of its own, the server's host; per sender when one is named", async function () {
    const address = expectSuccess(await alice.get(`/streams/${roomId}/email_address`)).email as string;
    expect(address).to.match(/^room-two\.[0-9a-f]{32}\.show-sender@127\.0\.0\.1$/);
    expect(expectSuccess(await bob.get(`/streams/${roomId}/email_address`)).email).to.equal(address);
    const asAlice = expectSuccess(await alice.get(`/streams/${roomId}/email_address`, { sender_id: alice.userId })).email as string;
    expect(asAlice).to.not.equal(address);
    expect(asAlice.split('.')[0]).to.equal('room-two');
  });

  it('refuses channels the caller cannot read and senders other than themselves or their bots', async function () {
    expectExactFailure(await bob.get(`/streams/${vaultId}/email_address`), 'BAD_REQUEST', 'Invalid channel ID');
    expectExactFailure(await bob.get('/streams/9999/email_address'), 'BAD_REQUEST', 'Invalid channel ID');
    expectExactFailure(await bob.get(`/streams/${roomId}/email_address`, { sender_id: alice.userId }), 'BAD_REQUEST', "Invalid 'sender_id': must be you or a bot you own");
  });
});
