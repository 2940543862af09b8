import { type EventLogReader, type ExportFilter, type ExportLineOptions, followEvents, ndjsonLine } from '@chat/eventstore';
import type { NdjsonOutput } from './ndjson-output.js';

/**
 * Tails the log after `afterPosition`, writing each kept event as it lands, until SIGINT or SIGTERM,
 * the reader of the output goes away, or the filter's to-position is passed. Resolves to the number
 * of lines written.
 */
export async function followUntilStopped(
  reader: EventLogReader,
  afterPosition: number,
  filter: ExportFilter,
  out: NdjsonOutput,
  lineOptions: ExportLineOptions = {},
): Promise<number> {
  let written = 0;
  let pending = Promise.resolve();
  let finish: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const unsubscribe = followEvents(reader, afterPosition, filter, (event) => {
    pending = pending.then(() => out.write(ndjsonLine(event, lineOptions))).then(() => {
      written += 1;
    });
    if (filter.toPosition !== undefined && event.position >= filter.toPosition) finish();
  });
  const signals = ['SIGINT', 'SIGTERM'] as const;
  for (const signal of signals) process.once(signal, finish);
  try {
    await Promise.race([stopped, out.failed]);
    await pending;
  } finally {
    unsubscribe();
    for (const signal of signals) process.off(signal, finish);
  }
  return written;
}
