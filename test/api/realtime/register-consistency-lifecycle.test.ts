import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { applyEvents } from '../../support/apply-events.js';
import { createChannels } from '../../support/channel-requests.js';
import type { ReceivedEvent } from '../../support/event-schemas.js';
import { drain, registerQueue, type Queue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import { advanceAndRun } from '../../support/reminder-requests.js';
import { listScheduled, scheduleDirect, scheduledId, scheduleToChannel } from '../../support/scheduled-message-requests.js';
import type { TestServer } from '../../support/test-server.js';

/** The sections deactivation, reactivation, scheduled messages, drafts, snippets and views keep current. */
const COMPARED = ['realm_users', 'realm_non_active_users', 'realm_user_groups', 'subscriptions', 'unsubscribed', 'never_subscribed', 'streams', 'scheduled_messages', 'drafts', 'saved_snippets', 'navigation_views'];

const pick = (state: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(COMPARED.filter((key) => key in state).map((key) => [key, state[key]]));

describe('realtime: old snapshot + lifecycle events == fresh snapshot', () => {
  let server: TestServer, member: ApiClient, alice: ApiClient, bob: ApiClient, carol: ApiClient;

  before(async () => {
    ({ server, member, alice, bob, carol } = await startServerWith('member', 'alice', 'bob', 'carol'));
  });
  after(() => server.stop());

  const everything = async (queue: Queue): Promise<ReceivedEvent[]> => {
    const all: ReceivedEvent[] = [];
    for (let batch = await drain(queue); batch.length > 0; batch = await drain(queue)) all.push(...batch);
    return all;
  };

  async function makeChanges(viewer: ApiClient, serial: number): Promise<void> {
    const owner = server.owner;
    await createChannels(owner, [`Porch ${serial}`], { principals: [owner.userId, viewer.userId, alice.userId, bob.userId, carol.userId] });
    const group = expectSuccess(await owner.post('/user_groups/create', { name: `Crew ${serial}`, description: '', members: [alice.userId, bob.userId, carol.userId] }));
    expect(group.group_id).to.be.a('number');
    expectSuccess(await owner.delete(`/users/${alice.userId}`));
    expectSuccess(await bob.delete('/users/me'));
    expectSuccess(await owner.post(`/users/${bob.userId}/reactivate`));
    expectSuccess(await owner.delete(`/users/${carol.userId}`));
    await scheduleMessages(viewer, serial);
    await personalItems(viewer, serial);
  }

  /** The viewer's drafts, saved snippets and navigation views: each added, changed and removed. */
  async function personalItems(viewer: ApiClient, serial: number): Promise<void> {
    const ids = expectSuccess(await viewer.post('/drafts', { drafts: [
      { type: '', to: [], topic: '', content: `Note ${serial}`, timestamp: 50 },
      { type: 'private', to: [member.userId], topic: '', content: 'Hi', timestamp: 40 },
      { type: '', to: [], topic: '', content: 'Gone', timestamp: 30 },
    ] })).ids as number[];
    expectSuccess(await viewer.patch(`/drafts/${ids[0]}`, { draft: { type: '', to: [], topic: '', content: 'Edited', timestamp: 10 } }));
    expectSuccess(await viewer.delete(`/drafts/${ids[2]}`));
    const kept = expectSuccess(await viewer.post('/saved_snippets', { title: 'Greeting', content: 'Hello' })).saved_snippet_id as number;
    const gone = expectSuccess(await viewer.post('/saved_snippets', { title: 'Old', content: 'Bye' })).saved_snippet_id as number;
    expectSuccess(await viewer.patch(`/saved_snippets/${kept}`, { title: 'Welcome' }));
    expectSuccess(await viewer.delete(`/saved_snippets/${gone}`));
    expectSuccess(await viewer.post('/navigation_views', { fragment: 'inbox', is_pinned: true }));
    expectSuccess(await viewer.post('/navigation_views', { fragment: `narrow/channel/${serial}`, is_pinned: false, name: 'Mine' }));
    expectSuccess(await viewer.post('/navigation_views', { fragment: 'recent', is_pinned: true }));
    expectSuccess(await viewer.patch(`/navigation_views/narrow/channel/${serial}`, { is_pinned: true, name: 'Ours' }));
    expectSuccess(await viewer.delete('/navigation_views/inbox'));
  }

  /** The viewer's scheduled messages: added, edited, deleted, sent, and failed (to a channel archived meanwhile). */
  async function scheduleMessages(viewer: ApiClient, serial: number): Promise<void> {
    const [nook] = await createChannels(server.owner, [`Nook ${serial}`], { principals: [viewer.userId] });
    const at = (seconds: number): number => Math.floor(server.clock.now() / 1000) + seconds;
    scheduledId(await scheduleDirect(viewer, [member.userId], 'Kept', at(7200)));
    const edited = scheduledId(await scheduleDirect(viewer, [member.userId], 'Before', at(3600)));
    const deleted = scheduledId(await scheduleDirect(viewer, [member.userId], 'Gone', at(600)));
    scheduledId(await scheduleDirect(viewer, [member.userId], 'Sent', at(60)));
    scheduledId(await scheduleToChannel(viewer, nook, 'plans', 'Fails', at(60)));
    expectSuccess(await viewer.patch(`/scheduled_messages/${edited}`, { content: 'After', scheduled_delivery_timestamp: at(9000) }));
    expectSuccess(await viewer.delete(`/scheduled_messages/${deleted}`));
    expectSuccess(await server.owner.delete(`/streams/${nook}`));
    expect(await advanceAndRun(server, 60_000)).to.equal(2);
  }

  async function undo(viewer: ApiClient): Promise<void> {
    for (const user of [alice, carol]) expectSuccess(await server.owner.post(`/users/${user.userId}/reactivate`));
    for (const each of await listScheduled(viewer)) expectSuccess(await viewer.delete(`/scheduled_messages/${each.scheduled_message_id as number}`));
    const fresh = (await registerQueue(viewer, { fetch_event_types: ['drafts', 'saved_snippets', 'navigation_view'] })).state;
    for (const draft of fresh.drafts as { id: number }[]) expectSuccess(await viewer.delete(`/drafts/${draft.id}`));
    for (const snippet of fresh.saved_snippets as { id: number }[]) expectSuccess(await viewer.delete(`/saved_snippets/${snippet.id}`));
    for (const view of fresh.navigation_views as { fragment: string }[]) expectSuccess(await viewer.delete(`/navigation_views/${view.fragment}`));
  }

  const viewers = [
    { label: 'the owner, with subscribers', client: () => server.owner, params: { include_subscribers: true, client_capabilities: { archived_channels: true } } },
    { label: 'a member, without subscribers', client: () => member, params: {} },
  ];

  viewers.forEach((viewer, index) => {
    it(`applying the events to the old snapshot gives the fresh one: ${viewer.label}`, async () => {
      const client = viewer.client();
      const queue = await registerQueue(client, viewer.params);
      const old = structuredClone(queue.state);
      await makeChanges(client, index);
      const events = await everything(queue);
      const updated = applyEvents(old, events, { clientGravatar: true, includeSubscribers: viewer.params.include_subscribers === true, viewerId: client.userId });
      const fresh = (await registerQueue(client, viewer.params)).state;
      expect(pick(updated)).to.deep.equal(pick(fresh));
      expect((fresh.realm_non_active_users as { user_id: number }[]).map((user) => user.user_id)).to.deep.equal([alice.userId, carol.userId]);
      expect(pick(old)).to.not.deep.equal(pick(fresh));
      expect((fresh.scheduled_messages as { failed: boolean }[]).map((each) => each.failed)).to.deep.equal([true, false, false]);
      expect((fresh.drafts as { content: string }[]).map((each) => each.content)).to.deep.equal(['Edited', 'Hi']);
      expect(fresh.saved_snippets).to.have.length(1);
      expect(fresh.navigation_views).to.have.length(2);
      await undo(client);
    });
  });
});
