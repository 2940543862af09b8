import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { START_SCRIPT } from '../support/server-process.js';


interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real server entry point and collects what it prints until it exits, or is stopped once
 * `stopWhen` says so (true, or a promise: then once it settles).
 */
function runServer(env: NodeJS.ProcessEnv, stopWhen?: (stdout: string) => boolean | Promise<unknown>): Promise<Exit> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [START_SCRIPT], { env: { ...process.env, LOG_LEVEL: 'info', ...env } });
    let stdout = '';
    let stderr = '';
    let stopping = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stopping) return;
      const stop = stopWhen?.(stdout) ?? false;
      if (stop === false) return;
      stopping = true;
      if (stop === true) child.kill('SIGTERM');
      else void stop.finally(() => child.kill('SIGTERM'));
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('server start-up (npm start entry point)', function () {
  // Two starts of a real server in one test: on a shared machine under load each takes 10-15 s.
  this.timeout(60000);
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'chat-start-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a bad PORT with a clear message and exit code 1', async () => {
    const result = await runServer({ PORT: 'abc', DATA_DIR: dataDir });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include('PORT must be an integer');
  });

  it('refuses an unknown EVENT_STORE with exit code 1', async () => {
    const result = await runServer({ PORT: '0', EVENT_STORE: 'postgres', DATA_DIR: dataDir });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include('EVENT_STORE must be one of sqlite, esdb');
  });

  it('refuses READ_STORE=mongodb without MONGO_URL', async () => {
    const result = await runServer({ PORT: '0', READ_STORE: 'mongodb', DATA_DIR: dataDir });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include('MONGO_URL');
  });

  it('exits 1 with the reason when the port is already in use', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = await runServer({ PORT: String(port), DATA_DIR: dataDir, CHAT_SCRYPT_COST: '1024' });
      expect(result.code).to.equal(1);
      expect(result.stderr).to.include('EADDRINUSE');
    } finally {
      blocker.close();
    }
  });

  it('creates nothing when the port is taken, so the next start creates the organization and shows a password that logs in', async function () {
    this.timeout(90000);
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const failed = await runServer({ PORT: String(port), DATA_DIR: dataDir, CHAT_SCRYPT_COST: '1024' });
      expect(failed.code).to.equal(1);
      expect(failed.stderr).to.include('EADDRINUSE');
      expect(failed.stdout).not.to.include('Owner login');
    } finally {
      blocker.close();
    }
    // Checked while it serves: the stop comes once the printed password has been tried.
    let checked: Promise<number> = Promise.resolve(0);
    const second = await runServer({ PORT: '0', DATA_DIR: dataDir, CHAT_SCRYPT_COST: '1024' }, (out) => {
      const serving = /"url":"([^"]+)"/.exec(out);
      if (!serving) return false;
      const printed = /Owner login: owner@example\.com {2}password: (\S+)/.exec(out);
      if (!printed) return true;
      checked = fetch(`${serving[1]}/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: 'owner@example.com', password: printed[1] }) }).then((res) => res.status);
      return checked;
    });
    expect(second.code).to.equal(0);
    expect(await checked).to.equal(200);
  });

  it('prints generated owner credentials once, on the start that creates the organization', async () => {
    const serving = (out: string) => out.includes('"msg":"serving"');
    const first = await runServer({ PORT: '0', DATA_DIR: dataDir, CHAT_SCRYPT_COST: '1024' }, serving);
    expect(first.code).to.equal(0);
    expect(first.stdout).to.match(/Owner login: owner@example\.com {2}password: \S+/);
    const second = await runServer({ PORT: '0', DATA_DIR: dataDir, CHAT_SCRYPT_COST: '1024' }, serving);
    expect(second.code).to.equal(0);
    expect(second.stdout).not.to.include('Owner login');
    // Which implementation seals the log's boxes: libsodium's here (Node's own cipher where it has no build).
    expect(second.stdout).to.include('"sealedBoxes":"libsodium"');
  });
});
