import { expect } from 'chai';
import { ApiError, decideDeactivateUserGroup } from '@chat/core';
import { expectApiError } from '../../support/api-error-assertions.js';
import { aChannel } from '../../support/channel-factory.js';
import { aGroup, groupContext, SYS } from '../../support/user-group-factory.js';
import { aMember, anOwner } from '../../support/user-state-factory.js';

const owner = anOwner();
const member = aMember();

describe('decideDeactivateUserGroup: groups that channels use', function () {
  const base = aChannel({ channel_id: 7, name: 'general' });
  const uses = (channel_id: number, overrides: Record<string, unknown>, is_archived = false) =>
    aChannel({ channel_id, name: `c${channel_id}`, is_archived, settings: { ...base.settings, ...overrides } });

  it('refuses a group that an active channel permission names, listing each channel and setting', function () {
    const channels = [
      uses(9, { can_send_message_group: 30, can_subscribe_group: { direct_members: [], direct_subgroups: [30] } }),
      uses(8, { can_administer_channel_group: { direct_members: [4], direct_subgroups: [30] } }),
      uses(10, { can_send_message_group: SYS['role:members'] }),
    ];
    const ctx = groupContext(owner, [member], [aGroup({ id: 30 })], {}, channels);
    const error = expectApiError(() => decideDeactivateUserGroup(ctx, 30), { code: 'CANNOT_DEACTIVATE_GROUP_IN_USE', status: 400, mentions: 'Cannot deactivate user group in use.' });
    expect(error).to.be.instanceOf(ApiError);
    expect(error.extras).to.deep.equal({
      objections: [
        { type: 'channel', channel_id: 8, settings: ['can_administer_channel_group'] },
        { type: 'channel', channel_id: 9, settings: ['can_send_message_group', 'can_subscribe_group'] },
      ],
    });
  });

  it('ignores archived channels', function () {
    const ctx = groupContext(owner, [member], [aGroup({ id: 30 })], {}, [uses(9, { can_send_message_group: 30 }, true)]);
    expect(decideDeactivateUserGroup(ctx, 30)).to.deep.equal([{ type: 'UserGroupDeactivated', data: { group_id: 30 } }]);
  });
});
