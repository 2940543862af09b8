import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../lib/free-port.js';
import type { BenchPlan } from '../lib/scenario.js';
import { type ServerProcess, startChatServer, startProcess } from '../lib/server-process.js';
import { copyOf, emptyDataDir, removeDir, type SeededOrg } from '../seed/seeded-org.js';

/** The size of the read-models snapshot's arrays files in `dataDir` (docs/topics/read-models.md). */
function mappedArraysBytes(dataDir: string): number {
  return readdirSync(dataDir)
    .filter((name) => name.startsWith('read-models.snapshot-') && name.endsWith('.arrays'))
    .reduce((sum, name) => sum + statSync(join(dataDir, name)).size, 0);
}

/** Start-up and memory of the server over one organization. */
export interface GrowthPoint {
  messages: number;
  /** Start-up replaying the whole log (no snapshot yet): once. */
  coldSeconds: number;
  /** Start-ups from the read-models snapshot the first start wrote, then the log after it: one per run. */
  startSeconds: number[];
  /** Resident memory as each of those starts serves, before any request. */
  rssMegabytes: number[];
  /**
   * What the models hold once every page is touched: the anonymous resident memory as each start
   * serves plus the snapshot's arrays file in full (mapped, read only as pages are touched; the
   * resident set counts only those touched).
   */
  modelMegabytes: number[];
  /** CPU time (every thread) each of those starts used until it served, in seconds. */
  startCpuSeconds: number[];
}

/** The first start of `npm start` on an empty data directory, and a bare node:http process started beside it (the hour's baseline). */
export interface FirstStarts {
  seconds: number[];
  cpuSeconds: number[];
  bareSeconds: number[];
  bareCpuSeconds: number[];
}

/**
 * `runs` first starts on an empty data directory (the organization and its owner created, the owner's
 * password hashed at the default cost), each after a bare node:http process's start, timed the same
 * way: from spawning to the first answer.
 */
export async function firstStarts(plan: BenchPlan): Promise<FirstStarts> {
  const starts: FirstStarts = { seconds: [], cpuSeconds: [], bareSeconds: [], bareCpuSeconds: [] };
  for (let run = 0; run < plan.runs + 2; run++) {
    const port = await freePort();
    const bare = await startProcess('bench/baselines/bare-listen.mjs', [], { PORT: String(port) }, `http://127.0.0.1:${port}`);
    const bareCpu = bare.cpuMs();
    await bare.stop();
    const dataDir = emptyDataDir();
    try {
      const server = await startChatServer(dataDir, await freePort(), { CHAT_SCRYPT_COST: '16384' });
      const cpu = server.cpuMs();
      await server.stop();
      // The first two warm the page cache (node, the bundle, the packages), as a machine that ran them before has it.
      if (run < 2) continue;
      starts.seconds.push(server.startupMs / 1000);
      starts.cpuSeconds.push(cpu / 1000);
      starts.bareSeconds.push(bare.startupMs / 1000);
      starts.bareCpuSeconds.push(bareCpu / 1000);
    } finally {
      removeDir(dataDir);
    }
  }
  return starts;
}

/** Waits until the server has written its read-models snapshot (written under a temporary name, then renamed). */
async function snapshotWritten(dataDir: string, timeoutMs = 900_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(join(dataDir, 'read-models.snapshot'))) {
    if (Date.now() > deadline) throw new Error('no read-models snapshot was written');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * On a private copy of the organization: a first start (the whole log replayed, a snapshot written),
 * a clean stop, then `plan.runs` restarts, each timed and its memory read as it starts serving.
 * `during` runs against the first restarted server (register's latency is measured there).
 */
export async function growthPoint(plan: BenchPlan, seeded: { dir: string; org: SeededOrg }, during?: (server: ServerProcess) => Promise<void>): Promise<GrowthPoint> {
  const dataDir = copyOf(seeded.dir);
  try {
    // Seeding ran the server's own composition, whose stop left a snapshot: the first start must replay.
    rmSync(join(dataDir, 'read-models.snapshot'), { force: true });
    const cold = await startChatServer(dataDir, await freePort());
    try {
      await snapshotWritten(dataDir);
    } finally {
      await cold.stop();
    }
    const point: GrowthPoint = { messages: seeded.org.size.messages + seeded.org.size.firehoseMessages, coldSeconds: cold.startupMs / 1000, startSeconds: [], rssMegabytes: [], modelMegabytes: [], startCpuSeconds: [] };
    for (let run = 0; run < plan.runs; run++) {
      const server = await startChatServer(dataDir, await freePort());
      try {
        point.startCpuSeconds.push(server.cpuMs() / 1000);
        point.startSeconds.push(server.startupMs / 1000);
        point.rssMegabytes.push(server.rss() / 2 ** 20);
        point.modelMegabytes.push((server.anonymousRss() + mappedArraysBytes(dataDir)) / 2 ** 20);
        if (run === 0) await during?.(server);
      } finally {
        await server.stop();
      }
    }
    return point;
  } finally {
    removeDir(dataDir);
  }
}
