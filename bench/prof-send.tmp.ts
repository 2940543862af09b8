import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authOf } from './lib/chat-api.js';
import { runLoad } from './lib/load-process.js';
import type { ClosedLoopResult } from './lib/load-tasks.js';
import type { SeededOrg } from './seed/seeded-org.js';

const seed = process.argv[2];
const seconds = Number(process.argv[3] ?? 8);
const profile = process.argv[4] === 'prof';
const org = JSON.parse(readFileSync(join(seed, 'bench-org.json'), 'utf8')) as SeededOrg;
const dir = mkdtempSync(join(tmpdir(), 'prof-'));
cpSync(seed, dir, { recursive: true });
const port = 9800 + Math.floor(Math.random() * 100);
const args = ['--import', 'tsx', ...(profile ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), 'services/api/src/main.ts'];
const child = spawn(process.execPath, args, { env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'warn', CHAT_SCRYPT_COST: '1024' }, stdio: 'inherit' });
const url = `http://127.0.0.1:${port}`;
for (;;) { try { await fetch(`${url}/api/v1/server_settings`); break; } catch { await new Promise((r) => setTimeout(r, 50)); } }
const channel = org.channels[0];
const senders = org.users.filter((u) => channel.subscribers.includes(u.id));
const requests = Array.from({ length: 200 }, (_, i) => ({ method: 'POST' as const, path: '/api/v1/messages', params: { type: 'stream', to: channel.name, topic: `bench ${i % 10}`, content: `Throughput message ${i} with a little **Markdown**` }, auth: authOf(senders[i % senders.length]) }));
const r = await runLoad<ClosedLoopResult>({ kind: 'closed-loop', url, concurrency: 50, durationMs: seconds * 1000, requests }).result;
console.log(JSON.stringify({ perSecond: r.perSecond, failed: r.failed, first: r.firstFailure }));
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
console.log(readdirSync('/tmp/prof'));
