import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { residentBytes, type ServerProcess, spawnServer, stopProcess } from '../../support/server-process.js';

const MIB = 1024 * 1024;
const BOUNDARY = 'xxBOUNDARYxx';

/** A multipart body of `totalMib` MiB, mostly one field, made as it is read (never whole in the test either). */
function hugeMultipart(totalMib: number): Readable {
  const chunk = Buffer.alloc(MIB, 'a');
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) this.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="username"\r\n\r\n`);
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

/** POSTs the body (chunked, or with its length declared); resolves with the status, or 0 when the server cut the connection. */
function post(url: string, totalMib: number, declared: boolean): Promise<number> {
  const headers: Record<string, string> = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (declared) headers['Content-Length'] = String(totalMib * MIB + 200);
  return new Promise((resolve) => {
    const req = request(`${url}/api/v1/fetch_api_key`, { method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    hugeMultipart(totalMib).pipe(req);
  });
}

describe('ops: memory stays bounded under large unauthenticated bodies', function () {
  this.timeout(60000);
  let dataDir: string;
  let server: ServerProcess;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-memory-'));
    server = await spawnServer(dataDir);
  });
  after(async () => {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds four concurrent 200 MiB multipart POSTs to /fetch_api_key (chunked and declared) without growing by more than 100 MiB', async () => {
    const pid = server.child.pid ?? 0;
    const before = residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 20);
    const statuses = await Promise.all([post(server.url, 200, false), post(server.url, 200, false), post(server.url, 200, true), post(server.url, 200, true)]);
    clearInterval(sampler);
    peak = Math.max(peak, residentBytes(pid));
    // Declared lengths are refused with 413 before reading; chunked bodies are cut once past the limit.
    expect(statuses.slice(2)).to.deep.equal([413, 413]);
    for (const status of statuses.slice(0, 2)) expect([0, 413]).to.include(status);
    expect((peak - before) / MIB, `RSS ${before / MIB} → ${peak / MIB} MiB`).to.be.below(100);
    // Still serving.
    expect((await fetch(`${server.url}/api/v1/server_settings`)).status).to.equal(200);
  });
});
