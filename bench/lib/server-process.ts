import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawning to the first successful answer. */
  startupMs: number;
  /** Resident memory of the server process now, in bytes. */
  rss(): number;
  /** Its anonymous part (heap, stacks, copied pages): the resident set less mapped files and shared memory, in bytes. */
  anonymousRss(): number;
  /** CPU time the server process has used so far (every thread), in milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** A field of a process's /proc status (VmRSS, RssAnon…), in bytes. */
function statusBytes(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** Resident set size of a process (Linux /proc), in bytes. */
export const residentBytes = (pid: number): number => statusBytes(pid, 'VmRSS');

/** User plus system CPU time in milliseconds of a /proc stat file (a process's, or one thread's). */
function statCpuMilliseconds(file: string): number {
  const stat = readFileSync(file, 'utf8');
  // The fields after the command name (which may hold spaces) in parentheses; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** User plus system CPU time of a process so far (Linux /proc, every thread), in milliseconds. */
export const cpuMilliseconds = (pid: number): number => statCpuMilliseconds(`/proc/${pid}/stat`);

/** The same for the process's main thread alone (its thread id is the process id; 10 ms steps). */
export const mainThreadCpuMilliseconds = (pid: number): number => statCpuMilliseconds(`/proc/${pid}/task/${pid}/stat`);

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before serving`);
    try {
      const res = await fetch(`${url}/api/v1/server_settings`);
      if (res.status > 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`server did not serve within ${timeoutMs} ms`);
}

/** Extra Node flags for the servers, to profile or trace them (`BENCH_NODE_FLAGS="--cpu-prof --trace-gc"`). */
const nodeFlags = (): string[] => (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter((flag) => flag !== '');

/**
 * Starts a Node script as a child process and waits until `url` answers. A TypeScript script runs
 * through tsx; a JavaScript one (the chat server's start script) as it is.
 */
export async function startProcess(script: string, args: string[], env: NodeJS.ProcessEnv, url: string, timeoutMs = 600_000): Promise<ServerProcess> {
  const started = performance.now();
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, '--max-old-space-size=6144', ...nodeFlags(), script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    // BENCH_SERVER_LOG=1 shows the servers' standard output (their log, traces).
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  await waitUntilServing(url, child, timeoutMs);
  const startupMs = performance.now() - started;
  const pid = child.pid ?? -1;
  return {
    url,
    pid,
    startupMs,
    rss: () => residentBytes(pid),
    anonymousRss: () => statusBytes(pid, 'RssAnon'),
    cpuMs: () => cpuMilliseconds(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Load is the point of a benchmark: no rate limits. */
const UNLIMITED = { CHAT_RATE_LIMIT_USER: 'off', CHAT_RATE_LIMIT_IP: 'off', CHAT_RATE_LIMIT_AUTH: 'off' };

/** The real chat server on the embedded default over `dataDir`, started as `npm start` starts it (the compiled server). */
export function startChatServer(dataDir: string, port: number, extraEnv: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  return startProcess(
    'services/api/start.mjs',
    [],
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', CHAT_SCRYPT_COST: '1024', ...UNLIMITED, ...extraEnv },
    `http://127.0.0.1:${port}`,
  );
}
