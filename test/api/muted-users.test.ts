import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../support/channel-requests.js';
import { flagsOn } from '../support/flag-requests.js';
import { postDirect, postToChannel } from '../support/message-requests.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('muted users: POST and DELETE /users/me/muted_users/{id}, muted_users events', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;

  before(async function () {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    await createChannels(alice, ['general'], { principals: [alice.userId, bob.userId, carol.userId] });
  });
  after(() => server.stop());

  const mute = (client: ApiClient, userId: number) => client.post(`/users/me/muted_users/${userId}`);
  const unmute = (client: ApiClient, userId: number) => client.delete(`/users/me/muted_users/${userId}`);
  const section = async (client: ApiClient): Promise<unknown> => (await registerQueue(client, { fetch_event_types: ['muted_users'] })).state.muted_users;
  const now = (): number => Math.floor(server.clock.now() / 1000);

  it("muting marks the muted user's unread messages read, tells only the muter, and lists them with when", async function () {
    const earlier = [await postToChannel(bob, 'general', 'hello', 'one'), await postDirect(bob, [alice.userId], 'psst')];
    const fromCarol = await postToChannel(carol, 'general', 'hello', 'not bob');
    const queue = await registerQueue(alice, { event_types: ['muted_users', 'update_message_flags'] });
    const bobQueue = await registerQueue(bob, { event_types: ['muted_users'] });
    server.clock.advance(60_000);
    expect(expectSuccess(await mute(alice, bob.userId))).to.deep.equal({ result: 'success', msg: '' });
    const mutedAt = now();
    const events = await drain(queue);
    expect(ofType(events, 'muted_users').map(({ id: _id, ...event }) => event)).to.deep.equal([{ type: 'muted_users', muted_users: [{ id: bob.userId, timestamp: mutedAt }] }]);
    const read = ofType(events, 'update_message_flags');
    expect(read.map((event) => [event.op, event.flag, event.messages])).to.deep.equal([['add', 'read', earlier]]);
    for (const id of earlier) expect(await flagsOn(alice, id)).to.include('read');
    expect(await flagsOn(alice, fromCarol)).to.not.include('read');
    expect(await drain(bobQueue)).to.deep.equal([]);
    expect(await section(alice)).to.deep.equal([{ id: bob.userId, timestamp: mutedAt }]);
    expect(await section(bob)).to.deep.equal([]);
  });

  it("a muted user's new messages arrive read for the muter only", async function () {
    const id = await postToChannel(bob, 'general', 'hello', 'again');
    expect(await flagsOn(alice, id)).to.include('read');
    expect(await flagsOn(carol, id)).to.not.include('read');
    const direct = await postDirect(bob, [alice.userId, carol.userId], 'group hello');
    expect(await flagsOn(alice, direct)).to.include('read');
    expect(await flagsOn(carol, direct)).to.not.include('read');
  });

  it('refuses muting oneself, twice, or an unknown user, recording nothing', async function () {
    const refused = async (userId: number, msg: string) => expectNothingRecorded(server, () => mute(alice, userId), (res) => expectExactFailure(res, 'BAD_REQUEST', msg));
    await refused(alice.userId, 'Cannot mute self');
    await refused(bob.userId, 'User already muted');
    await refused(9999, 'No such user');
  });

  it('unmuting: the list shrinks, new messages arrive unread again; unmuting someone not muted is refused', async function () {
    server.clock.advance(60_000);
    expectSuccess(await mute(alice, carol.userId));
    const carolAt = now();
    const queue = await registerQueue(alice, { event_types: ['muted_users'] });
    expectSuccess(await unmute(alice, bob.userId));
    expect(ofType(await drain(queue), 'muted_users').map((event) => event.muted_users)).to.deep.equal([[{ id: carol.userId, timestamp: carolAt }]]);
    expect(await flagsOn(alice, await postToChannel(bob, 'general', 'hello', 'back'))).to.not.include('read');
    await expectNothingRecorded(server, () => unmute(alice, bob.userId), (res) => expectExactFailure(res, 'BAD_REQUEST', 'User is not muted'));
    expectExactFailure(await unmute(alice, 9999), 'BAD_REQUEST', 'No such user');
  });
});
