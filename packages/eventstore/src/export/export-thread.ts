import { parentPort, workerData } from 'node:worker_threads';
import { ReadOnlySqliteLog } from '../reading/readonly-sqlite-log.js';
import { allUpcasters } from '../upcasting/all-upcasters.js';
import { UpcastingLogReader } from '../upcasting/upcasting-event-store.js';
import { exportEvents } from './export-events.js';
import type { ExportJob, ExportThreadMessage } from './export-job.js';
import { ndjsonLine } from './export-line.js';

/** Lines are sent in chunks of about this many characters. */
const CHUNK_CHARS = 256 * 1024;

/**
 * An export thread: reads the log through its own read-only connection, writes the NDJSON lines and
 * hands them to the main thread in chunks, one chunk per credit the main thread gives (it gives one
 * each time the client took a chunk), so a slow client holds the thread, not memory.
 */
const port = parentPort;
if (!port) throw new Error('export-thread runs as a worker thread');
const job = workerData as ExportJob;
let credits = 0;
let wake: (() => void) | null = null;
port.on('message', () => {
  credits++;
  wake?.();
});

const post = (message: ExportThreadMessage, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

async function send(text: string): Promise<void> {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
  credits--;
  const chunk = new TextEncoder().encode(text);
  post({ chunk }, [chunk.buffer as ArrayBuffer]);
}

async function run(): Promise<void> {
  const log = new ReadOnlySqliteLog(job.file);
  try {
    const reader = job.original ? log : new UpcastingLogReader(log, allUpcasters());
    let text = '';
    for await (const event of exportEvents(reader, job.filter, job.head)) {
      text += ndjsonLine(event, { includeSecrets: job.includeSecrets });
      if (text.length < CHUNK_CHARS) continue;
      await send(text);
      text = '';
    }
    if (text !== '') await send(text);
    post({ done: true });
  } finally {
    await log.close();
  }
}

run().catch((error: unknown) => post({ error: error instanceof Error ? error.message : String(error) }));
