import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { expect } from 'chai';
import { INCOMING_LEFTOVER_AGE_MS } from '../../../services/api/src/ops/incoming-leftovers.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const incoming = (server: TestServer): string => join(server.dataDir, 'incoming');
const entries = (server: TestServer): string[] => readdirSync(incoming(server)).sort();

/** Leaves in DATA_DIR/incoming what a process killed while writing leaves: an export's partial copy of the log, an upload's bytes. */
function leaveLeftovers(dir: string, ageMs: number, tag: string): string[] {
  mkdirSync(join(dir, `upload-${tag}`), { recursive: true });
  writeFileSync(join(dir, `realm-export-7-${tag}.partial`), '{"position":1}\n'.repeat(1000));
  writeFileSync(join(dir, `upload-${tag}`, 'a1b2c3'), Buffer.alloc(64 * 1024));
  const then = (Date.now() - ageMs) / 1000;
  for (const path of [join(dir, `realm-export-7-${tag}.partial`), join(dir, `upload-${tag}`, 'a1b2c3'), join(dir, `upload-${tag}`)]) utimesSync(path, then, then);
  return [`realm-export-7-${tag}.partial`, `upload-${tag}`];
}

describe('ops: what interrupted exports and uploads leave in DATA_DIR/incoming', function () {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  it("is removed at start, where the data directory is this server's alone", async () => {
    leaveLeftovers(incoming(server), 0, 'killed');
    expect(entries(server)).to.have.length(2);
    server = await server.restart();
    expect(entries(server)).to.deep.equal([]);
  });

  it('is removed by the scheduler once untouched for an hour; what is being written stays', async () => {
    const stale = leaveLeftovers(incoming(server), INCOMING_LEFTOVER_AGE_MS + 60_000, 'stale');
    const fresh = leaveLeftovers(incoming(server), 60_000, 'fresh');
    expect(entries(server)).to.deep.equal([...fresh, ...stale].sort());
    server.clock.advance(10 * 60_000);
    await server.ctx.scheduler.runDue();
    expect(entries(server)).to.deep.equal(fresh.sort());
  });

  it('an upload cut off mid-body leaves nothing behind', async () => {
    server = await server.restart();
    const boundary = 'xxCUTxx';
    const auth = `Basic ${Buffer.from(`${server.owner.email}:${server.owner.credentials!.apiKey}`).toString('base64')}`;
    await new Promise<void>((resolve) => {
      const req = request(`${server.url}/api/v1/user_uploads`, {
        method: 'POST',
        headers: { Authorization: auth, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(4 << 20) },
      });
      req.on('error', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
      req.write(Buffer.alloc(1 << 20, 1), () => {
        // The part is being written: then the client goes away.
        setTimeout(() => {
          expect(entries(server).filter((name) => name.startsWith('upload-'))).to.have.length(1);
          req.destroy();
          resolve();
        }, 300);
      });
    });
    const deadline = Date.now() + 5000;
    while (entries(server).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(entries(server)).to.deep.equal([]);
  });
});
