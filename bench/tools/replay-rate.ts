import { openLogReader } from '../../tools/events/open-log.js';
import { logMessageBodies, readModelsDigest } from '@chat/projections';
import { MemoryReadStore } from '@chat/readstore';
import { LogReplay } from '../../tools/events/replay/replay-log.js';

/**
 * Reads a data directory's log twice: raw (every event decoded, sealed values made readable but not
 * decrypted, nothing applied), then through every
 * read-model projection into fresh memory models, as `npm run events -- replay` (and a start-up) does.
 * Prints both rates as JSON, with the CPU time of each part (every thread of the process, the
 * collector's too: less noisy than the wall time on a shared machine); with `--digest`, also the time
 * the canonical digest of the rebuilt models took.
 */
async function main(dataDir: string): Promise<void> {
  // As the history tools read it: with its key store, events in their stored versions as a start-up applies them.
  const log = await openLogReader({ 'data-dir': dataDir }, {}, { original: true });
  let started = performance.now();
  let cpu = process.cpuUsage();
  let events = 0;
  for await (const event of log.readAll()) if (event.position > 0) events++;
  const rawSeconds = (performance.now() - started) / 1000;
  const rawCpuSeconds = cpuSecondsSince(cpu);

  // Bodies read from the log by position when asked, as the server's message store does (compose-stores.ts).
  const replay = new LogReplay(log, new MemoryReadStore({ bodies: logMessageBodies(log) }));
  await replay.to(0); // loads the server's projections (their modules), which the timing leaves out
  cpu = process.cpuUsage();
  const { seconds: replaySeconds } = await replay.to();
  const replayCpuSeconds = cpuSecondsSince(cpu);
  let digestSeconds: number | null = null;
  if (process.argv.includes('--digest')) {
    started = performance.now();
    await readModelsDigest(replay.models);
    digestSeconds = (performance.now() - started) / 1000;
  }
  await log.close();
  process.stdout.write(JSON.stringify({ events, rawSeconds, replaySeconds, rawCpuSeconds, replayCpuSeconds, digestSeconds }));
}

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(String(error));
  process.exit(1);
});
