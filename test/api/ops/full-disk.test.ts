import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ApiClient, type ApiResponse } from '../../support/api-client.js';
import { ServerOnSmallFilesystem, smallFilesystemUnavailable } from '../../support/small-filesystem.js';
import { uploadFile } from '../../support/upload-requests.js';

const OWNER = { email: 'owner@test.example', password: 'owner-password-1' };

/** What /ready answers. */
async function readiness(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/ready`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Polls until `check` holds (the space probe and the search retry run every 5 s), failing after `withinMs`. */
async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const searchIds = async (client: ApiClient, word: string): Promise<number[]> => {
  const res = await client.get('/messages', { anchor: 'newest', num_before: 500, num_after: 0, narrow: [{ operator: 'search', operand: word }] });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return (res.body.messages as { id: number }[]).map((message) => message.id);
};

/**
 * The real thing: the server's data directory on a 24 MiB file system the test makes, filled until no
 * write fits, then freed, with the process running all along.
 */
describe('ops: a full disk (a real small file system)', function () {
  this.timeout(180_000);
  let dataDir: string;
  let server: ServerOnSmallFilesystem | null = null;
  let url = '';
  let owner: ApiClient;

  before(async function () {
    const unavailable = smallFilesystemUnavailable();
    if (unavailable) {
      // The port-level tests (storage-full-answers) still run; this one needs the kernel's help.
      console.warn(`      full-disk test skipped: ${unavailable}`);
      this.skip();
    }
    dataDir = mkdtempSync(join(tmpdir(), 'chat-full-'));
    ({ server, url } = await ServerOnSmallFilesystem.start(dataDir, 24, {
      PORT: '0',
      LOG_LEVEL: 'info',
      CHAT_SCRYPT_COST: '1024',
      CHAT_OWNER_EMAIL: OWNER.email,
      CHAT_OWNER_PASSWORD: OWNER.password,
      CHAT_RATE_LIMIT_USER: 'off',
      CHAT_RATE_LIMIT_IP: 'off',
    }));
    // The serving line says /api/v1; the client adds it.
    url = url.replace(/\/api\/v1$/, '');
    owner = await new ApiClient(url, null).login(OWNER.email, OWNER.password);
    expect((await owner.post('/users/me/subscriptions', { subscriptions: [{ name: 'general' }] })).status).to.equal(200);
  });
  after(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses writes with STORAGE_FULL, never a 500 or a dropped connection, serves reads, and takes writes again once space is freed', async () => {
    const send = (content: string): Promise<ApiResponse> => owner.post('/messages', { type: 'stream', to: 'general', topic: 'disk', content });
    const before = [];
    for (let i = 0; i < 5; i++) {
      const res = await send(`beforefull number ${i}`);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      before.push(res.body.id as number);
    }
    expect(await searchIds(owner, 'beforefull')).to.have.members(before);

    await server!.command('fill');
    const acknowledged: number[] = [];
    const refused: ApiResponse[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await send(`duringfull number ${i} ${'x'.repeat(2000)}`);
      if (res.status === 200) acknowledged.push(res.body.id as number);
      else refused.push(res);
    }
    expect(refused.length, 'sends refused on a full disk').to.be.above(0);
    for (const res of refused) {
      expect(res.status).to.equal(503);
      expect(res.body).to.deep.equal({ result: 'error', code: 'STORAGE_FULL', msg: 'The server is out of storage space: nothing was saved. Try again later.' });
      expect(res.headers.get('retry-after')).to.equal('30');
    }
    const notReady = await readiness(url);
    expect(notReady.status).to.equal(503);
    expect(notReady.body).to.include({ status: 'not_ready', reason: 'storage_full' });
    expect(notReady.body.storage).to.include('log');
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).to.match(/chat_storage_full\{area="log"\} 1/);
    expect(metrics).to.match(/chat_storage_write_failures_total\{area="log"\} [1-9]/);

    // Reads go on: history, search, the user list.
    expect((await owner.get('/users/me')).status).to.equal(200);
    const history = await owner.get('/messages', { anchor: 'newest', num_before: 100, num_after: 0, narrow: [{ operator: 'topic', operand: 'disk' }] });
    expect((history.body.messages as { id: number }[]).map((message) => message.id)).to.include.members([...before, ...acknowledged]);
    expect(await searchIds(owner, 'beforefull')).to.have.members(before);

    // An upload: refused the same way, and nothing of it stays in DATA_DIR/incoming.
    const upload = await uploadFile(owner, 'big.bin', Buffer.alloc(2 << 20, 7), 'application/octet-stream');
    expect(upload.status, JSON.stringify(upload.body)).to.equal(503);
    expect(upload.body.code).to.equal('STORAGE_FULL');
    // The request's directory goes once its response is finished: just after the client has it.
    await eventually(async () => (await server!.command('incoming')) === '0', 5_000);
    expect(await server!.command('alive')).to.equal('yes');

    // Space freed: no restart, ready again by itself (the probe), and writes go through.
    await server!.command('free');
    await eventually(async () => (await readiness(url)).status === 200, 20_000);
    const after = await send('afterfree word');
    expect(after.status, JSON.stringify(after.body)).to.equal(200);
    const stored = await uploadFile(owner, 'small.txt', 'fits now');
    expect(stored.status, JSON.stringify(stored.body)).to.equal(200);
    // Every acknowledged message is searchable, whatever the index missed while the disk was full.
    await eventually(async () => (await searchIds(owner, 'afterfree')).includes(after.body.id as number), 20_000);
    expect(await searchIds(owner, 'duringfull')).to.have.members(acknowledged);
    expect(await server!.command('alive')).to.equal('yes');
  });
});
