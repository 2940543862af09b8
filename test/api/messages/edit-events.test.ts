import { expect } from 'chai';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { edited } from '../../support/edit-requests.js';
import { type JsonObject, objectField } from '../../support/json-fields.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { drain, ofType, type Queue, registerQueue } from '../../support/realtime-client.js';
import type { ReceivedEvent } from '../../support/event-schemas.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import type { ApiClient } from '../../support/api-client.js';

const MODERN = { client_capabilities: { bulk_message_deletion: true, empty_topic_name: true } };
const LEGACY = { client_capabilities: { bulk_message_deletion: false, empty_topic_name: false } };

describe('PATCH /messages/{id}: update_message and delete_message events', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;
  let general: number, shared: number;
  before(async () => {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
    [general] = await createChannels(alice, ['general']);
    [shared] = await createChannels(alice, ['shared'], { invite_only: true });
    expectSuccess(await subscribe(alice, ['general'], { principals: [bob.userId] }));
  });
  after(() => server.stop());

  const now = (): number => Math.floor(server.clock.now() / 1000);
  /** The events of one type the queue holds, without their ids. */
  const received = async (queue: Queue, type: string): Promise<JsonObject[]> =>
    ofType(await drain(queue), type).map(({ id: _id, ...event }: ReceivedEvent) => event);
  /** What every update_message of an edit by Alice carries. */
  const byAlice = (message_id: number, message_ids: number[], flags: string[] = []): JsonObject => ({
    type: 'update_message',
    user_id: alice.userId,
    edit_timestamp: now(),
    message_id,
    message_ids,
    rendering_only: false,
    flags,
  });
  const html = async (id: number): Promise<unknown> => objectField(expectSuccess(await alice.get(`/messages/${id}`)), 'message').content;

  it('a content edit reaches every holder with their own flags, and subscribers reading public history with "read"', async function () {
    const id = await postToChannel(alice, 'general', 'greetings', 'hello');
    // Carol subscribes after the message was sent: no row, but she may read the channel's history.
    expectSuccess(await subscribe(carol, ['general']));
    const queues = { alice: await registerQueue(alice, MODERN), bob: await registerQueue(bob, MODERN), carol: await registerQueue(carol, MODERN) };
    await edited(alice, id, { content: 'hello @**Bob**' });
    const common = {
      ...byAlice(id, [id]),
      stream_id: general,
      stream_name: 'general',
      orig_content: 'hello',
      orig_rendered_content: '<p>hello</p>',
      content: 'hello @**Bob**',
      rendered_content: await html(id),
      is_me_message: false,
    };
    expect(await received(queues.bob, 'update_message')).to.deep.equal([{ ...common, flags: ['mentioned'] }]);
    expect(await received(queues.alice, 'update_message')).to.deep.equal([{ ...common, flags: [] }]);
    expect(await received(queues.carol, 'update_message')).to.deep.equal([{ ...common, flags: ['read'] }]);
    expectSuccess(await carol.delete('/users/me/subscriptions', { subscriptions: JSON.stringify(['general']) }));
  });

  it('a direct message edit carries no channel fields', async function () {
    const id = await postDirect(alice, [bob.userId], 'psst');
    const queue = await registerQueue(bob, MODERN);
    await edited(alice, id, { content: 'psst!' });
    expect(await received(queue, 'update_message')).to.deep.equal([
      {
        ...byAlice(id, [id]),
        orig_content: 'psst',
        orig_rendered_content: '<p>psst</p>',
        content: 'psst!',
        rendered_content: '<p>psst!</p>',
        is_me_message: false,
      },
    ]);
  });

  it('a topic move names every moved message once, old and new topic, and the empty topic as each queue spells it', async function () {
    const ids = [await postToChannel(alice, 'general', '', 'one'), await postToChannel(alice, 'general', '', 'two')];
    const modern = await registerQueue(bob, MODERN);
    const legacy = await registerQueue(bob, LEGACY);
    await edited(alice, ids[0], { topic: 'named at last', propagate_mode: 'change_all', send_notification_to_new_thread: false });
    const event = {
      ...byAlice(ids[0], ids),
      stream_id: general,
      stream_name: 'general',
      propagate_mode: 'change_all',
      orig_subject: '',
      subject: 'named at last',
      topic_links: [],
    };
    expect(await received(modern, 'update_message')).to.deep.equal([event]);
    expect(await received(legacy, 'update_message')).to.deep.equal([{ ...event, orig_subject: 'general chat' }]);
  });

  it('a content edit with a rename is one event with both', async function () {
    const id = await postToChannel(alice, 'general', 'typo topik', 'typo contnet');
    const queue = await registerQueue(bob, MODERN);
    await edited(alice, id, { content: 'typo content', topic: 'typo topic', send_notification_to_new_thread: false });
    const [event] = await received(queue, 'update_message');
    expect(event).to.include({ message_id: id, orig_subject: 'typo topik', subject: 'typo topic', orig_content: 'typo contnet', content: 'typo content', propagate_mode: 'change_one' });
    expect(event.message_ids).to.deep.equal([id]);
  });

  it('a move into a channel some holders cannot read is a deletion for them, in the shape each queue asked for', async function () {
    const ids = [await postToChannel(alice, 'general', 'secret plan', 'one'), await postToChannel(alice, 'general', 'secret plan', 'two')];
    const queues = { alice: await registerQueue(alice, MODERN), bulk: await registerQueue(bob, MODERN), single: await registerQueue(bob, LEGACY) };
    await edited(alice, ids[0], { stream_id: shared, propagate_mode: 'change_all', send_notification_to_new_thread: false });
    const where = { type: 'delete_message', message_type: 'stream', stream_id: general, topic: 'secret plan' };
    expect(await received(queues.bulk, 'delete_message')).to.deep.equal([{ ...where, message_ids: ids }]);
    expect(await received(queues.single, 'delete_message')).to.deep.equal(ids.map((message_id) => ({ ...where, message_id })));
    expect(await received(queues.bulk, 'update_message')).to.deep.equal([]);
    expect(await received(queues.alice, 'update_message')).to.deep.equal([
      {
        ...byAlice(ids[0], ids),
        stream_id: general,
        stream_name: 'general',
        new_stream_id: shared,
        propagate_mode: 'change_all',
        orig_subject: 'secret plan',
      },
    ]);
  });

  it('a notice reaches subscribers as a message event from the notification bot', async function () {
    const id = await postToChannel(alice, 'general', 'before', 'x');
    const queue = await registerQueue(bob, { ...MODERN, apply_markdown: false });
    await edited(alice, id, { topic: 'after' });
    const [event] = await received(queue, 'message');
    const message = event.message as JsonObject;
    expect(message).to.include({ subject: 'after', content: `@_**Alice|${alice.userId}** moved this topic here from #**general>before**.` });
    expect(event.flags).to.deep.equal([]);
  });
});
