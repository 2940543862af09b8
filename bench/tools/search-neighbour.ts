/**
 * The search scenario's neighbour, measured on its own (docs/topics/benchmark.md): a server over a copy
 * of the cached large organization with its index, then rounds of the GET /users/me probe alone and
 * beside 200 sequential common-word searches, with the server's CPU per search.
 *
 *   npx tsx bench/tools/search-neighbour.ts <data dir> [rounds]
 *
 * The data directory is used as it is (make it once with `cp -r bench/.cache/<large org> DIR`): the
 * searches write nothing, so runs of two builds can share one. BENCH_NODE_FLAGS profiles the server.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { authOf } from '../lib/chat-api.js';
import { freePort } from '../lib/free-port.js';
import { HttpClient } from '../lib/http-client.js';
import { startChatServer } from '../lib/server-process.js';
import { quantile, round } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';

const [dataDir, roundsArg] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: search-neighbour.ts <data dir> [rounds]');
const rounds = Number(roundsArg ?? 2);
const COUNT = 200;
const org = JSON.parse(readFileSync(join(dataDir, 'bench-org.json'), 'utf8')) as SeededOrg;

const usersMe = { method: 'GET' as const, path: '/api/v1/users/me', auth: authOf(org.users[11]) };
const search = {
  method: 'GET' as const,
  path: '/api/v1/messages',
  params: { narrow: JSON.stringify([{ operator: 'channels', operand: 'public' }, { operator: 'search', operand: 'things' }]), anchor: 'newest', num_before: '100', num_after: '0' },
  auth: authOf(org.users[7]),
};

async function loop(client: HttpClient, spec: Parameters<HttpClient['request']>[0], until: () => boolean, pauseMs: number): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    const res = await client.request(spec);
    if (res.status !== 200) throw new Error(`${res.status} ${res.body.slice(0, 200)}`);
    times.push(performance.now() - started);
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return times;
}

const server = await startChatServer(dataDir, await freePort());
const prober = new HttpClient(server.url, 1);
const searcher = new HttpClient(server.url, 1);
try {
  let warm = 0;
  await loop(searcher, search, () => ++warm > 20, 0);
  for (let r = 0; r < rounds; r++) {
    let alone = 0;
    const aloneTimes = await loop(prober, usersMe, () => ++alone > COUNT, 2);
    let done = 0;
    const cpuBefore = server.cpuMs();
    const started = performance.now();
    const probing = loop(prober, usersMe, () => done >= COUNT, 2);
    const searches = await loop(searcher, search, () => ++done > COUNT, 0);
    const wall = performance.now() - started;
    const cpu = server.cpuMs() - cpuBefore;
    const beside = await probing;
    const [a, b] = [quantile(aloneTimes, 0.99), quantile(beside, 0.99)];
    console.log(JSON.stringify({ round: r, probe_alone_p99: round(a), probe_beside_p99: round(b), ratio: round(b / a), search_p50: round(quantile(searches, 0.5)), search_p99: round(quantile(searches, 0.99)), cpu_per_search_ms: round(cpu / COUNT), wall_s: round(wall / 1000) }));
  }
} finally {
  prober.close();
  searcher.close();
  await server.stop();
}
