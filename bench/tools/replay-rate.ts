import { openLogReader } from '../../tools/events/open-log.js';
import { readModelsDigest } from '@chat/projections';
import { MemoryReadStore } from '@chat/readstore';
import { LogReplay } from '../../tools/events/replay/replay-log.js';

/**
 * Reads a data directory's log twice: raw (every event decoded, sealed values made readable but not
 * decrypted, nothing applied), then through every
 * read-model projection into fresh memory models, as `npm run events -- replay` (and a start-up) does.
 * Prints both rates as JSON; with `--digest`, also the time the canonical digest of the rebuilt models took.
 */
async function main(dataDir: string): Promise<void> {
  // As the history tools read it: with its key store, events in their stored versions as a start-up applies them.
  const log = await openLogReader({ 'data-dir': dataDir }, {}, { original: true });
  let started = performance.now();
  let events = 0;
  for await (const event of log.readAll()) if (event.position > 0) events++;
  const rawSeconds = (performance.now() - started) / 1000;

  const replay = new LogReplay(log, new MemoryReadStore());
  const { seconds: replaySeconds } = await replay.to();
  let digestSeconds: number | null = null;
  if (process.argv.includes('--digest')) {
    started = performance.now();
    await readModelsDigest(replay.models);
    digestSeconds = (performance.now() - started) / 1000;
  }
  await log.close();
  process.stdout.write(JSON.stringify({ events, rawSeconds, replaySeconds, digestSeconds }));
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(String(error));
  process.exit(1);
});
