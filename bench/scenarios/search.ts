import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sameShape, sequentialTimes, withBareExpress } from '../lib/bare-express-run.js';
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
/**
 * The targets, against baselines of the same run (docs/topics/benchmark.md): a search's p99 at most
 * SEARCH_RATIO_TARGET times bare express receiving the same request and answering as many bytes; the
 * GET /users/me probe's p99 meanwhile at most PROBE_RATIO_TARGET times its own with no search running.
 */
export const SEARCH_RATIO_TARGET = 6;
export const PROBE_RATIO_TARGET = 3;

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
  /** Bytes of the last answer. */
  bytes: number;
}

const searchRequest = (org: SeededOrg, word: string) => ({
  method: 'GET' as const,
  path: '/api/v1/messages',
  params: { narrow: JSON.stringify([{ operator: 'channels', operand: 'public' }, { operator: 'search', operand: word }]), anchor: 'newest', num_before: '100', num_after: '0' },
  auth: authOf(org.users[7]),
});

/** GET /users/me every 2 ms with nothing else asked of the server: the probe's own p99. */
async function probeAlone(url: string, org: SeededOrg, count: number): Promise<number[]> {
  const prober = new HttpClient(url, 1);
  let done = 0;
  try {
    return await timedLoop(prober, () => ({ method: 'GET', path: '/api/v1/users/me', auth: authOf(org.users[11]) }), () => ++done > count, 2);
  } finally {
    prober.close();
  }
}

/** `count` public searches for one word, one after another, while another user's GET /users/me is probed every 2 ms. */
async function measure(url: string, org: SeededOrg, word: string, count: number): Promise<Measured> {
  const searcher = new HttpClient(url, 1);
  const prober = new HttpClient(url, 1);
  let done = 0;
  try {
    const probing = timedLoop(prober, () => ({ method: 'GET', path: '/api/v1/users/me', auth: authOf(org.users[11]) }), () => done >= count, 2);
    const search = await timedLoop(searcher, () => searchRequest(org, word), () => ++done > count);
    const bytes = Buffer.byteLength((await searcher.request(searchRequest(org, word))).body);
    return { search, usersMe: await probing, bytes };
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
    const kinds: Record<string, { p50_ms: number; p99_ms: number; bare_p99_ms: number; users_me_p99_ms: number; users_me_alone_p99_ms: number }> = {};
    const runs: number[] = [];
    const ratios: number[] = [];
    const probes: number[] = [];
    const probeRatios: number[] = [];
    try {
      for (const word of Object.values(QUERIES)) await measure(server.url, org, word, 10);
      for (const [kind, word] of Object.entries(QUERIES)) {
        // The probe alone, the search with the probe beside it, then bare express for the same request: back to back.
        const alone = quantile(await probeAlone(server.url, org, count), 0.99);
        const { search, usersMe, bytes } = await measure(server.url, org, word, count);
        const bare = await withBareExpress(async (express) => (await sequentialTimes(express.url, sameShape(searchRequest(org, word), bytes), count)).p99);
        const p99 = quantile(search, 0.99);
        const probe = quantile(usersMe, 0.99);
        kinds[kind] = { p50_ms: round(median(search)), p99_ms: round(p99), bare_p99_ms: round(bare), users_me_p99_ms: round(probe), users_me_alone_p99_ms: round(alone) };
        runs.push(p99);
        ratios.push(p99 / bare);
        probes.push(probe);
        probeRatios.push(probe / alone);
      }
    } finally {
      await server.stop();
    }
    const value = Math.max(...runs);
    const usersMe = Math.max(...probes);
    const ratio = Math.max(...ratios);
    const probeRatio = Math.max(...probeRatios);
    return {
      value: round(value),
      unit: 'ms (p99 of a public search, worst of common / rare / no match)',
      baseline: round(Math.max(...Object.values(kinds).map((each) => each.bare_p99_ms))),
      baseline_unit: 'ms (p99 of bare express receiving the same search and answering as many bytes, same run; worst kind)',
      ratio: round(ratio),
      target: `p99 ≤ ${SEARCH_RATIO_TARGET} × bare express's, GET /users/me p99 meanwhile ≤ ${PROBE_RATIO_TARGET} × its own alone`,
      met: ratio <= SEARCH_RATIO_TARGET && probeRatio <= PROBE_RATIO_TARGET,
      runs: runs.map((each) => round(each)),
      ratio_runs: ratios.map((each) => round(each)),
      queries: kinds,
      users_me_p99_ms: round(usersMe),
      users_me_ratio: round(probeRatio),
      index_bytes: indexBytes(dataDir),
      first_start_s: round(first.startupMs / 1000, 1),
      restart_s: round(server.startupMs / 1000, 1),
      note: `${count} sequential searches per word ("${QUERIES.common}", "${QUERIES.rare}", "${QUERIES.none}") as a member: channels:public + search, anchor newest, 100 results; GET /users/me of another member every 2 ms meanwhile; before each word, the same probe alone, after it bare express answering the same request with as many bytes (the baselines). first_start_s builds the index from the log; restart_s finds it built.`,
    };
  } finally {
    removeDir(dataDir);
  }
}
