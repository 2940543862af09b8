import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels } from '../support/channel-requests.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('Users: what others see of a deactivation and a reactivation', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, garden: number, team: number, fullMembers: number;

  before(async () => {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [garden] = await createChannels(alice, ['garden'], { principals: [alice.userId, bob.userId] });
    team = expectSuccess(await server.owner.post('/user_groups/create', { name: 'Team', description: '', members: [alice.userId, bob.userId] })).group_id as number;
    const groups = expectSuccess(await server.owner.get('/user_groups')).user_groups as { id: number; name: string }[];
    fullMembers = groups.find((group) => group.name === 'role:fullmembers')!.id;
  });
  after(() => server.stop());

  const members = async (groupId: number): Promise<number[]> => expectSuccess(await bob.get(`/user_groups/${groupId}/members`)).members as number[];
  const subscribers = async (): Promise<number[]> => expectSuccess(await bob.get(`/streams/${garden}/members`)).subscribers as number[];

  it('deactivation: peers get peer_remove for each channel, then realm_user update is_active false; lists leave the user out', async () => {
    const queue = await registerQueue(bob);
    expectSuccess(await server.owner.delete(`/users/${alice.userId}`));
    const events = await drain(queue);
    expect(events.map((event) => `${event.type}.${event.op}`)).to.deep.equal(['subscription.peer_remove', 'realm_user.update']);
    expect(events[0]).to.include({ op: 'peer_remove' }).and.deep.include({ stream_ids: [garden], user_ids: [alice.userId] });
    expect(events[1].person).to.deep.equal({ user_id: alice.userId, is_active: false });
    expect(await members(team)).to.deep.equal([bob.userId]);
    expect(await members(fullMembers)).to.not.include(alice.userId);
    expect(await subscribers()).to.deep.equal([bob.userId]);
  });

  it('reactivation: realm_user update is_active true, add_members for each group, peer_add for each channel', async () => {
    const queue = await registerQueue(bob);
    expectSuccess(await server.owner.post(`/users/${alice.userId}/reactivate`));
    const events = await drain(queue);
    expect(ofType(events, 'realm_user', 'update').map((event) => event.person)).to.deep.equal([{ user_id: alice.userId, is_active: true }]);
    const added = ofType(events, 'user_group', 'add_members').map((event) => [event.group_id, event.user_ids]);
    expect(added).to.have.deep.members([[team, [alice.userId]], [fullMembers, [alice.userId]]]);
    expect(ofType(events, 'subscription', 'peer_add')).to.have.length(1);
    expect(ofType(events, 'subscription', 'peer_add')[0]).to.deep.include({ stream_ids: [garden], user_ids: [alice.userId] });
    expect(await members(team)).to.deep.equal([alice.userId, bob.userId]);
    expect(await subscribers()).to.deep.equal([alice.userId, bob.userId]);
  });
});
