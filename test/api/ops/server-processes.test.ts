import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ApiClient } from '../../support/api-client.js';
import { type ServerProcess, spawnServer, stopProcess } from '../../support/server-process.js';

const OWNER = { email: 'owner@test.example', password: 'owner-password-1' };

/** Every file and directory under `dir`, with its permission bits. */
function modesUnder(dir: string): { path: string; mode: number; directory: boolean }[] {
  const found: { path: string; mode: number; directory: boolean }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    found.push({ path, mode: statSync(path).mode & 0o777, directory: entry.isDirectory() });
  }
  return found;
}

/** The node process's pid, from its "serving" log line (npm's own pid is the spawned one). */
const serverPid = (server: ServerProcess): number => Number(/"pid":(\d+),[^\n]*"msg":"serving"/.exec(server.output())?.[1]);

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('ops: the server as a process (npm start, SIGTERM, one server per data directory, file modes)', function () {
  this.timeout(120000);
  let dataDir: string;
  let first: ServerProcess;
  let nodePid: number;
  let annId: number;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-process-'));
    first = await spawnServer(dataDir, { viaNpm: true });
    nodePid = serverPid(first);
  });
  after(async () => {
    if (first.child.exitCode === null) await stopProcess(first).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves under npm start, with node as npm\'s child (the start script execs it)', async () => {
    expect(nodePid).to.be.above(0).and.not.equal(first.child.pid);
    const owner = await new ApiClient(first.url, null).login(OWNER.email, OWNER.password);
    const created = await owner.post('/users', { email: 'ann@test.example', password: 'ann-password-1', full_name: 'Ann' });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    annId = Number(created.body.user_id);
    const ann = await owner.login('ann@test.example', 'ann-password-1');
    expect((await ann.post('/register')).status).to.equal(200);
    expect((await ann.post('/users/me/presence', { status: 'active' })).status).to.equal(200);
    const form = new FormData();
    form.set('file', new Blob(['private notes']), 'notes.txt');
    expect((await ann.request('POST', '/user_uploads', form)).status).to.equal(200);
  });

  it('refuses a second server on the same data directory: exit 1, naming the holder\'s pid', async () => {
    const second = spawnServer(dataDir);
    const failure = await second.then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(failure).to.contain('server exited (1)');
    expect(failure).to.contain(`is in use by another server (pid ${nodePid})`);
    expect((await fetch(`${first.url}/ready`)).status).to.equal(200);
  });

  it('keeps the files private while it runs: the log\'s -wal and -shm, the lock, a received upload\'s folder', () => {
    const found = modesUnder(dataDir);
    const names = found.map((entry) => entry.path.slice(dataDir.length + 1));
    for (const expected of ['events.sqlite3-wal', 'events.sqlite3-shm', 'server.lock', 'server.pid', 'incoming']) expect(names).to.include(expected);
    for (const entry of found) expect(entry.mode.toString(8), entry.path).to.equal(entry.directory ? '700' : '600');
  });

  it('stops within 10 s when npm\'s own process gets SIGTERM, node included', async () => {
    expect(await stopProcess(first, 10_000)).to.equal(0);
    const deadline = Date.now() + 2000;
    while (isRunning(nodePid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isRunning(nodePid)).to.equal(false);
  });

  it('leaves only private files once stopped: directories 0700, files 0600 (log, secret, queues, presence, uploads)', () => {
    const found = modesUnder(dataDir);
    const names = found.map((entry) => entry.path.slice(dataDir.length + 1));
    for (const expected of ['events.sqlite3', 'server-secret', 'queues.json', 'presence.json', 'uploads']) expect(names).to.include(expected);
    expect(found.filter((entry) => !entry.directory && entry.path.includes('/uploads/'))).to.have.length(1);
    for (const entry of found) expect(entry.mode.toString(8), entry.path).to.equal(entry.directory ? '700' : '600');
    expect((statSync(dataDir).mode & 0o777).toString(8)).to.equal('700');
  });

  it('keeps the data across a restart', async () => {
    const again = await spawnServer(dataDir);
    try {
      const ann = await new ApiClient(again.url, null).login('ann@test.example', 'ann-password-1');
      expect(ann.userId).to.equal(annId);
    } finally {
      expect(await stopProcess(again)).to.equal(0);
    }
  });
});
