import { Worker } from 'node:worker_threads';
import type { ExportJob, ExportThreadMessage } from './export-job.js';

const THREAD = new URL('./export-thread.mjs', import.meta.url);
/** Chunks the thread may prepare ahead of the client. */
const AHEAD = 2;

/**
 * The NDJSON of an export of a SQLite log, made by a worker thread with its own read-only connection:
 * reading, upcasting and serializing never run on the caller's thread. Chunks come as the consumer
 * asks for them (the thread works at most AHEAD chunks ahead). Throws what the thread failed with;
 * stopping early (return) ends the thread.
 */
export async function* exportInThread(job: ExportJob): AsyncIterable<Uint8Array> {
  const worker = new Worker(THREAD, { workerData: job });
  const arrived: ExportThreadMessage[] = [];
  let wake: (() => void) | null = null;
  const notify = (message: ExportThreadMessage): void => {
    arrived.push(message);
    wake?.();
  };
  worker.on('message', notify);
  worker.on('error', (error: Error) => notify({ error: error.message }));
  worker.on('exit', (code) => notify(code === 0 ? { done: true } : { error: `export thread exited with ${code}` }));
  try {
    for (let i = 0; i < AHEAD; i++) worker.postMessage('more');
    for (;;) {
      while (arrived.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = arrived.shift() as ExportThreadMessage;
      if ('error' in message) throw new Error(message.error);
      if ('done' in message) return;
      yield message.chunk;
      worker.postMessage('more');
    }
  } finally {
    await worker.terminate();
  }
}
