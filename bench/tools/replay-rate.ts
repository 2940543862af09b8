import { join } from 'node:path';
import { EventSchemaRegistry, SqliteEventStore, ValidatingEventStore } from '@chat/eventstore';
import { allProjections, openReadModels, ProjectionRunner } from '@chat/projections';
import { MemoryReadStore } from '@chat/readstore';

/**
 * Reads a data directory's log twice: raw (every event decoded, nothing applied), then through every
 * read-model projection into fresh memory models, as a start-up does. Prints both rates as JSON.
 */
async function main(dataDir: string): Promise<void> {
  const raw = new SqliteEventStore(join(dataDir, 'events.sqlite3'));
  let started = performance.now();
  let events = 0;
  for await (const event of raw.readAll()) if (event.position > 0) events++;
  const rawSeconds = (performance.now() - started) / 1000;

  const store = new ValidatingEventStore(raw, new EventSchemaRegistry());
  const readStore = new MemoryReadStore();
  const runner = new ProjectionRunner(store, allProjections(openReadModels(readStore)), readStore.checkpoints, {
    onError: (error) => {
      throw error;
    },
  });
  started = performance.now();
  await runner.start();
  await runner.waitFor(await store.headPosition());
  const replaySeconds = (performance.now() - started) / 1000;
  await runner.stop();
  await raw.close();
  process.stdout.write(JSON.stringify({ events, rawSeconds, replaySeconds }));
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(String(error));
  process.exit(1);
});
