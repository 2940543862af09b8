import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { createFolder, listFolders } from '../support/channel-folder-requests.js';
import { mySubscriptions } from '../support/channel-requests.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

const NOT_ADMIN = 'Must be an organization administrator';

describe('channel folders API: updating and reordering', function () {
  let server: TestServer, admin: ApiClient, moderator: ApiClient, member: ApiClient, guest: ApiClient;

  before(async function () {
    ({ server, admin, moderator, member, guest } = await startServerWith('admin', 'moderator', 'member', 'guest'));
  });
  after(() => server.stop());

  const folder = async (id: number) => (await listFolders(member, { include_archived: true })).find((candidate) => candidate.id === id)!;

  describe('PATCH /channel_folders/{channel_folder_id}', function () {
    it('renames and describes, re-rendering the description', async function () {
      const id = await createFolder(admin, 'Frontend', 'Old words');
      expectSuccess(await admin.patch(`/channel_folders/${id}`, { name: ' Web ', description: 'For *web* work' }));
      expect(await folder(id)).to.include({ name: 'Web', description: 'For *web* work', rendered_description: '<p>For <em>web</em> work</p>' });
      expectSuccess(await server.owner.patch(`/channel_folders/${id}`, { description: '' }));
      expect(await folder(id)).to.include({ description: '', rendered_description: '' });
    });

    it('refuses to archive a folder a channel is in, naming is_archived, and records nothing', async function () {
      const id = await createFolder(admin, 'Busy');
      expectSuccess(await admin.post('/users/me/subscriptions', { subscriptions: [{ name: 'busy-channel' }], folder_id: id }));
      const channel = (await mySubscriptions(admin)).find((sub) => sub.name === 'busy-channel');
      expect(channel?.folder_id).to.equal(id);
      const res = await admin.patch(`/channel_folders/${id}`, { is_archived: true });
      expect(res.status).to.equal(400);
      expect(res.body).to.include({ code: 'BAD_REQUEST' });
      expect(res.body.msg).to.contain('is_archived');
      expect(await folder(id)).to.include({ is_archived: false });
    });

    it('archives and unarchives; an archived folder leaves the default listing', async function () {
      const id = await createFolder(admin, 'Seasonal');
      expectSuccess(await admin.patch(`/channel_folders/${id}`, { is_archived: true }));
      expect(await folder(id)).to.include({ is_archived: true });
      expect((await listFolders(member)).map((listed) => listed.id)).to.not.include(id);
      expectSuccess(await admin.patch(`/channel_folders/${id}`, { is_archived: false }));
      expect(await folder(id)).to.include({ is_archived: false });
      expect((await listFolders(member)).map((listed) => listed.id)).to.include(id);
    });

    it('accepts the current values and changes nothing', async function () {
      const id = await createFolder(admin, 'Same', 'Same words');
      const before = await folder(id);
      expectSuccess(await admin.patch(`/channel_folders/${id}`, { name: 'Same', description: 'Same words', is_archived: false }));
      expect(await folder(id)).to.deep.equal(before);
    });

    it('refuses to unarchive a folder whose name an active folder has taken', async function () {
      const id = await createFolder(admin, 'Ops');
      expectSuccess(await admin.patch(`/channel_folders/${id}`, { is_archived: true }));
      await createFolder(admin, 'OPS');
      expectExactFailure(await admin.patch(`/channel_folders/${id}`, { is_archived: false }), 'BAD_REQUEST', 'Channel folder name already in use');
      expectSuccess(await admin.patch(`/channel_folders/${id}`, { is_archived: false, name: 'Old ops' }));
      expect(await folder(id)).to.include({ name: 'Old ops', is_archived: false });
    });

    it('refuses every bad parameter, naming it, and changes nothing', async function () {
      const id = await createFolder(admin, 'Strict');
      await createFolder(admin, 'Taken');
      const before = await folder(id);
      const patch = (params: Record<string, unknown>) => admin.patch(`/channel_folders/${id}`, params);
      expectExactFailure(await patch({ name: ' ' }), 'BAD_REQUEST', "Invalid 'name': channel folder name must not be empty");
      expectExactFailure(await patch({ name: 'n'.repeat(61) }), 'BAD_REQUEST', "Invalid 'name': channel folder name cannot exceed 60 characters");
      expectExactFailure(await patch({ name: 'taken' }), 'BAD_REQUEST', 'Channel folder name already in use');
      expectExactFailure(await patch({ description: 'd'.repeat(1025) }), 'BAD_REQUEST', "Invalid 'description': cannot exceed 1024 characters");
      expectExactFailure(await patch({ is_archived: 'yes' }), 'BAD_REQUEST', "Argument 'is_archived' is not valid JSON.");
      expectExactFailure(await patch({ is_archived: 7 }), 'BAD_REQUEST', "Invalid 'is_archived': must be boolean");
      expect(await folder(id)).to.deep.equal(before);
    });

    it('answers "Invalid channel folder ID" for an unknown folder, and a bad id naming it', async function () {
      expectExactFailure(await admin.patch('/channel_folders/9999', { name: 'x' }), 'BAD_REQUEST', 'Invalid channel folder ID');
      expectExactFailure(await admin.patch('/channel_folders/abc', { name: 'x' }), 'BAD_REQUEST', "Invalid 'channel_folder_id': must be integer");
    });

    for (const [label, client] of [['moderator', () => moderator], ['member', () => member], ['guest', () => guest]] as const) {
      it(`refuses a ${label} with UNAUTHORIZED_PRINCIPAL and changes nothing`, async function () {
        const id = await createFolder(admin, `Guarded from ${label}`);
        const before = await folder(id);
        expectExactFailure(await client().patch(`/channel_folders/${id}`, { name: 'Mine', is_archived: true }), 'UNAUTHORIZED_PRINCIPAL', NOT_ADMIN);
        expectExactFailure(await client().patch('/channel_folders/9999', { name: 'Mine' }), 'UNAUTHORIZED_PRINCIPAL', NOT_ADMIN);
        expect(await folder(id)).to.deep.equal(before);
      });
    }
  });

  describe('PATCH /channel_folders', function () {
    const allIds = async (): Promise<number[]> => (await listFolders(member, { include_archived: true })).map((listed) => listed.id);

    it('puts every folder, archived ones included, in the order given', async function () {
      const archived = await createFolder(admin, 'Reorder archived');
      expectSuccess(await admin.patch(`/channel_folders/${archived}`, { is_archived: true }));
      const reversed = (await allIds()).reverse();
      expectSuccess(await admin.patch('/channel_folders', { order: reversed }));
      const listed = await listFolders(member, { include_archived: true });
      expect(listed.map((listedFolder) => listedFolder.id)).to.deep.equal(reversed);
      expect(listed.map((listedFolder) => listedFolder.order)).to.deep.equal(reversed.map((_, index) => index));
      expect((await listFolders(member)).map((listedFolder) => listedFolder.id)).to.deep.equal(reversed.filter((id) => id !== archived));
    });

    it('places a folder created after a reorder last', async function () {
      expectSuccess(await server.owner.patch('/channel_folders', { order: [...(await allIds())].reverse() }));
      const id = await createFolder(admin, 'Latecomer');
      expect((await allIds()).at(-1)).to.equal(id);
    });

    it('refuses an order that is not every folder exactly once, and a missing or non-JSON order', async function () {
      const ids = await allIds();
      const before = await listFolders(member, { include_archived: true });
      for (const order of [ids.slice(1), [...ids, 9999], [...ids.slice(1), ids[1]], [...ids.slice(1), 9999]]) {
        expectExactFailure(await admin.patch('/channel_folders', { order }), 'BAD_REQUEST', 'Invalid order mapping');
      }
      const missing = await admin.patch('/channel_folders', {});
      expectExactFailure(missing, 'REQUEST_VARIABLE_MISSING', "Missing 'order' argument");
      expect(missing.body.var_name).to.equal('order');
      expectExactFailure(await admin.patch('/channel_folders', { order: '1,2' }), 'BAD_REQUEST', "Argument 'order' is not valid JSON.");
      expectExactFailure(await admin.patch('/channel_folders', { order: ['x'] }), 'BAD_REQUEST', "Invalid 'order[0]': must be integer");
      expect(await listFolders(member, { include_archived: true })).to.deep.equal(before);
    });

    for (const [label, client] of [['moderator', () => moderator], ['member', () => member], ['guest', () => guest]] as const) {
      it(`refuses a ${label} with UNAUTHORIZED_PRINCIPAL`, async function () {
        const order = [...(await allIds())].reverse();
        expectExactFailure(await client().patch('/channel_folders', { order }), 'UNAUTHORIZED_PRINCIPAL', NOT_ADMIN);
        expect([...(await allIds())].reverse()).to.deep.equal(order);
      });
    }
  });
});
