import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import { OrganizationVersion } from '@chat/projections';
import { FEATURES } from '../../../services/api/src/features/all-features.js';
import { leavingOrganizationAlone } from '../../../services/api/src/features/feature-lists.js';

const event = (type: string, position: number): StoredEvent =>
  ({ position, stream: 'x-1', revision: 0, id: `e${position}`, type, data: {}, metadata: {} }) as unknown as StoredEvent;

describe('OrganizationVersion', function () {
  it('stays put for message traffic and other events that leave users, groups, channels and permissions alone', async function () {
    const version = new OrganizationVersion(leavingOrganizationAlone(FEATURES));
    for (const type of ['MessageSent', 'MessageFlagsChanged', 'ReactionAdded', 'UserTopicChanged', 'AttachmentUploaded', 'MessagePushesSent', 'ReminderScheduled']) {
      await version.apply(event(type, 1));
    }
    expect(version.value).to.equal(0);
  });

  it('moves for every event that may change the organization, and for a type it does not know', async function () {
    const version = new OrganizationVersion(leavingOrganizationAlone(FEATURES));
    for (const type of ['UserCreated', 'SubscriptionAdded', 'ChannelUpdated', 'UserGroupMembersChanged', 'RealmGroupSettingsChanged', 'SomeFutureEvent']) {
      await version.apply(event(type, 1));
    }
    expect(version.value).to.equal(6);
  });
});
