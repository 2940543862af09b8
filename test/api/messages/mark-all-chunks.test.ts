import { expect } from 'chai';
import { createChannels } from '../../support/channel-requests.js';
import { postDirect } from '../../support/message-requests.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import type { ApiClient } from '../../support/api-client.js';
import { markAllAsRead } from '../../../services/api/src/endpoints/message-flags.js';

/**
 * mark_all_as_read lists the messages it marks in its events; one event for 130,000 unread messages
 * would pass EventStoreDB's 1 MiB append limit, so it is recorded in commands of a bounded size.
 */
describe('mark_all_as_read: recorded in bounded chunks', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['alpha']);
  });
  after(() => server.stop());

  it('marks every unread message read, in events of at most `chunk` ids, each with ids of its own', async function () {
    for (let i = 0; i < 7; i += 1) await postDirect(alice, [bob.userId], `note ${i}`);
    const unread = await server.ctx.models.messages.unread(bob.userId);
    expect(unread.length).to.be.at.least(7);
    const before = await server.ctx.store.headPosition();
    const user = await server.ctx.models.users.get(bob.userId);
    if (!user) throw new Error('no bob');
    await markAllAsRead(server.ctx, { actorId: bob.userId, requestId: 'mark-all-chunks', client: 'test' }, user, 3);
    const events = [];
    for await (const event of server.ctx.store.readAll({ fromPosition: before })) if (event.type === 'MessageFlagsChanged') events.push(event);
    const sizes = events.map((event) => (event.type === 'MessageFlagsChanged' ? event.data.message_ids.length : 0));
    expect(sizes.every((size) => size <= 3)).to.equal(true);
    expect(sizes.reduce((sum, size) => sum + size, 0)).to.equal(unread.length);
    expect(new Set(events.map((event) => event.id)).size).to.equal(events.length);
    expect(await server.ctx.models.messages.unread(bob.userId)).to.deep.equal([]);
    expect((await bob.post('/mark_all_as_read')).body).to.include({ result: 'success', complete: true });
  });
});
