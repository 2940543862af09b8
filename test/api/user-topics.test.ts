import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createChannels, expectNothingRecorded, subscribe, unsubscribe } from '../support/channel-requests.js';
import { sendToChannel } from '../support/message-requests.js';
import type { ReceivedEvent } from '../support/event-schemas.js';
import { drain, ofType, type Queue, registerQueue } from '../support/realtime-client.js';
import { expectExactFailure, expectFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('POST /user_topics', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, guest: ApiClient;
  let generalId: number, secretId: number;

  before(async function () {
    ({ server, alice, bob, guest } = await startServerWith('alice', 'bob', 'guest'));
    [generalId] = await createChannels(alice, ['general']);
    [secretId] = await createChannels(bob, ['secret'], { invite_only: true, principals: [bob.userId, alice.userId] });
  });
  after(() => server.stop());

  const setPolicy = (client: ApiClient, stream_id: number, topic: string, visibility_policy: number) =>
    client.post('/user_topics', { stream_id, topic, visibility_policy });
  const userTopicEvents = async (queue: Queue): Promise<Omit<ReceivedEvent, 'id'>[]> => ofType(await drain(queue), 'user_topic').map(({ id: _id, ...event }) => event);
  const section = async (client: ApiClient, params: Record<string, unknown> = {}): Promise<unknown> =>
    (await registerQueue(client, { fetch_event_types: ['user_topic'], ...params })).state.user_topics;
  const now = (): number => Math.floor(server.clock.now() / 1000);

  it('sets each policy, with a user_topic event to the user and the register section following', async function () {
    const queue = await registerQueue(alice);
    const bobQueue = await registerQueue(bob);
    for (const policy of [1, 2, 3]) {
      server.clock.advance(60_000);
      expect(expectSuccess(await setPolicy(alice, generalId, 'lunch', policy))).to.deep.equal({ result: 'success', msg: '' });
      expect(await userTopicEvents(queue)).to.deep.equal([{ type: 'user_topic', stream_id: generalId, topic_name: 'lunch', last_updated: now(), visibility_policy: policy }]);
      expect(await section(alice)).to.deep.equal([{ stream_id: generalId, topic_name: 'lunch', last_updated: now(), visibility_policy: policy }]);
    }
    expect(await userTopicEvents(bobQueue)).to.deep.equal([]);
  });

  it('works for topics without messages, and for a topic in any case (topics compare regardless of case)', async function () {
    const queue = await registerQueue(alice);
    expectSuccess(await setPolicy(alice, generalId, 'LUNCH', 1));
    expect(await userTopicEvents(queue)).to.deep.equal([{ type: 'user_topic', stream_id: generalId, topic_name: 'LUNCH', last_updated: now(), visibility_policy: 1 }]);
    expect(await section(alice)).to.deep.equal([{ stream_id: generalId, topic_name: 'LUNCH', last_updated: now(), visibility_policy: 1 }]);
  });

  it('records nothing when the topic already has the policy asked for', async function () {
    const queue = await registerQueue(alice);
    await expectNothingRecorded(server, () => setPolicy(alice, generalId, 'lunch', 1), (res) => expectSuccess(res));
    await expectNothingRecorded(server, () => setPolicy(alice, generalId, 'never set', 0), (res) => expectSuccess(res));
    expect(await userTopicEvents(queue)).to.deep.equal([]);
  });

  it('removes a policy with 0: a user_topic event with 0, and the topic leaves the section', async function () {
    const queue = await registerQueue(alice);
    expectSuccess(await setPolicy(alice, generalId, 'lunch', 0));
    expect(await userTopicEvents(queue)).to.deep.equal([{ type: 'user_topic', stream_id: generalId, topic_name: 'lunch', last_updated: now(), visibility_policy: 0 }]);
    expect(await section(alice)).to.deep.equal([]);
  });

  it('reads (no topic) and the display name as the empty topic, shown per the empty_topic_name capability', async function () {
    const modern = await registerQueue(alice, { client_capabilities: { empty_topic_name: true } });
    const legacy = await registerQueue(alice);
    expectSuccess(await setPolicy(alice, generalId, '(no topic)', 1));
    expect((await userTopicEvents(modern)).map((event) => event.topic_name)).to.deep.equal(['']);
    expect((await userTopicEvents(legacy)).map((event) => event.topic_name)).to.deep.equal(['general chat']);
    await expectNothingRecorded(server, () => setPolicy(alice, generalId, 'general chat', 1), (res) => expectSuccess(res));
    expect(await section(alice, { client_capabilities: { empty_topic_name: true } })).to.deep.equal([{ stream_id: generalId, topic_name: '', last_updated: now(), visibility_policy: 1 }]);
    expect(await section(alice)).to.deep.equal([{ stream_id: generalId, topic_name: 'general chat', last_updated: now(), visibility_policy: 1 }]);
    expectSuccess(await setPolicy(alice, generalId, '', 0));
  });

  it('lists policies by channel and topic, and cuts long topics as sends do', async function () {
    expectSuccess(await setPolicy(alice, secretId, 'plans', 3));
    expectSuccess(await setPolicy(alice, generalId, 'zebra', 1));
    expectSuccess(await setPolicy(alice, generalId, 'apple', 2));
    expectSuccess(await setPolicy(alice, generalId, 'x'.repeat(70), 1));
    const listed = (await section(alice)) as { stream_id: number; topic_name: string }[];
    expect(listed.map((each) => [each.stream_id, each.topic_name])).to.deep.equal([
      [generalId, 'apple'],
      [generalId, `${'x'.repeat(57)}...`],
      [generalId, 'zebra'],
      [secretId, 'plans'],
    ]);
    // A message to a long topic goes to the cut one: starting it, Alice now follows the topic she had muted.
    expect(expectSuccess(await sendToChannel(alice, 'general', 'x'.repeat(80), 'hi')).automatic_new_visibility_policy).to.equal(3);
    expect(((await section(alice)) as { topic_name: string; visibility_policy: number }[]).filter((each) => each.topic_name.startsWith('xxx'))).to.deep.equal([
      { stream_id: generalId, topic_name: `${'x'.repeat(57)}...`, last_updated: now(), visibility_policy: 3 },
    ]);
  });

  it('refuses a channel the user cannot read, or that does not exist, as an invalid channel id, recording nothing', async function () {
    const [hiddenId] = await createChannels(bob, ['hidden'], { invite_only: true });
    for (const [client, channelId] of [[alice, hiddenId], [alice, 99999], [guest, generalId]] as const) {
      await expectNothingRecorded(server, () => setPolicy(client, channelId, 'lunch', 1), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid channel ID'));
    }
    expectSuccess(await subscribe(alice, ['general'], { principals: [guest.userId] }));
    expectSuccess(await setPolicy(guest, generalId, 'lunch', 1));
  });

  it('lets a user remove a policy in a channel they lost access to, and nothing else there', async function () {
    expectSuccess(await unsubscribe(alice, ['secret']));
    await expectNothingRecorded(server, () => setPolicy(alice, secretId, 'plans', 1), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid channel ID'));
    await expectNothingRecorded(server, () => setPolicy(alice, secretId, 'other', 0), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid channel ID'));
    expectSuccess(await setPolicy(alice, secretId, 'plans', 0));
    expect(((await section(alice)) as { stream_id: number }[]).map((each) => each.stream_id)).to.not.include(secretId);
  });

  it('refuses an invalid policy and missing parameters, recording nothing', async function () {
    for (const policy of [4, -1]) {
      await expectNothingRecorded(server, () => setPolicy(alice, generalId, 'lunch', policy), (res) => expectFailure(res, 'BAD_REQUEST', "'visibility_policy'"));
    }
    await expectNothingRecorded(server, () => alice.post('/user_topics', { stream_id: generalId, visibility_policy: 1 }), (res) => expectExactFailure(res, 'REQUEST_VARIABLE_MISSING', "Missing 'topic' argument"));
    await expectNothingRecorded(server, () => alice.post('/user_topics', { stream_id: generalId, topic: 'x' }), (res) => expectExactFailure(res, 'REQUEST_VARIABLE_MISSING', "Missing 'visibility_policy' argument"));
    await expectNothingRecorded(server, () => alice.post('/user_topics', { topic: 'x', visibility_policy: 1 }), (res) => expectExactFailure(res, 'REQUEST_VARIABLE_MISSING', "Missing 'stream_id' argument"));
  });
});
