import { expect } from 'chai';
import { decideUpdateSubscriptionProperties, type SubscriptionPropertyRequest, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aChannel, aSubscription, channelContext } from '../../support/channel-factory.js';
import { aMember, anOwner } from '../../support/user-state-factory.js';

const owner = anOwner();
const member = aMember();
const USERS: UserState[] = [owner, member];
const general = aChannel({ channel_id: 7, name: 'general' });
const design = aChannel({ channel_id: 8, name: 'design' });
const secret = aChannel({ channel_id: 9, name: 'secret', invite_only: true });
const left = aChannel({ channel_id: 10, name: 'left' });

const decide = (requests: SubscriptionPropertyRequest[]) =>
  decideUpdateSubscriptionProperties(
    channelContext(member, {
      users: USERS,
      channels: [general, design, secret, left],
      subscriptions: [aSubscription(4, 7), aSubscription(4, 8, { is_muted: true }), aSubscription(4, 10, { active: false })],
    }),
    requests,
  );

const changed = (channel_id: number, property: string, value: unknown) => ({ type: 'SubscriptionPropertyChanged', data: { channel_id, user_id: 4, property, value } });

describe('decideUpdateSubscriptionProperties', function () {
  it('records each change on its channel, in request order', function () {
    const events = decide([
      { stream_id: 7, property: 'color', value: '#AABBCC' },
      { stream_id: 8, property: 'pin_to_top', value: true },
      { stream_id: 7, property: 'desktop_notifications', value: false },
      { stream_id: 7, property: 'audible_notifications', value: true },
      { stream_id: 7, property: 'push_notifications', value: true },
      { stream_id: 7, property: 'email_notifications', value: false },
      { stream_id: 7, property: 'wildcard_mentions_notify', value: true },
      { stream_id: 7, property: 'is_muted', value: true },
    ]);
    expect([...events.keys()]).to.deep.equal([7, 8]);
    expect(events.get(7)).to.deep.equal([
      changed(7, 'color', '#AABBCC'),
      changed(7, 'desktop_notifications', false),
      changed(7, 'audible_notifications', true),
      changed(7, 'push_notifications', true),
      changed(7, 'email_notifications', false),
      changed(7, 'wildcard_mentions_notify', true),
      changed(7, 'is_muted', true),
    ]);
    expect(events.get(8)).to.deep.equal([changed(8, 'pin_to_top', true)]);
  });

  it('stores in_home_view as its inverse, is_muted', function () {
    expect(decide([{ stream_id: 8, property: 'in_home_view', value: true }]).get(8)).to.deep.equal([changed(8, 'is_muted', false)]);
  });

  it('records nothing for values already held, counting earlier elements of the same request', function () {
    const events = decide([
      { stream_id: 8, property: 'is_muted', value: true },
      { stream_id: 7, property: 'pin_to_top', value: true },
      { stream_id: 7, property: 'pin_to_top', value: true },
      { stream_id: 7, property: 'in_home_view', value: true },
    ]);
    expect([...events.entries()]).to.deep.equal([[7, [changed(7, 'pin_to_top', true)]]]);
    expect(decide([]).size).to.equal(0);
  });

  it('refuses channels the caller is not subscribed to, or cannot see', function () {
    expectApiError(() => decide([{ stream_id: 10, property: 'pin_to_top', value: true }]), refused('Not subscribed to channel ID 10'));
    expectApiError(() => decide([{ stream_id: 9, property: 'pin_to_top', value: true }]), refused('Invalid channel ID'));
    expectApiError(() => decide([{ stream_id: 99, property: 'pin_to_top', value: true }]), refused('Invalid channel ID'));
  });

  it('refuses unknown properties and values of the wrong type, whatever came before', function () {
    const first = { stream_id: 7, property: 'pin_to_top', value: true };
    expectApiError(() => decide([first, { stream_id: 7, property: 'volume', value: true }]), refused('Unknown subscription property: volume'));
    expectApiError(() => decide([first, { stream_id: 7, property: 'color', value: 'red' }]), refused("Invalid 'subscription_data[1].value': color must be a hex color code"));
    expectApiError(() => decide([{ stream_id: 7, property: 'is_muted', value: 'yes' }]), refused("Invalid 'subscription_data[0].value': is_muted must be true or false"));
    expectApiError(() => decide([{ stream_id: 7, property: 'desktop_notifications', value: null }]), refused('desktop_notifications must be true or false'));
  });
});
