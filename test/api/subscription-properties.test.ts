import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { createChannels, expectNothingRecorded, mySubscriptions, unsubscribe } from '../support/channel-requests.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('subscriptions API: POST /users/me/subscriptions/properties', function () {
  let server: TestServer, member: ApiClient;

  before(async function () {
    ({ server, member } = await startServerWith('member'));
  });
  after(() => server.stop());

  const update = (client: ApiClient, subscription_data: unknown[]): Promise<ApiResponse> =>
    client.post('/users/me/subscriptions/properties', { subscription_data });

  const subscriptionTo = async (id: number): Promise<Record<string, unknown>> => {
    const sub = (await mySubscriptions(member)).find((each) => each.stream_id === id);
    if (!sub) throw new Error(`not subscribed to ${id}`);
    return sub;
  };

  const refused = (request: () => Promise<ApiResponse>, msg: string, code = 'BAD_REQUEST'): Promise<void> =>
    expectNothingRecorded(server, request, (res) => expectExactFailure(res, code, msg));

  it('changes every personal property, answering with result and msg only', async function () {
    const [id, otherId] = await createChannels(member, ['props-a', 'props-b']);
    const res = await update(member, [
      { stream_id: id, property: 'color', value: '#abcdef' },
      { stream_id: id, property: 'pin_to_top', value: true },
      { stream_id: id, property: 'desktop_notifications', value: true },
      { stream_id: id, property: 'audible_notifications', value: false },
      { stream_id: id, property: 'push_notifications', value: true },
      { stream_id: id, property: 'email_notifications', value: false },
      { stream_id: id, property: 'wildcard_mentions_notify', value: true },
      { stream_id: otherId, property: 'in_home_view', value: false },
    ]);
    expect(expectSuccess(res)).to.deep.equal({ result: 'success', msg: '' });
    expect(await subscriptionTo(id)).to.include({
      color: '#abcdef',
      pin_to_top: true,
      desktop_notifications: true,
      audible_notifications: false,
      push_notifications: true,
      email_notifications: false,
      wildcard_mentions_notify: true,
      is_muted: false,
      in_home_view: true,
    });
    expect(await subscriptionTo(otherId)).to.include({ is_muted: true, in_home_view: false });
    expectSuccess(await update(member, [{ stream_id: otherId, property: 'is_muted', value: false }]));
    expect(await subscriptionTo(otherId)).to.include({ is_muted: false, in_home_view: true });
  });

  it('keeps the properties through unsubscribing and subscribing again', async function () {
    const [id] = await createChannels(member, ['props-return']);
    expectSuccess(await update(member, [{ stream_id: id, property: 'color', value: '#123456' }]));
    expectSuccess(await unsubscribe(member, ['props-return']));
    await createChannels(member, ['props-return']);
    expect(await subscriptionTo(id)).to.include({ color: '#123456' });
  });

  it('refuses the whole request for any bad element, changing nothing', async function () {
    const [id] = await createChannels(member, ['props-refused']);
    const [notMine] = await createChannels(server.owner, ['props-not-mine']);
    const [secret] = await createChannels(server.owner, ['props-secret'], { invite_only: true });
    const good = { stream_id: id, property: 'pin_to_top', value: true };
    await refused(() => update(member, [good, { stream_id: notMine, property: 'pin_to_top', value: true }]), `Not subscribed to channel ID ${notMine}`);
    await refused(() => update(member, [good, { stream_id: secret, property: 'pin_to_top', value: true }]), 'Invalid channel ID');
    await refused(() => update(member, [good, { stream_id: id, property: 'volume', value: 3 }]), 'Unknown subscription property: volume');
    await refused(() => update(member, [good, { stream_id: id, property: 'color', value: 'blue' }]), "Invalid 'subscription_data[1].value': color must be a hex color code like #c2c2c2");
    await refused(() => update(member, [{ stream_id: id, property: 'is_muted', value: 'yes' }]), "Invalid 'subscription_data[0].value': is_muted must be true or false");
    await refused(() => update(member, [{ stream_id: id, property: 'is_muted' }]), "Missing 'value' argument", 'REQUEST_VARIABLE_MISSING');
    await refused(() => member.post('/users/me/subscriptions/properties', {}), "Missing 'subscription_data' argument", 'REQUEST_VARIABLE_MISSING');
    expect(await subscriptionTo(id)).to.include({ pin_to_top: false });
  });
});
