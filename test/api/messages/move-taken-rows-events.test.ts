import { expect } from 'chai';
import { createChannels, subscribe, unsubscribe } from '../../support/channel-requests.js';
import { edited } from '../../support/edit-requests.js';
import { updateFlags } from '../../support/flag-requests.js';
import { fetchMessage } from '../../support/message-change-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { drain, ofType, registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import type { ApiClient } from '../../support/api-client.js';

/**
 * A move into a channel a holder is not subscribed to takes their rows: the messages leave their
 * history (and their newest message id may fall). Holders who are not subscribed to the channel the
 * messages left must still hear of it, or their client keeps messages the server no longer counts.
 * The queues ask for update_message by name, as a client may (register accepts it as an event type).
 */
describe('PATCH /messages/{id}: holders whose rows a move takes get update_message', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;
  let general: number, annex: number;
  before(async () => {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    [general, annex] = await createChannels(alice, ['general', 'annex']);
  });
  after(() => server.stop());

  /** Moves `id` into the annex (where Bob is not) and returns the update_message events Bob's queue got. */
  async function moveAndWatch(id: number): Promise<Record<string, unknown>[]> {
    const queue = await registerQueue(bob, { event_types: ['update_message', 'delete_message'] });
    await edited(alice, id, { stream_id: annex, propagate_mode: 'change_one', send_notification_to_new_thread: false });
    const events = await drain(queue);
    expect(ofType(events, 'delete_message')).to.deep.equal([]);
    return ofType(events, 'update_message');
  }

  it('a user who starred a message of a public channel they are not in hears it moved, and it leaves their history', async function () {
    const id = await postToChannel(alice, 'general', 'notes', 'worth a star');
    expectSuccess(await updateFlags(bob, [id], 'add', 'starred'));
    expect((await fetchMessage(bob, id)).flags).to.deep.equal(['read', 'starred', 'historical']);
    const updates = await moveAndWatch(id);
    expect(updates).to.have.length(1);
    expect(updates[0]).to.include({ message_id: id, stream_id: general, new_stream_id: annex, propagate_mode: 'change_one' });
    expect(updates[0].flags).to.deep.equal(['read']);
    expect((await fetchMessage(bob, id)).flags).to.deep.equal(['read', 'historical']);
  });

  it('a former subscriber who received the message hears it moved', async function () {
    expectSuccess(await subscribe(bob, ['general']));
    const id = await postToChannel(alice, 'general', 'notes', 'for the subscribers');
    expectSuccess(await unsubscribe(bob, ['general']));
    const updates = await moveAndWatch(id);
    expect(updates.map((event) => [event.message_id, event.new_stream_id])).to.deep.equal([[id, annex]]);
  });
});
