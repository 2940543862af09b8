import { expect } from 'chai';
import { type ChannelState, decideUpdateUserTopic, type UpdateUserTopic, type UserTopicContext, type UserTopicState, visibilityPolicyName } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aChannel, aSubscription, channelContext } from '../../support/channel-factory.js';
import { aGuest, aMember, anOwner } from '../../support/user-state-factory.js';

const member = aMember();
const guest = aGuest();
const users = [anOwner(), member, guest];
const general = aChannel({ channel_id: 10, name: 'general' });
const secret = aChannel({ channel_id: 11, name: 'secret', invite_only: true });
const policy = (topic: string, visibility_policy: number, channel_id = 10): UserTopicState => ({ user_id: member.user_id, channel_id, topic, visibility_policy, last_updated: 1 });

function given(userId: number, channel: ChannelState | undefined, policies: UserTopicState[] = []): UserTopicContext {
  return { ...channelContext(member, { users, channels: [general, secret], subscriptions: [aSubscription(member.user_id, 10)] }), userId, channel, policies };
}
const cmd = (topic: string, visibility_policy: number, channel_id = 10): UpdateUserTopic => ({ channel_id, topic, visibility_policy });
const changed = (topic: string, visibility_policy: number, channel_id = 10) => [
  { type: 'UserTopicChanged', data: { user_id: member.user_id, channel_id, topic, visibility_policy: visibilityPolicyName(visibility_policy) } },
];

describe('decideUpdateUserTopic', function () {
  it('sets any policy 1 to 3 on a topic of a channel the user may read, messages or not', function () {
    for (const visibility_policy of [1, 2, 3]) expect(decideUpdateUserTopic(given(member.user_id, general), cmd('lunch', visibility_policy))).to.deep.equal(changed('lunch', visibility_policy));
  });

  it('replaces a policy, matching the topic regardless of case', function () {
    expect(decideUpdateUserTopic(given(member.user_id, general, [policy('lunch', 1)]), cmd('LUNCH', 3))).to.deep.equal(changed('LUNCH', 3));
  });

  it('records nothing when the topic has the policy already (0: none)', function () {
    expect(decideUpdateUserTopic(given(member.user_id, general, [policy('lunch', 1)]), cmd('Lunch', 1))).to.deep.equal([]);
    expect(decideUpdateUserTopic(given(member.user_id, general), cmd('lunch', 0))).to.deep.equal([]);
  });

  it('removes a policy with 0', function () {
    expect(decideUpdateUserTopic(given(member.user_id, general, [policy('lunch', 3)]), cmd('lunch', 0))).to.deep.equal(changed('lunch', 0));
  });

  it('canonicalises and cuts the topic as sends do', function () {
    expect(decideUpdateUserTopic(given(member.user_id, general), cmd(' (no topic) ', 1))).to.deep.equal(changed('', 1));
    expect(decideUpdateUserTopic(given(member.user_id, general), cmd('general chat', 1))).to.deep.equal(changed('', 1));
    expect(decideUpdateUserTopic(given(member.user_id, general), cmd('y'.repeat(61), 1))).to.deep.equal(changed(`${'y'.repeat(57)}...`, 1));
    expectApiError(() => decideUpdateUserTopic(given(member.user_id, general), cmd('a\nb', 1)), refused("'topic'"));
  });

  it('refuses an unknown channel, one the user cannot read, and a guest outside the channel, as an invalid channel id', function () {
    expectApiError(() => decideUpdateUserTopic(given(member.user_id, undefined), cmd('lunch', 1, 99)), refused('Invalid channel ID'));
    expectApiError(() => decideUpdateUserTopic(given(member.user_id, secret), cmd('lunch', 1, 11)), refused('Invalid channel ID'));
    expectApiError(() => decideUpdateUserTopic(given(guest.user_id, general), cmd('lunch', 1)), refused('Invalid channel ID'));
  });

  it('lets a user remove a policy they hold in a channel they can no longer read, and nothing else there', function () {
    const held = [policy('plans', 1, 11)];
    expect(decideUpdateUserTopic(given(member.user_id, secret, held), cmd('plans', 0, 11))).to.deep.equal(changed('plans', 0, 11));
    expectApiError(() => decideUpdateUserTopic(given(member.user_id, secret, held), cmd('plans', 2, 11)), refused('Invalid channel ID'));
    expectApiError(() => decideUpdateUserTopic(given(member.user_id, secret, held), cmd('other', 0, 11)), refused('Invalid channel ID'));
  });

  it('refuses a policy outside 0 to 3', function () {
    for (const visibility_policy of [4, -1, 1.5]) expectApiError(() => decideUpdateUserTopic(given(member.user_id, general), cmd('lunch', visibility_policy)), refused("'visibility_policy'"));
  });
});
