import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createFolder, type FolderRecord, listFolders } from '../support/channel-folder-requests.js';
import { registerQueue } from '../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('channel folders API: creating and reading', function () {
  let server: TestServer, admin: ApiClient, moderator: ApiClient, member: ApiClient, guest: ApiClient;

  before(async function () {
    ({ server, admin, moderator, member, guest } = await startServerWith('admin', 'moderator', 'member', 'guest'));
  });
  after(() => server.stop());

  const now = (): number => Math.floor(server.clock.now() / 1000);

  describe('POST /channel_folders/create', function () {
    it('lets the owner create a folder, recorded with its rendered description, creator and time', async function () {
      server.clock.advance(60_000);
      const body = expectSuccess(await server.owner.post('/channel_folders/create', { name: ' Backend ', description: 'Channels for **backend** work' }));
      expect(body).to.have.keys(['result', 'msg', 'channel_folder_id']);
      const folder = (await listFolders(member)).find((candidate) => candidate.id === body.channel_folder_id);
      expect(folder).to.deep.equal({
        id: body.channel_folder_id,
        name: 'Backend',
        description: 'Channels for **backend** work',
        rendered_description: '<p>Channels for <strong>backend</strong> work</p>',
        order: folder!.order,
        date_created: now(),
        creator_id: server.owner.userId,
        is_archived: false,
      });
    });

    it('lets an administrator create a folder, with an empty description, after every existing folder', async function () {
      const before = await listFolders(admin, { include_archived: true });
      const id = await createFolder(admin, 'Admin made');
      const folder = (await listFolders(admin)).find((candidate) => candidate.id === id)!;
      expect(folder).to.include({ description: '', rendered_description: '', creator_id: admin.userId, is_archived: false });
      expect(folder.order).to.equal(Math.max(-1, ...before.map((other) => other.order)) + 1);
    });

    for (const [label, client] of [['moderator', () => moderator], ['member', () => member], ['guest', () => guest]] as const) {
      it(`refuses a ${label} with UNAUTHORIZED_PRINCIPAL, before checking parameters, and records nothing`, async function () {
        const before = await listFolders(server.owner, { include_archived: true });
        const res = await client().post('/channel_folders/create', { name: `By ${label}`, description: '' });
        expectExactFailure(res, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
        expectExactFailure(await client().post('/channel_folders/create', {}), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
        expect(await listFolders(server.owner, { include_archived: true })).to.deep.equal(before);
      });
    }

    it('refuses every bad parameter, naming it, and records nothing', async function () {
      await createFolder(admin, 'Design');
      const before = await listFolders(server.owner, { include_archived: true });
      const post = (params: Record<string, unknown>) => admin.post('/channel_folders/create', params);
      const missingName = await post({ description: '' });
      expectExactFailure(missingName, 'REQUEST_VARIABLE_MISSING', "Missing 'name' argument");
      expect(missingName.body.var_name).to.equal('name');
      const missingDescription = await post({ name: 'No description' });
      expectExactFailure(missingDescription, 'REQUEST_VARIABLE_MISSING', "Missing 'description' argument");
      expect(missingDescription.body.var_name).to.equal('description');
      expectExactFailure(await post({ name: '   ', description: '' }), 'BAD_REQUEST', "Invalid 'name': channel folder name must not be empty");
      expectExactFailure(await post({ name: 'n'.repeat(61), description: '' }), 'BAD_REQUEST', "Invalid 'name': channel folder name cannot exceed 60 characters");
      expectExactFailure(await post({ name: 'Long', description: 'd'.repeat(1025) }), 'BAD_REQUEST', "Invalid 'description': cannot exceed 1024 characters");
      expectExactFailure(await post({ name: 'DESIGN', description: '' }), 'BAD_REQUEST', 'Channel folder name already in use');
      expectExactFailure(await post({ name: ' design ', description: '' }), 'BAD_REQUEST', 'Channel folder name already in use');
      expect(await listFolders(server.owner, { include_archived: true })).to.deep.equal(before);
    });

    it('accepts a name and a description of exactly the maximum lengths', async function () {
      const id = await createFolder(admin, 'm'.repeat(60), 'd'.repeat(1024));
      expect((await listFolders(admin)).find((folder) => folder.id === id)!.name).to.have.length(60);
    });

    it("takes an archived folder's name", async function () {
      const id = await createFolder(admin, 'Recycled');
      expectSuccess(await admin.patch(`/channel_folders/${id}`, { is_archived: true }));
      const again = await createFolder(admin, 'recycled');
      expect(again).to.not.equal(id);
    });
  });

  describe('GET /channel_folders', function () {
    it('lists folders to every role, in display order, without archived ones unless asked', async function () {
      const kept = await createFolder(admin, 'Kept');
      const archived = await createFolder(admin, 'Shelved');
      expectSuccess(await admin.patch(`/channel_folders/${archived}`, { is_archived: true }));
      for (const client of [server.owner, admin, moderator, member, guest]) {
        const active = await listFolders(client);
        expect(active.map((folder) => folder.id)).to.include(kept).and.not.include(archived);
        expect(active.every((folder) => !folder.is_archived)).to.equal(true);
        const all = await listFolders(client, { include_archived: true });
        expect(all.find((folder) => folder.id === archived)).to.include({ name: 'Shelved', is_archived: true });
        expect(all.map((folder) => folder.order)).to.deep.equal([...all.map((folder) => folder.order)].sort((a, b) => a - b));
        expect(await listFolders(client, { include_archived: false })).to.deep.equal(active);
      }
    });

    it('refuses an include_archived that is not a boolean, naming it', async function () {
      expectExactFailure(await member.get('/channel_folders', { include_archived: 'maybe' }), 'BAD_REQUEST', "Argument 'include_archived' is not valid JSON.");
      expectExactFailure(await member.get('/channel_folders', { include_archived: 3 }), 'BAD_REQUEST', "Invalid 'include_archived': must be boolean");
    });
  });

  describe('the register response', function () {
    it('lists every folder, archived ones included, in display order, as GET /channel_folders does', async function () {
      const archived = await createFolder(admin, 'Register archived');
      expectSuccess(await admin.patch(`/channel_folders/${archived}`, { is_archived: true }));
      for (const client of [member, guest]) {
        const { state } = await registerQueue(client, { fetch_event_types: ['channel_folder'] });
        const listed = state.channel_folders as FolderRecord[];
        expect(listed).to.deep.equal(await listFolders(client, { include_archived: true }));
        expect(listed.find((folder) => folder.id === archived)!.is_archived).to.equal(true);
        expect(state).to.not.have.property('realm_users');
      }
    });

    it('leaves the section out when channel_folder is not fetched', async function () {
      const { state } = await registerQueue(member, { fetch_event_types: ['realm_user'] });
      expect(state).to.not.have.property('channel_folders');
    });
  });
});
