import { join } from 'node:path';
import { ReadOnlySqliteLog } from '@chat/eventstore';
import { logMessageBodies, modelsVersion, openReadModels, ReadModelSnapshots } from '@chat/projections';
import { MemoryReadStore } from '@chat/readstore';
import { allProjections } from '../../services/api/src/features/all-features.js';

/** Loads a data directory's read-models snapshot into fresh models and prints what each step cost (wall and CPU time, memory). */
async function main(dataDir: string): Promise<void> {
  const log = new ReadOnlySqliteLog(join(dataDir, 'events.sqlite3'));
  const store = new MemoryReadStore({ bodies: logMessageBodies(log) });
  const models = openReadModels(store);
  // The server's version: its sources and the projections it runs, in order.
  const version = modelsVersion(allProjections(models).map((projection) => projection.name));
  const mb = (bytes: number): number => Math.round(bytes / 2 ** 20);
  const before = process.memoryUsage();
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const loaded = await new ReadModelSnapshots(join(dataDir, 'read-models.snapshot'), store, log, null, version).load();
  const loadCpu = process.cpuUsage(cpu);
  const loadWall = performance.now() - wall;
  await store.messages.caughtUp();
  const allCpu = process.cpuUsage(cpu);
  (globalThis as { gc?: () => void }).gc?.();
  const after = process.memoryUsage();
  process.stdout.write(
    `${JSON.stringify({
      loaded,
      loadWallMs: Math.round(loadWall),
      loadCpuMs: Math.round((loadCpu.user + loadCpu.system) / 1000),
      withIndexesCpuMs: Math.round((allCpu.user + allCpu.system) / 1000),
      rssMb: mb(after.rss),
      heapMb: mb(after.heapUsed - before.heapUsed),
      arrayBuffersMb: mb(after.arrayBuffers - before.arrayBuffers),
    })}\n`,
  );
  await log.close();
}

void main(process.argv[2]);
