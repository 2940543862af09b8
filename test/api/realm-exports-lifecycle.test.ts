import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { decideRequestRealmExport, type DomainEvent, streams } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectFailure, expectSuccess } from '../support/response-assertions.js';
import { download } from '../support/upload-requests.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

interface ExportRecord {
  id: number;
  deleted_timestamp: number | null;
  failed_timestamp: number | null;
  export_url: string | null;
  pending: boolean;
}

describe('exports of the organization: interrupted by a stop, and deleted', () => {
  let server: TestServer, admin: ApiClient;

  const exports = async (): Promise<ExportRecord[]> => expectSuccess(await server.owner.get('/export/realm')).exports as ExportRecord[];
  const exportOf = async (id: number): Promise<ExportRecord | undefined> => (await exports()).find((each) => each.id === id);
  async function finished(id: number): Promise<ExportRecord> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const found = await exportOf(id);
      if (found && !found.pending) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`export ${id} still pending`);
  }
  /** Appends to an export's stream as a process would that then stopped before writing anything more. */
  const appendAsStoppedProcess = async (id: number, events: DomainEvent[], expected: 'no_stream' | 'stream_exists'): Promise<void> => {
    await server.ctx.bus.run({ actorId: server.owner.userId, requestId: `stopped-${id}-${events[0].type}`, client: 'test' }, async () => ({
      appends: [{ stream: streams.realmExport(id), expected, events }],
      result: undefined,
    }));
  };
  /** An export whose request was recorded by a process that stopped before writing it. */
  const interruptedExport = async (): Promise<number> => {
    const owner = (await server.ctx.models.users.get(server.owner.userId))!;
    const id = await server.ctx.ids.next('realm_export');
    await appendAsStoppedProcess(id, decideRequestRealmExport(owner, id, 2), 'no_stream');
    return id;
  };

  beforeEach(async () => {
    ({ server, admin } = await startServerWith('admin'));
  });
  afterEach(() => server.stop());

  it('an export a stop interrupted is written after the restart, once its minute of grace is past, and the owner is told', async () => {
    const id = await interruptedExport();
    server = await server.restart();
    expect(await exportOf(id)).to.include({ pending: true });
    const queue = await registerQueue(server.owner, { event_types: ['realm_export'] });
    server.clock.advance(59_000);
    await server.ctx.scheduler.runDue();
    expect(await exportOf(id)).to.include({ pending: true });
    server.clock.advance(1_000);
    await server.ctx.scheduler.runDue();
    const done = await finished(id);
    expect(done).to.include({ failed_timestamp: null, deleted_timestamp: null });
    expect((await download(server, server.owner, new URL(done.export_url!).pathname)).status).to.equal(200);
    const events = ofType(await drain(queue), 'realm_export');
    expect((events.at(-1)!.exports as ExportRecord[]).find((each) => each.id === id)).to.include({ pending: false, export_url: done.export_url });
    await server.ctx.scheduler.runDue();
    expect(await server.ctx.models.scheduledJobs.findMany('kind', 'realm-export')).to.deep.equal([]);
  });

  it('an export being written in this process is not written twice by the job', async () => {
    const id = expectSuccess(await server.owner.post('/export/realm')).id as number;
    server.clock.advance(60_000);
    await server.ctx.scheduler.runDue();
    await finished(id);
    const types: string[] = [];
    for await (const event of server.ctx.store.readStream(streams.realmExport(id))) types.push(event.type);
    expect(types).to.deep.equal(['RealmExportRequested', 'RealmExportCompleted']);
  });

  it('DELETE removes a written export: the file is gone, the listing shows when, and the owner is told', async () => {
    const id = expectSuccess(await server.owner.post('/export/realm')).id as number;
    const done = await finished(id);
    const path = new URL(done.export_url!).pathname;
    const queue = await registerQueue(server.owner, { event_types: ['realm_export'] });
    expectFailure(await admin.delete(`/export/realm/${id}`), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectSuccess(await server.owner.delete(`/export/realm/${id}`));
    expect(await exportOf(id)).to.deep.include({ pending: false, export_url: null, deleted_timestamp: server.clock.now() / 1000 });
    expect((await download(server, server.owner, path)).status).to.equal(404);
    const [event] = ofType(await drain(queue), 'realm_export');
    expect((event.exports as ExportRecord[]).find((each) => each.id === id)).to.include({ export_url: null, deleted_timestamp: server.clock.now() / 1000 });
    expectFailure(await server.owner.delete(`/export/realm/${id}`), 'BAD_REQUEST', 'Export already deleted');
  });

  it('DELETE refuses an unknown, a pending and a failed export', async () => {
    expectFailure(await server.owner.delete('/export/realm/999'), 'BAD_REQUEST', 'Invalid data export ID');
    const pending = await interruptedExport();
    expectFailure(await server.owner.delete(`/export/realm/${pending}`), 'BAD_REQUEST', 'Export still in progress');
    await appendAsStoppedProcess(pending, [{ type: 'RealmExportFailed', data: { export_id: pending } }], 'stream_exists');
    expectFailure(await server.owner.delete(`/export/realm/${pending}`), 'BAD_REQUEST', 'Export failed, nothing to delete');
  });

  it('an export that runs out of space is marked failed, leaves no partial file, says why on /ready, and may be asked for again', async () => {
    const put = server.ctx.uploads.put.bind(server.ctx.uploads);
    server.ctx.uploads.put = () => Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    let failed: ExportRecord;
    try {
      const id = expectSuccess(await server.owner.post('/export/realm')).id as number;
      failed = await finished(id);
    } finally {
      server.ctx.uploads.put = put;
    }
    expect(failed).to.include({ pending: false, export_url: null, deleted_timestamp: null });
    expect(failed.failed_timestamp).to.be.a('number');
    expect(readdirSync(join(server.dataDir, 'incoming')).filter((name) => name.startsWith('realm-export-'))).to.deep.equal([]);
    const ready = await fetch(`${server.url}/ready`);
    expect(await ready.json()).to.deep.include({ status: 'not_ready', reason: 'storage_full', storage: ['uploads'] });
    // Room again (the space probe finds it within seconds; here at once): the next export is written.
    expect(await server.ctx.storage.probe()).to.equal(true);
    expect((await fetch(`${server.url}/ready`)).status).to.equal(200);
    const again = await finished(expectSuccess(await server.owner.post('/export/realm')).id as number);
    expect(again.failed_timestamp).to.equal(null);
    expect(again.export_url).to.be.a('string');
  });
});
