import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels, expectNothingRecorded, mySubscriptions, unsubscribe } from '../support/channel-requests.js';
import { expectBadRequest, expectFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('PATCH /users/me/subscriptions', () => {
  let server: TestServer, member: ApiClient;
  const names = async (client: ApiClient): Promise<string[]> => (await mySubscriptions(client)).map((sub) => sub.name as string).sort();

  before(async () => {
    ({ server, member } = await startServerWith('member'));
    await createChannels(server.owner, ['Lobby', 'Garden', 'Attic']);
    await createChannels(server.owner, ['Secret'], { invite_only: true });
    expectSuccess(await server.owner.post('/users/me/subscriptions', { subscriptions: [{ name: 'Lobby' }], principals: [member.userId] }));
  });
  after(() => server.stop());

  it('joins and leaves in one request, creating channels that do not exist', async () => {
    const res = expectSuccess(await member.patch('/users/me/subscriptions', { add: [{ name: 'Garden' }, { name: 'Workshop', description: 'Tools' }], delete: ['Lobby', 'Attic'] }));
    expect(res).to.deep.equal({
      result: 'success',
      msg: '',
      subscribed: { [String(member.userId)]: ['Garden', 'Workshop'] },
      already_subscribed: {},
      removed: ['Lobby'],
      not_removed: ['Attic'],
    });
    expect(await names(member)).to.deep.equal(['Garden', 'Workshop']);
    expect(expectSuccess(await member.get('/get_stream_id', { stream: 'Workshop' })).stream_id).to.be.a('number');
  });

  it('takes either half alone, and reports channels joined already', async () => {
    expect(expectSuccess(await member.patch('/users/me/subscriptions', { add: [{ name: 'Garden' }] })).already_subscribed).to.deep.equal({ [String(member.userId)]: ['Garden'] });
    expect(expectSuccess(await member.patch('/users/me/subscriptions', { delete: ['Workshop'] })).removed).to.deep.equal(['Workshop']);
  });

  it('refuses the whole request when either half fails, or names a channel in both', async () => {
    const before = await names(member);
    await expectNothingRecorded(server, () => member.patch('/users/me/subscriptions', { add: [{ name: 'Attic' }], delete: ['No such place'] }), (res) =>
      expectFailure(res, 'STREAM_DOES_NOT_EXIST', 'No such place'));
    await expectNothingRecorded(server, () => member.patch('/users/me/subscriptions', { add: [{ name: 'Secret' }], delete: ['Garden'] }), (res) =>
      expectBadRequest(res, 'Unable to access channel (Secret).'));
    await expectNothingRecorded(server, () => member.patch('/users/me/subscriptions', { add: [{ name: 'Attic' }], delete: ['attic'] }), (res) =>
      expectBadRequest(res, "'add' and 'delete'"));
    await expectNothingRecorded(server, () => member.patch('/users/me/subscriptions', {}), (res) => expectBadRequest(res, 'Nothing to do'));
    expect(await names(member)).to.deep.equal(before);
  });
});

describe('DELETE /users/me/subscriptions with principals: removing others', () => {
  let server: TestServer, member: ApiClient, other: ApiClient, admin: ApiClient;

  before(async () => {
    ({ server, member, other, admin } = await startServerWith('member', 'other', 'admin'));
  });
  after(() => server.stop());

  it("lets a member of the channel's can_remove_subscribers_group remove others, and no one else who is not an administrator", async () => {
    const [club] = await createChannels(server.owner, ['Club'], { principals: [member.userId, other.userId, server.owner.userId] });
    await expectNothingRecorded(server, () => unsubscribe(member, ['Club'], { principals: [other.userId] }), (res) => expectBadRequest(res, 'Insufficient permission'));
    expectSuccess(await server.owner.patch(`/streams/${club}`, { can_remove_subscribers_group: { new: { direct_members: [member.userId], direct_subgroups: [] } } }));
    expect(expectSuccess(await unsubscribe(member, ['Club'], { principals: [other.userId] })).removed).to.deep.equal(['Club']);
    expect((await mySubscriptions(other)).map((sub) => sub.name)).to.not.include('Club');
    // Administrators remove anyone, whatever the channel's group says.
    expect(expectSuccess(await unsubscribe(admin, ['Club'], { principals: [member.userId] })).removed).to.deep.equal(['Club']);
  });

  it('keeps a private channel out of reach of a group member who cannot see it', async () => {
    const [vault] = await createChannels(server.owner, ['Vault'], { invite_only: true, principals: [other.userId, server.owner.userId] });
    expectSuccess(await server.owner.patch(`/streams/${vault}`, { can_remove_subscribers_group: { new: { direct_members: [member.userId], direct_subgroups: [] } } }));
    await expectNothingRecorded(server, () => unsubscribe(member, ['Vault'], { principals: [other.userId] }), (res) => expectFailure(res, 'STREAM_DOES_NOT_EXIST', 'Vault'));
  });
});
