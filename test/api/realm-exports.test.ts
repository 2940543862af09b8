import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectFailure, expectSuccess } from '../support/response-assertions.js';
import { download, type Download } from '../support/upload-requests.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

interface ExportRecord {
  id: number;
  acting_user_id: number;
  export_time: number;
  deleted_timestamp: number | null;
  failed_timestamp: number | null;
  export_url: string | null;
  pending: boolean;
  export_type: number;
}

describe('POST and GET /export/realm', () => {
  let server: TestServer, admin: ApiClient, member: ApiClient;

  const exports = async (): Promise<ExportRecord[]> => expectSuccess(await server.owner.get('/export/realm')).exports as ExportRecord[];
  /** The export once written: it is pending until then. */
  async function finished(id: number): Promise<ExportRecord> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const found = (await exports()).find((each) => each.id === id);
      if (found && !found.pending) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`export ${id} still pending`);
  }
  const fetchFile = (url: string, client: ApiClient): Promise<Download> => download(server, client, new URL(url).pathname);

  before(async () => {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
    expectSuccess(await member.post('/users/me/subscriptions', { subscriptions: [{ name: 'Exported' }] }));
  });
  after(() => server.stop());

  it('writes the log to a file an owner downloads, without password hashes, and tells the owner', async () => {
    const queue = await registerQueue(server.owner, { event_types: ['realm_export'] });
    const res = expectSuccess(await server.owner.post('/export/realm', { export_type: 2 }));
    expect(Object.keys(res)).to.have.members(['result', 'msg', 'id']);
    const done = await finished(res.id as number);
    expect(done).to.deep.include({ id: res.id, acting_user_id: server.owner.userId, deleted_timestamp: null, failed_timestamp: null, pending: false, export_type: 2 });
    expect(done.export_time).to.equal(server.clock.now() / 1000);
    expect(done.export_url).to.match(new RegExp(`^${server.ctx.config.externalUrl}/user_uploads/1/[0-9a-f]{2}/[A-Za-z0-9_-]{24}/realm-export-${String(res.id)}\\.ndjson$`));
    const file = await fetchFile(done.export_url!, server.owner);
    expect(file.status, file.text).to.equal(200);
    expect(file.headers.get('content-type')).to.contain('application/x-ndjson');
    const lines = file.text.trim().split('\n').map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> });
    expect(lines.map((line) => line.type)).to.include.members(['RealmCreated', 'UserCreated', 'ChannelCreated', 'RealmExportRequested']);
    for (const line of lines) expect(line.data, line.type).to.not.have.property('password_hash');
    const events = ofType(await drain(queue), 'realm_export');
    expect(events.length).to.be.greaterThan(0);
    expect((events.at(-1)!.exports as ExportRecord[]).find((each) => each.id === res.id)).to.deep.include({ pending: false, export_url: done.export_url });
  });

  it('is for owners: administrators and members are refused, and may not download a file', async () => {
    for (const client of [admin, member]) {
      expectFailure(await client.post('/export/realm'), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
      expectFailure(await client.get('/export/realm'), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    }
    const id = expectSuccess(await server.owner.post('/export/realm')).id as number;
    const done = await finished(id);
    expect(done.export_type).to.equal(1);
    expect((await fetchFile(done.export_url!, admin)).status).to.equal(400);
    expect((await fetchFile(done.export_url!, member)).status).to.equal(400);
    expectFailure(await server.owner.post('/export/realm', { export_type: 3 }), 'BAD_REQUEST', "'export_type'");
  });
});
