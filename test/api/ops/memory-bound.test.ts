import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { residentBytes, type ServerProcess, spawnServer, stopProcess } from '../../support/server-process.js';

const MIB = 1024 * 1024;
const BOUNDARY = 'xxBOUNDARYxx';

/** A multipart body of one part of `totalMib` MiB under `disposition`, made as it is read (never whole in the test either). */
function streamedPart(totalMib: number, disposition: string): Readable {
  const chunk = Buffer.alloc(MIB, 'a');
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) this.push(`--${BOUNDARY}\r\n${disposition}\r\n\r\n`);
      if (sent >= totalMib) {
        this.push(`\r\n--${BOUNDARY}--\r\n`);
        this.push(null);
        return;
      }
      sent += 1;
      this.push(chunk);
    },
  });
}

const hugeField = (totalMib: number): Readable => streamedPart(totalMib, 'Content-Disposition: form-data; name="username"');
const hugeUpload = (totalMib: number): Readable =>
  streamedPart(totalMib, 'Content-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream');

/** POSTs the body (chunked, or with its length declared); resolves with the status, or 0 when the server cut the connection. */
function post(url: string, totalMib: number, declared: boolean, options: { path?: string; auth?: string; body?: Readable } = {}): Promise<number> {
  const headers: Record<string, string> = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (declared) headers['Content-Length'] = String(totalMib * MIB + 200);
  if (options.auth) headers.Authorization = options.auth;
  return new Promise((resolve) => {
    const req = request(`${url}/api/v1${options.path ?? '/fetch_api_key'}`, { method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    (options.body ?? hugeField(totalMib)).pipe(req);
  });
}

/** Samples the process's RSS while `work` runs; the growth over the start, in MiB. */
async function rssGrowth(pid: number, work: () => Promise<unknown>): Promise<number> {
  const before = residentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 20);
  await work();
  clearInterval(sampler);
  return (Math.max(peak, residentBytes(pid)) - before) / MIB;
}

describe('ops: memory stays bounded under large unauthenticated bodies', function () {
  this.timeout(60000);
  let dataDir: string;
  let server: ServerProcess;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-memory-'));
    server = await spawnServer(dataDir, { env: { CHAT_MAX_UPLOAD_MIB: '200' } });
  });
  after(async () => {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds four concurrent 200 MiB multipart POSTs to /fetch_api_key (chunked and declared) without growing by more than 100 MiB', async () => {
    let statuses: number[] = [];
    const posts = (): Promise<number[]> => Promise.all([post(server.url, 200, false), post(server.url, 200, false), post(server.url, 200, true), post(server.url, 200, true)]);
    const growth = await rssGrowth(server.child.pid ?? 0, async () => (statuses = await posts()));
    // Declared lengths are refused with 413 before reading; chunked bodies are cut once past the limit.
    expect(statuses.slice(2)).to.deep.equal([413, 413]);
    for (const status of statuses.slice(0, 2)) expect([0, 413]).to.include(status);
    expect(growth).to.be.below(100);
    // Still serving.
    expect((await fetch(`${server.url}/api/v1/server_settings`)).status).to.equal(200);
  });

  it('writes uploads to disk as they arrive: three concurrent 100 MiB uploads grow RSS by less than 100 MiB', async () => {
    const login = await fetch(`${server.url}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: 'owner@test.example', password: 'owner-password-1' }) });
    const { api_key } = (await login.json()) as { api_key: string };
    const auth = `Basic ${Buffer.from(`owner@test.example:${api_key}`).toString('base64')}`;
    let statuses: number[] = [];
    const upload = (): Promise<number> => post(server.url, 100, false, { path: '/user_uploads', auth, body: hugeUpload(100) });
    const growth = await rssGrowth(server.child.pid ?? 0, async () => (statuses = await Promise.all([upload(), upload(), upload()])));
    expect(statuses).to.deep.equal([200, 200, 200]);
    expect(growth).to.be.below(100);
  });
});
