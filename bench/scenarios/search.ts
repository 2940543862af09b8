import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { authOf } from '../lib/chat-api.js';
import { freePort } from '../lib/free-port.js';
import { HttpClient } from '../lib/http-client.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { startChatServer } from '../lib/server-process.js';
import { median, quantile, round } from '../lib/stats.js';
import { copyOf, removeDir, type SeededOrg } from '../seed/seeded-org.js';

const INDEX = 'search.sqlite3';
/** Every seeded message reads "Message <m> about **things** in topic <t>": a word in every message, one in a single message, and none. */
const QUERIES = { common: 'things', rare: '777777', none: 'xyzzyq' } as const;

const removeIndex = (dir: string): void => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(dir, INDEX + suffix), { force: true });
};
const indexBytes = (dir: string): number => [INDEX, `${INDEX}-wal`].reduce((sum, name) => sum + (existsSync(join(dir, name)) ? statSync(join(dir, name)).size : 0), 0);

/**
 * A deployed server's data directory holds its search index: the cached organization gets one (built
 * by a server started on a copy, once), so start-up runs measure a restart. Returns the build time
 * when it had to build it.
 */
export async function cacheSearchIndex(cacheDir: string): Promise<number | null> {
  if (existsSync(join(cacheDir, INDEX))) return null;
  const copy = copyOf(cacheDir);
  try {
    removeIndex(copy);
    const server = await startChatServer(copy, await freePort());
    await server.stop();
    keepIndex(copy, cacheDir);
    return server.startupMs;
  } finally {
    removeDir(copy);
  }
}

/** Puts a stopped server's index into the cache (whole or not at all), unless the cache has one. */
function keepIndex(dataDir: string, cacheDir: string): void {
  if (existsSync(join(cacheDir, INDEX))) return;
  copyFileSync(join(dataDir, INDEX), join(cacheDir, `${INDEX}.part`));
  renameSync(join(cacheDir, `${INDEX}.part`), join(cacheDir, INDEX));
}

/** Sequential timed requests until `stop` says so; returns the latencies in ms. */
async function timedLoop(client: HttpClient, request: () => Parameters<HttpClient['request']>[0], until: () => boolean, pauseMs = 0): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    const res = await client.request(request());
    if (res.status !== 200) throw new Error(`${res.status} ${res.body.slice(0, 200)}`);
    times.push(performance.now() - started);
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return times;
}

interface Measured {
  search: number[];
  usersMe: number[];
}

/** `count` public searches for one word, one after another, while another user's GET /users/me is probed every 2 ms. */
async function measure(url: string, org: SeededOrg, word: string, count: number): Promise<Measured> {
  const searcher = new HttpClient(url, 1);
  const prober = new HttpClient(url, 1);
  const narrow = JSON.stringify([{ operator: 'channels', operand: 'public' }, { operator: 'search', operand: word }]);
  let done = 0;
  try {
    const probing = timedLoop(prober, () => ({ method: 'GET', path: '/api/v1/users/me', auth: authOf(org.users[11]) }), () => done >= count, 2);
    const search = await timedLoop(
      searcher,
      () => ({ method: 'GET', path: '/api/v1/messages', params: { narrow, anchor: 'newest', num_before: '100', num_after: '0' }, auth: authOf(org.users[7]) }),
      () => ++done > count,
    );
    return { search, usersMe: await probing };
  } finally {
    searcher.close();
    prober.close();
  }
}

/**
 * Searches across public channels on the large organization (a common word, a rare word, no match;
 * the newest 100 results with highlighting), with another user's GET /users/me measured meanwhile.
 * Also the index's first build (a start-up over a log it has not seen), a restart, and its size.
 */
export async function searchLatency(plan: BenchPlan, cacheDir: string, org: SeededOrg): Promise<ScenarioResult> {
  const dataDir = copyOf(cacheDir);
  removeIndex(dataDir);
  const count = plan.quick ? 40 : 200;
  try {
    const first = await startChatServer(dataDir, await freePort());
    await first.stop();
    keepIndex(dataDir, cacheDir);
    const server = await startChatServer(dataDir, await freePort());
    const kinds: Record<string, { p50_ms: number; p99_ms: number; users_me_p99_ms: number }> = {};
    const runs: number[] = [];
    const probes: number[] = [];
    try {
      for (const word of Object.values(QUERIES)) await measure(server.url, org, word, 10);
      for (const [kind, word] of Object.entries(QUERIES)) {
        const { search, usersMe } = await measure(server.url, org, word, count);
        kinds[kind] = { p50_ms: round(median(search)), p99_ms: round(quantile(search, 0.99)), users_me_p99_ms: round(quantile(usersMe, 0.99)) };
        runs.push(quantile(search, 0.99));
        probes.push(quantile(usersMe, 0.99));
      }
    } finally {
      await server.stop();
    }
    const value = Math.max(...runs);
    const usersMe = Math.max(...probes);
    return {
      value: round(value),
      unit: 'ms (p99 of a public search, worst of common / rare / no match)',
      baseline: null,
      baseline_unit: null,
      ratio: null,
      target: '≤ 20 ms p99, GET /users/me ≤ 10 ms p99 meanwhile',
      met: value <= 20 && usersMe <= 10,
      runs: runs.map((each) => round(each)),
      queries: kinds,
      users_me_p99_ms: round(usersMe),
      index_bytes: indexBytes(dataDir),
      first_start_s: round(first.startupMs / 1000, 1),
      restart_s: round(server.startupMs / 1000, 1),
      note: `${count} sequential searches per word ("${QUERIES.common}", "${QUERIES.rare}", "${QUERIES.none}") as a member: channels:public + search, anchor newest, 100 results; GET /users/me of another member every 2 ms meanwhile. first_start_s builds the index from the log; restart_s finds it built.`,
    };
  } finally {
    removeDir(dataDir);
  }
}
