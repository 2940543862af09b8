import { expect } from 'chai';
import { defaultRealmGroupSettings, Role } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { OrganizationReplay, organizationAnswer, organizationAt, userPermissionsAnswer } from '@chat/projections/history/index';
import { aChannel, aSubscription } from '../../support/channel-factory.js';
import { SYS, systemGroups } from '../../support/user-group-factory.js';
import { aUser } from '../../support/user-state-factory.js';

/**
 * Reading a replay into an OrganizationAt: the replay's stored documents are read as they are (they
 * are shared with its snapshots; copying every one of them was most of a point-in-time question's
 * time at the bench's size), and answering never changes them.
 */
describe('organizationAt over a replay of the past', () => {
  async function replayWithOrganization(): Promise<OrganizationReplay> {
    const replay = new OrganizationReplay();
    const { models } = replay;
    await models.realmGroupSettings.put(REALM_KEY, defaultRealmGroupSettings(SYS), 1);
    for (const group of systemGroups()) await models.userGroups.put(group.id, group, 2);
    await models.users.put(1, aUser({ user_id: 1, role: Role.Owner }), 3);
    await models.users.put(10, aUser({ user_id: 10 }), 4);
    await models.users.put(11, aUser({ user_id: 11, is_active: false }), 5);
    await models.channels.put(5, aChannel({ channel_id: 5, name: 'finance', invite_only: true }), 6);
    await models.channels.put(3, aChannel({ channel_id: 3, name: 'general' }), 7);
    for (const [user, channel] of [[10, 5], [1, 3], [11, 3], [10, 3]]) await models.subscriptions.put(`${user}:${channel}`, aSubscription(user, channel), 8);
    return replay;
  }

  it('hands out the stored documents themselves, not copies', async () => {
    const replay = await replayWithOrganization();
    const org = await organizationAt(replay.models, 40);
    const stored = replay.store.historyCollection<{ user_id: number }>({ name: 'users' });
    expect(org.users.get(10)).to.equal(stored.storedDoc(10));
    expect(org.channels.map((channel) => channel.channel_id)).to.deep.equal([3, 5]);
    expect(org.channels[0]).to.equal(replay.store.historyCollection({ name: 'channels' }).storedDoc(3));
    expect(org.realm).to.equal(replay.store.historyCollection({ name: 'realm_group_settings' }).storedDoc(REALM_KEY));
    expect([...org.subscribers]).to.deep.equal([[5, [10]], [3, [1, 10]]]);
  });

  it('leaves the replay and its snapshot as they were after answering', async () => {
    const replay = await replayWithOrganization();
    const snapshot = replay.image();
    const before = structuredClone(await replay.models.users.all());
    const org = await organizationAt(replay.models, 40);
    const answer = organizationAnswer(org);
    userPermissionsAnswer(org, 10);
    answer.users[0].full_name = 'changed by a caller';
    answer.channels[0].subscribers.push(99);
    expect(await replay.models.users.all()).to.deep.equal(before);
    const again = await organizationAt(new OrganizationReplay(snapshot).models, 40);
    expect(organizationAnswer(again).channels.map((channel) => channel.subscribers)).to.deep.equal([[1, 10], [10]]);
    expect(again.users.get(1)?.full_name).to.equal('User 1');
  });
});
