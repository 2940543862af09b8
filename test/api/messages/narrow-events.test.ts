import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { botMessagesTo } from '../../support/bot-messages.js';
import type { ReceivedEvent } from '../../support/event-schemas.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { flagsOf, recordOf } from '../../support/message-events.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { drain, ofType, type Queue, registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/** The ids of the messages whose events the queue holds now, and everything it holds. */
async function received(queue: Queue): Promise<{ ids: unknown[]; events: ReceivedEvent[] }> {
  const events = await drain(queue);
  return { ids: ofType(events, 'message').map((event) => recordOf(event).id), events };
}

describe('message events for queues registered with a narrow or all_public_streams', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, guest: ApiClient;
  before(async () => {
    ({ server, alice, bob, carol, guest } = await startServerWith('alice', 'bob', 'carol', 'guest'));
    await createChannels(alice, ['general', 'design']);
    await createChannels(alice, ['hideout'], { invite_only: true });
    expectSuccess(await subscribe(bob, ['general', 'design']));
  });
  after(() => server.stop());

  it('each narrowed queue receives only the matching message events; other events pass', async () => {
    const plain = await registerQueue(bob);
    const lunch = await registerQueue(bob, { narrow: [['channel', 'general'], ['topic', 'lunch']] });
    const direct = await registerQueue(bob, { narrow: [{ operator: 'is', operand: 'dm' }] });
    const notGeneral = await registerQueue(bob, { narrow: [{ operator: 'channel', operand: 'general', negated: true }] });
    const fromAlice = await registerQueue(bob, { narrow: [['sender', alice.email], ['-is', 'dm']] });
    const m1 = await postToChannel(alice, 'general', 'Lunch', 'noon?');
    const m2 = await postToChannel(alice, 'general', 'other', 'something else');
    const m3 = await postToChannel(alice, 'design', 'lunch', 'design lunch');
    const m4 = await postDirect(alice, [bob.userId], 'psst');
    const m5 = await postToChannel(bob, 'general', 'lunch', 'my own');
    // An event that is not a message reaches every queue; the notification bot's direct message
    // telling bob that alice subscribed him is matched like any direct message.
    expectSuccess(await subscribe(alice, ['hideout'], { principals: [bob.userId] }));
    const [notice] = await botMessagesTo(server, bob.userId);
    const m6 = notice.message_id as number;
    const expected: [Queue, number[]][] = [
      [plain, [m1, m2, m3, m4, m5, m6]],
      [lunch, [m1, m5]],
      [direct, [m4, m6]],
      [notGeneral, [m3, m4, m6]],
      [fromAlice, [m1, m2, m3]],
    ];
    for (const [queue, ids] of expected) {
      const got = await received(queue);
      expect(got.ids).to.deep.equal(ids);
      expect(ofType(got.events, 'subscription', 'add')).to.have.length(1);
    }
  });

  it('narrows on flags read each receiver own flags', async () => {
    const mentioned = await registerQueue(bob, { narrow: [['is', 'mentioned']] });
    const unread = await registerQueue(bob, { narrow: [['is', 'unread']] });
    const plain = await postToChannel(alice, 'general', 'talk', 'nothing for bob');
    const mention = await postToChannel(alice, 'general', 'talk', 'hey @**Bob**');
    await postToChannel(bob, 'general', 'talk', 'read by me', { read_by_sender: true });
    expect((await received(mentioned)).ids).to.deep.equal([mention]);
    expect((await received(unread)).ids).to.deep.equal([plain, mention]);
  });

  it('register refuses narrows a queue cannot apply, and invalid ones', async () => {
    expectExactFailure(await bob.post('/register', { narrow: [['is', 'followed']] }), 'BAD_REQUEST', "Invalid narrow operator: 'is:followed' is not supported for event queues");
    expectExactFailure(await bob.post('/register', { narrow: [['channels', 'public']] }), 'BAD_REQUEST', "Invalid narrow operator: 'channels:public' is not supported for event queues");
    expectExactFailure(await bob.post('/register', { narrow: [['colour', 'red']] }), 'BAD_REQUEST', "Invalid narrow operator: unknown operator 'colour'");
    expectExactFailure(await bob.post('/register', { narrow: [['is', 'purple']] }), 'BAD_REQUEST', "Invalid narrow operator: unknown 'is' operand 'purple'");
  });

  it('all_public_streams: every public channel message, with empty flags, for a user who is in none of them', async () => {
    const everything = await registerQueue(carol, { all_public_streams: true });
    const narrowed = await registerQueue(carol, { all_public_streams: true, narrow: [['channel', 'design']] });
    const ordinary = await registerQueue(carol);
    const g = await postToChannel(alice, 'general', 'news', 'public news');
    const d = await postToChannel(alice, 'design', 'news', 'design news');
    await postToChannel(alice, 'hideout', 'news', 'private news');
    await postDirect(alice, [bob.userId], 'not for carol');
    const got = await received(everything);
    expect(got.ids).to.deep.equal([g, d]);
    expect(ofType(got.events, 'message').map(flagsOf)).to.deep.equal([[], []]);
    expect((await received(narrowed)).ids).to.deep.equal([d]);
    expect((await received(ordinary)).ids).to.deep.equal([]);
  });

  it('all_public_streams: a receiver gets each message once, with their flags', async () => {
    const queue = await registerQueue(bob, { all_public_streams: true });
    const id = await postToChannel(alice, 'general', 'news', 'hello @**Bob**');
    const messages = ofType(await drain(queue), 'message');
    expect(messages.map((event) => recordOf(event).id)).to.deep.equal([id]);
    expect(flagsOf(messages[0])).to.deep.equal(['mentioned']);
  });

  it('all_public_streams is refused to guests', async () => {
    expectExactFailure(await guest.post('/register', { all_public_streams: true }), 'BAD_REQUEST', 'User not authorized for this query');
  });
});
