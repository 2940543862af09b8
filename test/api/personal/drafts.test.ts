import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { objectsField } from '../../support/json-fields.js';
import { loggedData } from '../../support/log-rows.js';
import { drain, registerQueue } from '../../support/realtime-client.js';
import { expectBadRequest, expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('drafts: synchronized between a user\'s clients', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, design: number;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [design] = await createChannels(alice, ['design']);
  });
  after(() => server.stop());

  const drafts = async (client: ApiClient) => {
    const body = expectSuccess(await client.get('/drafts'));
    const list = objectsField(body, 'drafts');
    expect(body.count).to.equal(list.length);
    return list;
  };
  const now = (): number => Math.floor(server.clock.now() / 1000);

  it('creates drafts (ids in order), lists them, edits and deletes them; others never see them', async function () {
    const res = expectSuccess(await alice.post('/drafts', { drafts: [
      { type: 'stream', to: [design], topic: 'plans', content: 'Ship it', timestamp: 1_700_000_000 },
      { type: 'private', to: [bob.userId], topic: 'ignored', content: 'Hi Bob' },
      { type: '', to: [5], topic: 'x', content: 'Unaddressed' },
    ] }));
    const ids = res.ids as number[];
    expect(ids).to.have.length(3);
    expect(await drafts(alice)).to.deep.equal([
      { id: ids[0], type: 'stream', to: [design], topic: 'plans', content: 'Ship it', timestamp: 1_700_000_000 },
      { id: ids[1], type: 'private', to: [bob.userId], topic: '', content: 'Hi Bob', timestamp: now() },
      { id: ids[2], type: '', to: [], topic: '', content: 'Unaddressed', timestamp: now() },
    ]);
    expect(await drafts(bob)).to.deep.equal([]);
    expectSuccess(await alice.patch(`/drafts/${ids[1]}`, { draft: { type: 'private', to: [bob.userId], topic: '', content: 'Hi Bob!', timestamp: now() + 5 } }));
    expect((await drafts(alice))[2]).to.include({ id: ids[1], content: 'Hi Bob!' });
    for (const id of ids) expectSuccess(await alice.delete(`/drafts/${id}`));
    expect(await drafts(alice)).to.deep.equal([]);
  });

  it('refuses a channel draft without exactly one channel, an unknown channel or user, and another user\'s draft (404)', async function () {
    expectExactFailure(await alice.post('/drafts', { drafts: [{ type: 'stream', to: [design, design + 1], topic: 't', content: 'c' }] }), 'BAD_REQUEST', 'Must specify exactly 1 channel ID for channel messages');
    expectBadRequest(await alice.post('/drafts', { drafts: [{ type: 'stream', to: [9999], topic: 't', content: 'c' }] }), '9999');
    expectBadRequest(await alice.post('/drafts', { drafts: [{ type: 'private', to: [9999], topic: '', content: 'c' }] }), '9999');
    expect(await drafts(alice)).to.deep.equal([]);
    const [id] = expectSuccess(await alice.post('/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'Mine' }] })).ids as number[];
    for (const res of [await bob.delete(`/drafts/${id}`), await bob.patch(`/drafts/${id}`, { draft: { type: '', to: [], topic: '', content: 'x' } }), await alice.delete('/drafts/9999')]) {
      expect(res.status).to.equal(404);
      expect(res.body).to.include({ code: 'BAD_REQUEST', msg: 'Draft does not exist' });
    }
    expectSuccess(await alice.delete(`/drafts/${id}`));
  });

  it('tells the user\'s clients: drafts add, update, remove', async function () {
    const queue = await registerQueue(alice, { event_types: ['drafts'] });
    const [id] = expectSuccess(await alice.post('/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'One', timestamp: 10 }] })).ids as number[];
    expectSuccess(await alice.patch(`/drafts/${id}`, { draft: { type: '', to: [], topic: '', content: 'Two', timestamp: 20 } }));
    expectSuccess(await alice.delete(`/drafts/${id}`));
    expect((await drain(queue)).map(({ id: _id, ...rest }) => rest)).to.deep.equal([
      { type: 'drafts', op: 'add', drafts: [{ id, type: '', to: [], topic: '', content: 'One', timestamp: 10 }] },
      { type: 'drafts', op: 'update', draft: { id, type: '', to: [], topic: '', content: 'Two', timestamp: 20 } },
      { type: 'drafts', op: 'remove', draft_id: id },
    ]);
  });

  it('turning enable_drafts_synchronization off drops the drafts silently and refuses new ones; on again, starts empty', async function () {
    const [id] = expectSuccess(await alice.post('/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'Kept locally' }] })).ids as number[];
    const queue = await registerQueue(alice, { event_types: ['drafts'] });
    expectSuccess(await alice.patch('/settings', { enable_drafts_synchronization: false }));
    expect(await drain(queue)).to.deep.equal([]);
    expect(loggedData(server, 'DraftDeleted').at(-1)).to.deep.equal({ draft_id: id, user_id: alice.userId, discarded: true });
    expect(await drafts(alice)).to.deep.equal([]);
    expectExactFailure(await alice.post('/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'x' }] }), 'BAD_REQUEST', 'User has disabled synchronizing drafts.');
    expect(expectSuccess(await alice.post('/register', { fetch_event_types: ['drafts'] })).drafts).to.deep.equal([]);
    expectSuccess(await alice.patch('/settings', { enable_drafts_synchronization: true }));
    expect(await drafts(alice)).to.deep.equal([]);
    expect(expectSuccess(await alice.post('/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'Back' }] })).ids).to.have.length(1);
    expect((await drafts(alice)).map((draft) => draft.content)).to.deep.equal(['Back']);
  });
});
