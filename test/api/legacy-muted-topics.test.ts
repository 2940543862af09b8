import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../support/channel-requests.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectBadRequest, expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('legacy muted topics: PATCH /users/me/subscriptions/muted_topics and the muted_topics section and event', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;
  let generalId: number, secretId: number;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [generalId] = await createChannels(alice, ['general']);
    [secretId] = await createChannels(bob, ['secret'], { invite_only: true });
  });
  after(() => server.stop());

  const mute = (client: ApiClient, params: Record<string, unknown>) => client.patch('/users/me/subscriptions/muted_topics', params);
  const mutedTopics = async (client: ApiClient, params: Record<string, unknown> = {}): Promise<unknown> =>
    (await registerQueue(client, { fetch_event_types: ['muted_topics'], ...params })).state.muted_topics;
  const userTopics = async (client: ApiClient): Promise<unknown> => (await registerQueue(client, { fetch_event_types: ['user_topic'] })).state.user_topics;
  const now = (): number => Math.floor(server.clock.now() / 1000);

  it('mutes by channel id or name: a user topic with policy 1, in the legacy section as [channel, topic, time]', async function () {
    const queue = await registerQueue(alice, { event_types: ['muted_topics', 'user_topic'] });
    server.clock.advance(60_000);
    expect(expectSuccess(await mute(alice, { stream_id: generalId, topic: 'lunch', op: 'add' }))).to.deep.equal({ result: 'success', msg: '' });
    const lunchAt = now();
    server.clock.advance(60_000);
    expectSuccess(await mute(alice, { stream: 'General', topic: 'plans', op: 'add' }));
    const plansAt = now();
    expect(await mutedTopics(alice)).to.deep.equal([['general', 'lunch', lunchAt], ['general', 'plans', plansAt]]);
    expect(await userTopics(alice)).to.deep.equal([
      { stream_id: generalId, topic_name: 'lunch', last_updated: lunchAt, visibility_policy: 1 },
      { stream_id: generalId, topic_name: 'plans', last_updated: plansAt, visibility_policy: 1 },
    ]);
    const events = await drain(queue);
    expect(ofType(events, 'user_topic')).to.have.length(2);
    expect(ofType(events, 'muted_topics').map(({ id: _id, ...event }) => event)).to.deep.equal([
      { type: 'muted_topics', muted_topics: [['general', 'lunch', lunchAt]] },
      { type: 'muted_topics', muted_topics: [['general', 'lunch', lunchAt], ['general', 'plans', plansAt]] },
    ]);
    expect(await mutedTopics(bob)).to.deep.equal([]);
  });

  it('remove takes the policy away (also a followed one); topics that are only followed are not muted', async function () {
    expectSuccess(await alice.post('/user_topics', { stream_id: generalId, topic: 'news', visibility_policy: 3 }));
    expect((await mutedTopics(alice)) as unknown[]).to.have.length(2);
    expectSuccess(await mute(alice, { stream_id: generalId, topic: 'lunch', op: 'remove' }));
    expectSuccess(await mute(alice, { stream_id: generalId, topic: 'news', op: 'remove' }));
    expect(((await mutedTopics(alice)) as unknown[][]).map((tuple) => tuple[1])).to.deep.equal(['plans']);
    expect(((await userTopics(alice)) as { topic_name: string }[]).map((topic) => topic.topic_name)).to.deep.equal(['plans']);
  });

  it('muting a muted topic, or unmuting one that is not, succeeds and records nothing', async function () {
    await expectNothingRecorded(server, () => mute(alice, { stream_id: generalId, topic: 'plans', op: 'add' }), (res) => expectSuccess(res));
    await expectNothingRecorded(server, () => mute(alice, { stream_id: generalId, topic: 'never', op: 'remove' }), (res) => expectSuccess(res));
  });

  it('is left out of register when the client asks for user_topic, which replaces it', async function () {
    const { state } = await registerQueue(alice, { fetch_event_types: ['muted_topics', 'user_topic'] });
    expect(state).to.have.property('user_topics');
    expect(state).to.not.have.property('muted_topics');
  });

  it('names the empty topic by its display name for clients without empty_topic_name', async function () {
    expectSuccess(await mute(alice, { stream_id: generalId, topic: '', op: 'add' }));
    const legacy = (await mutedTopics(alice)) as unknown[][];
    const modern = (await mutedTopics(alice, { client_capabilities: { empty_topic_name: true } })) as unknown[][];
    expect(legacy.map((tuple) => tuple[1])).to.include('general chat');
    expect(modern.map((tuple) => tuple[1])).to.include('');
    expectSuccess(await mute(alice, { stream_id: generalId, topic: '', op: 'remove' }));
  });

  it('refuses a channel the user cannot read, an unknown name, both or neither channel parameter, and a bad op', async function () {
    expectExactFailure(await mute(alice, { stream_id: secretId, topic: 'x', op: 'add' }), 'BAD_REQUEST', 'Invalid channel ID');
    expectExactFailure(await mute(alice, { stream: 'secret', topic: 'x', op: 'add' }), 'BAD_REQUEST', "Invalid channel name 'secret'");
    expectExactFailure(await mute(alice, { stream: 'general', stream_id: generalId, topic: 'x', op: 'add' }), 'BAD_REQUEST', "Please choose one: 'stream' or 'stream_id'.");
    expectExactFailure(await mute(alice, { topic: 'x', op: 'add' }), 'BAD_REQUEST', "Missing 'stream_id' argument");
    expectBadRequest(await mute(alice, { stream_id: generalId, topic: 'x', op: 'toggle' }), 'op');
  });
});
