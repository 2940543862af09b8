import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { applyEvents } from '../support/apply-events.js';
import { createFolder } from '../support/channel-folder-requests.js';
import type { ReceivedEvent } from '../support/event-schemas.js';
import { drain, ofType, type Queue, registerQueue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

const folderEvents = async (queue: Queue): Promise<Record<string, unknown>[]> =>
  ofType(await drain(queue), 'channel_folder').map(({ id: _id, ...rest }) => rest);

/** Drains the queue until it is empty. */
async function everything(queue: Queue): Promise<ReceivedEvent[]> {
  const all: ReceivedEvent[] = [];
  for (let batch = await drain(queue); batch.length > 0; batch = await drain(queue)) all.push(...batch);
  return all;
}

describe('channel folders: events and the register section', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient, guest: ApiClient;

  before(async function () {
    ({ server, admin, member, guest } = await startServerWith('admin', 'member', 'guest'));
  });
  after(() => server.stop());

  it('delivers add, update and reorder to every user, in the shapes clients expect', async function () {
    const queues = [await registerQueue(server.owner), await registerQueue(member), await registerQueue(guest, { event_types: ['channel_folder'] })];
    const first = await createFolder(admin, 'Frontend', 'For *web*');
    const expectedAdd = {
      type: 'channel_folder',
      op: 'add',
      channel_folder: {
        id: first,
        name: 'Frontend',
        description: 'For *web*',
        rendered_description: '<p>For <em>web</em></p>',
        order: 0,
        date_created: Math.floor(server.clock.now() / 1000),
        creator_id: admin.userId,
        is_archived: false,
      },
    };
    for (const queue of queues) expect(await folderEvents(queue)).to.deep.equal([expectedAdd]);

    const second = await createFolder(admin, 'Backend');
    expectSuccess(await admin.patch(`/channel_folders/${first}`, { name: 'Web' }));
    expectSuccess(await admin.patch(`/channel_folders/${first}`, { description: '**Web** work' }));
    expectSuccess(await admin.patch(`/channel_folders/${second}`, { is_archived: true, name: 'Old backend' }));
    expectSuccess(await admin.patch(`/channel_folders/${second}`, { is_archived: true }));
    expectSuccess(await admin.patch('/channel_folders', { order: [second, first] }));
    expectSuccess(await admin.patch('/channel_folders', { order: [second, first] }));
    const expected = [
      { type: 'channel_folder', op: 'update', channel_folder_id: first, data: { name: 'Web' } },
      { type: 'channel_folder', op: 'update', channel_folder_id: first, data: { description: '**Web** work', rendered_description: '<p><strong>Web</strong> work</p>' } },
      { type: 'channel_folder', op: 'update', channel_folder_id: second, data: { name: 'Old backend', is_archived: true } },
      { type: 'channel_folder', op: 'reorder', order: [second, first] },
    ];
    for (const queue of queues) {
      const events = await folderEvents(queue);
      expect(events[0]).to.deep.include({ type: 'channel_folder', op: 'add' });
      expect((events[0].channel_folder as { id: number }).id).to.equal(second);
      expect(events.slice(1)).to.deep.equal(expected);
    }
  });

  it('sends nothing for refused requests, and nothing to queues that did not ask for channel_folder', async function () {
    const watching = await registerQueue(member);
    const elsewhere = await registerQueue(member, { event_types: ['realm_user'] });
    expect(elsewhere.state).to.not.have.property('channel_folders');
    await member.post('/channel_folders/create', { name: 'Not allowed', description: '' });
    await admin.post('/channel_folders/create', { name: '', description: '' });
    expect(await folderEvents(watching)).to.deep.equal([]);
    await createFolder(admin, 'Seen by some');
    expect(await folderEvents(watching)).to.have.length(1);
    expect(await folderEvents(elsewhere)).to.deep.equal([]);
  });

  it('accepts the public name channel_folders for both the section and the events', async function () {
    const queue = await registerQueue(member, { fetch_event_types: ['channel_folders'], event_types: ['channel_folders'] });
    expect(queue.state.channel_folders).to.be.an('array');
    await createFolder(admin, 'Named by alias');
    expect((await folderEvents(queue)).map((event) => (event.channel_folder as { name: string }).name)).to.deep.equal(['Named by alias']);
  });

  it('old snapshot + channel_folder events == fresh snapshot', async function () {
    const queue = await registerQueue(guest, { fetch_event_types: ['channel_folder'], event_types: ['channel_folder'] });
    const old = structuredClone(queue.state);
    const a = await createFolder(admin, 'Snapshot A', 'one');
    const b = await createFolder(server.owner, 'Snapshot B');
    expectSuccess(await admin.patch(`/channel_folders/${a}`, { description: 'two', name: 'Snapshot A2' }));
    expectSuccess(await admin.patch(`/channel_folders/${b}`, { is_archived: true }));
    const ids = (queue.state.channel_folders as { id: number }[]).map((folder) => folder.id);
    expectSuccess(await admin.patch('/channel_folders', { order: [b, ...ids, a] }));
    expectSuccess(await admin.patch(`/channel_folders/${b}`, { is_archived: false }));
    const updated = applyEvents(old, await everything(queue), { clientGravatar: true });
    const fresh = (await registerQueue(guest, { fetch_event_types: ['channel_folder'] })).state;
    expect(updated.channel_folders).to.deep.equal(fresh.channel_folders);
    expect(old.channel_folders).to.not.deep.equal(fresh.channel_folders);
  });
});
