import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '../..');
/** What `npm start` runs: the compiled server, built first when a source changed (tools/build/server-build.mjs). */
export const START_SCRIPT = join(REPO_ROOT, 'services/api/start.mjs');

/** A server started as its own process: the start script `npm start` runs (the compiled server), directly or through npm. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

const TEST_ENV = {
  PORT: '0',
  LOG_LEVEL: 'info',
  CHAT_SCRYPT_COST: '1024',
  CHAT_OWNER_EMAIL: 'owner@test.example',
  CHAT_OWNER_PASSWORD: 'owner-password-1',
};

/**
 * Starts the server over `dataDir` and resolves once it logs that it serves (its URL read from that
 * line), or rejects with what it printed when it exits first.
 */
export function spawnServer(dataDir: string, options: { env?: NodeJS.ProcessEnv; viaNpm?: boolean } = {}): Promise<ServerProcess> {
  const env = { ...process.env, ...TEST_ENV, DATA_DIR: dataDir, ...options.env };
  const child = options.viaNpm
    ? spawn('npm', ['start', '--silent'], { cwd: REPO_ROOT, env })
    : spawn(process.execPath, [START_SCRIPT], { cwd: REPO_ROOT, env });
  let text = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const look = (chunk: Buffer): void => {
      text += chunk.toString();
      const url = /"msg":"serving"/.test(text) ? /"url":"(http:\/\/[^"]+)\/api\/v1"/.exec(text)?.[1] : undefined;
      if (url) resolve({ child, url, output: () => text, exited });
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    void exited.then((code) => reject(new Error(`server exited (${code}) before serving:\n${text}`)));
  });
}

/** A process's resident memory in bytes (Linux). */
export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

/** Sends SIGTERM and waits for the exit, failing past `withinMs`. */
export async function stopProcess(server: ServerProcess, withinMs = 10_000): Promise<number | null> {
  server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`still running ${withinMs} ms after SIGTERM`)), withinMs)));
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}
