import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded, subscribe } from '../../support/channel-requests.js';
import { postDirect, postToChannel, sendToChannel } from '../../support/message-requests.js';
import { flagsOn } from '../../support/flag-requests.js';
import { numberField } from '../../support/json-fields.js';
import { flagsOf, messageEvents, onlyMessageEvent, recordOf, sendAs } from '../../support/message-events.js';
import { drain, ofType, type Queue, registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('POST /messages: local echo, read_by_sender, automatic visibility policies', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;
  let generalId: number;

  before(async function () {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    [generalId] = await createChannels(alice, ['general']);
    expectSuccess(await subscribe(bob, ['general']));
    expectSuccess(await subscribe(carol, ['general']));
  });
  after(() => server.stop());

  const nowSeconds = (): number => Math.floor(server.clock.now() / 1000);

  describe('queue_id and local_id', function () {
    it("the echo to the sender's queue doing local echo carries local_message_id; the sender's other queues and the receivers' do not", async function () {
      const echoing = await registerQueue(alice);
      const otherTab = await registerQueue(alice);
      const bobQueue = await registerQueue(bob);
      const id = await postToChannel(alice, 'general', 'echo', 'hello', { queue_id: echoing.queueId, local_id: '17.01' });
      const echo = await onlyMessageEvent(echoing);
      expect(echo.local_message_id).to.equal('17.01');
      expect(recordOf(echo).id).to.equal(id);
      for (const queue of [otherTab, bobQueue]) {
        const event = await onlyMessageEvent(queue);
        expect(recordOf(event).id).to.equal(id);
        expect(event).to.not.have.property('local_message_id');
      }
    });

    it('works for direct messages too', async function () {
      const echoing = await registerQueue(alice);
      const id = await postDirect(alice, [bob.userId], 'hi', { queue_id: echoing.queueId, local_id: 'abc' });
      const echo = await onlyMessageEvent(echoing);
      expect(echo.local_message_id).to.equal('abc');
      expect(recordOf(echo)).to.include({ id, type: 'private' });
    });

    it('refuses queue_id without local_id as a missing argument, recording nothing; local_id alone is ignored', async function () {
      const queue = await registerQueue(alice);
      await expectNothingRecorded(server, () => sendToChannel(alice, 'general', 'echo', 'hi', { queue_id: queue.queueId }), (res) => {
        expectExactFailure(res, 'REQUEST_VARIABLE_MISSING', "Missing 'local_id' argument");
        expect(res.body.var_name).to.equal('local_id');
      });
      await postToChannel(alice, 'general', 'echo', 'hi', { local_id: '5.5' });
      expect(await onlyMessageEvent(queue)).to.not.have.property('local_message_id');
    });
  });

  describe('read_by_sender', function () {
    let aliceQueue: Queue, bobQueue: Queue;
    before(async function () {
      aliceQueue = await registerQueue(alice);
      bobQueue = await registerQueue(bob);
    });

    /** The sender's flags and a receiver's, from their message events; GET /messages/{id} must say the same. */
    async function flagsAfter(send: () => Promise<unknown>): Promise<{ sender: string[]; receiver: string[] }> {
      await send();
      const [senderEvent, receiverEvent] = [await onlyMessageEvent(aliceQueue), await onlyMessageEvent(bobQueue)];
      const id = numberField(recordOf(senderEvent), 'id');
      const flags = { sender: flagsOf(senderEvent), receiver: flagsOf(receiverEvent) };
      expect({ sender: await flagsOn(alice, id), receiver: await flagsOn(bob, id) }).to.deep.equal(flags);
      return flags;
    }

    it('true or false decides whether the message starts read for the sender; receivers always start unread', async function () {
      expect(await flagsAfter(() => postToChannel(alice, 'general', 'reading', 'one', { read_by_sender: true }))).to.deep.equal({ sender: ['read'], receiver: [] });
      expect(await flagsAfter(() => postToChannel(alice, 'general', 'reading', 'two', { read_by_sender: false }))).to.deep.equal({ sender: [], receiver: [] });
    });

    it('absent, a message sent by an interactive client (by its User-Agent) starts read, one sent by an integration does not', async function () {
      const send = (userAgent: string) => () => sendAs(alice, userAgent, { type: 'channel', to: 'general', topic: 'reading', content: `sent by '${userAgent}'` });
      for (const userAgent of ['ZulipMobile/27.192 (Android 14)', 'ZulipElectron/5.11.1', 'ZulipTerminal/0.7.0']) {
        expect((await flagsAfter(send(userAgent))).sender, userAgent).to.deep.equal(['read']);
      }
      for (const userAgent of ['ZulipGitHubWebhook/1.0', 'python-requests/2.31', '']) {
        expect((await flagsAfter(send(userAgent))).sender, userAgent).to.deep.equal([]);
      }
    });

    it('an explicit value wins over the User-Agent', async function () {
      const sent = () => sendAs(alice, 'ZulipMobile/27.192 (Android 14)', { type: 'channel', to: 'general', topic: 'reading', content: 'explicit', read_by_sender: false });
      expect((await flagsAfter(sent)).sender).to.deep.equal([]);
    });
  });

  describe('automatic_new_visibility_policy and the user_topic event', function () {
    it('a sender who starts a topic follows it (default: on initiation): 3 in the response, a user_topic event, and the register section', async function () {
      const queue = await registerQueue(alice);
      const res = expectSuccess(await sendToChannel(alice, 'general', 'plans', 'let us plan'));
      expect(res.automatic_new_visibility_policy).to.equal(3);
      const events = await drain(queue);
      expect(ofType(events, 'user_topic').map(({ id: _id, ...event }) => event)).to.deep.equal([
        { type: 'user_topic', stream_id: generalId, topic_name: 'plans', last_updated: nowSeconds(), visibility_policy: 3 },
      ]);
      expect(ofType(events, 'message')).to.have.length(1);
      const state = (await registerQueue(alice, { fetch_event_types: ['user_topic'] })).state;
      expect(state.user_topics).to.deep.include({ stream_id: generalId, topic_name: 'plans', last_updated: nowSeconds(), visibility_policy: 3 });
    });

    it('changes nothing, and leaves the field out, when the policy stays as it is', async function () {
      const queue = await registerQueue(alice);
      const res = expectSuccess(await sendToChannel(alice, 'general', 'plans', 'more plans'));
      expect(res).to.not.have.property('automatic_new_visibility_policy');
      expect(Object.keys(res).sort()).to.deep.equal(['id', 'msg', 'result']);
      expect(ofType(await drain(queue), 'user_topic')).to.deep.equal([]);
      // Bob did not start the topic: with the default (follow on initiation) his reply changes nothing either.
      expect(expectSuccess(await sendToChannel(bob, 'general', 'plans', 'a reply'))).to.not.have.property('automatic_new_visibility_policy');
    });

    it('in a channel the sender muted, sending unmutes the topic: 2', async function () {
      expectSuccess(await carol.patch('/settings', { automatically_follow_topics_policy: 4 }));
      expectSuccess(await carol.post('/users/me/subscriptions/properties', { subscription_data: [{ stream_id: generalId, property: 'is_muted', value: true }] }));
      const queue = await registerQueue(carol);
      const res = expectSuccess(await sendToChannel(carol, 'general', 'plans', 'count me in'));
      expect(res.automatic_new_visibility_policy).to.equal(2);
      expect(ofType(await drain(queue), 'user_topic').map(({ id: _id, ...event }) => event)).to.deep.equal([
        { type: 'user_topic', stream_id: generalId, topic_name: 'plans', last_updated: nowSeconds(), visibility_policy: 2 },
      ]);
      expect(expectSuccess(await sendToChannel(carol, 'general', 'plans', 'again'))).to.not.have.property('automatic_new_visibility_policy');
    });

    it('a mentioned receiver follows the topic (automatically_follow_topics_where_mentioned), with a user_topic event to them only', async function () {
      const bobQueue = await registerQueue(bob);
      const aliceQueue = await registerQueue(alice);
      server.clock.advance(5000);
      const res = expectSuccess(await sendToChannel(alice, 'general', 'plans', 'what do you think, @**Bob**?'));
      expect(res).to.not.have.property('automatic_new_visibility_policy');
      expect(ofType(await drain(bobQueue), 'user_topic').map(({ id: _id, ...event }) => event)).to.deep.equal([
        { type: 'user_topic', stream_id: generalId, topic_name: 'plans', last_updated: nowSeconds(), visibility_policy: 3 },
      ]);
      expect(ofType(await drain(aliceQueue), 'user_topic')).to.deep.equal([]);
    });

    it('names the empty topic as the client asked: "" with empty_topic_name, its display name without', async function () {
      const modern = await registerQueue(bob, { client_capabilities: { empty_topic_name: true } });
      const legacy = await registerQueue(bob);
      expect(expectSuccess(await sendToChannel(bob, 'general', '', 'general chatter')).automatic_new_visibility_policy).to.equal(3);
      const topicOf = async (queue: Queue) => ofType(await drain(queue), 'user_topic').map((event) => event.topic_name);
      expect(await topicOf(modern)).to.deep.equal(['']);
      expect(await topicOf(legacy)).to.deep.equal([legacy.state.realm_empty_topic_display_name ?? 'general chat']);
      const section = async (capabilities: Record<string, boolean>) =>
        ((await registerQueue(bob, { fetch_event_types: ['user_topic'], client_capabilities: capabilities })).state.user_topics as { topic_name: string }[]).map((each) => each.topic_name);
      expect(await section({ empty_topic_name: true })).to.deep.equal(['', 'plans']);
      expect(await section({})).to.deep.equal(['general chat', 'plans']);
    });

    it('a refused send changes no policy', async function () {
      const queue = await registerQueue(alice);
      await expectNothingRecorded(server, () => sendToChannel(alice, 'general', 'brand new', '   '), (res) => expectExactFailure(res, 'BAD_REQUEST', "Invalid 'content': message must not be empty"));
      expect(await messageEvents(queue)).to.deep.equal([]);
    });
  });
});

