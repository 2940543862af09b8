import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, subscribe, unsubscribe } from '../../support/channel-requests.js';
import { flagsOn, unreadIds } from '../../support/flag-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { drain, registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('messages: leaving a channel marks its messages read', () => {
  let server: TestServer, alice: ApiClient, bob: ApiClient;
  before(async () => {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['general', 'random']);
    expectSuccess(await subscribe(bob, ['general', 'random']));
  });
  after(() => server.stop());

  it("marks only the left channel's unread messages read, with an update_message_flags event", async () => {
    const left = [await postToChannel(alice, 'general', 'a', 'one'), await postToChannel(alice, 'general', 'b', 'two')];
    const kept = await postToChannel(alice, 'random', 'c', 'three');
    expect(await unreadIds(bob)).to.deep.equal([...left, kept]);
    const queue = await registerQueue(bob, { event_types: JSON.stringify(['update_message_flags', 'subscription']) });
    expectSuccess(await unsubscribe(bob, ['general']));
    expect(await unreadIds(bob)).to.deep.equal([kept]);
    for (const id of left) expect(await flagsOn(bob, id)).to.include('read');
    const flagEvents = (await drain(queue)).filter((event) => event.type === 'update_message_flags');
    expect(flagEvents.map(({ id: _id, ...rest }) => rest)).to.deep.equal([{ type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: left, all: false }]);
  });

  it('records nothing more when nothing was unread', async () => {
    expectSuccess(await subscribe(bob, ['general']));
    const queue = await registerQueue(bob, { event_types: JSON.stringify(['update_message_flags']) });
    expectSuccess(await unsubscribe(bob, ['general']));
    expect(await drain(queue)).to.deep.equal([]);
  });
});
