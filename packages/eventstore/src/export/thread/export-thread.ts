import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { EventLogReader } from '../../reading/event-log-reader.js';
import { type LogLocation, openLogReader } from '../../reading/log-location.js';
import { allUpcasters } from '../../upcasting/all-upcasters.js';
import { UpcastingLogReader } from '../../upcasting/upcasting-event-store.js';
import { ReadOnlySqliteLog } from '../../reading/readonly-sqlite-log.js';
import { UnsealingLogReader } from '../../sealing/unsealing-log-reader.js';
import { exportEvents } from '../export-events.js';
import { exportRowLines } from '../export-rows.js';
import { ndjsonLine } from '../export-line.js';
import type { ExportRequest, FromExportThread, ToExportThread } from './export-thread-protocol.js';

/**
 * The export thread (started by LogExportThread): reads the log with a connection of its own and
 * turns its events into NDJSON, so a whole-log export costs the server's event loop only the writes
 * of finished chunks. Each job sends a chunk only against credit, one credit per chunk the server
 * wrote out, so a client that reads slowly stops the reading here too.
 */

/** Lines are sent in chunks of about this many characters. */
const CHUNK_CHARS = 128 * 1024;
/**
 * The thread's nice value: an export is bulk work, so when the server's own thread (requests,
 * deliveries) and the export both want a core, the server's goes first. On Linux the nice value is
 * the thread's own; where the system refuses, the thread runs at the process's priority.
 */
const EXPORT_NICE = 10;

try {
  setPriority(0, EXPORT_NICE);
} catch {
  // Not allowed here: the export still runs, at the same priority as everything else.
}

const port = parentPort;
if (!port) throw new Error('export-thread.ts runs as a worker thread');
const post = (message: FromExportThread, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

/** The log the thread exports (from LogExportThread), opened at the first export and kept for later ones. */
const location = workerData as LogLocation;
let opened: Promise<EventLogReader> | null = null;
function logReader(): Promise<EventLogReader> {
  if (!opened) {
    opened = openLogReader(location);
    // A log that could not be opened is tried again by the next export.
    opened.catch(() => (opened = null));
  }
  return opened;
}

class Job {
  private credit: number;
  private wake: (() => void) | null = null;
  cancelled = false;

  constructor(
    readonly id: number,
    credit: number,
  ) {
    this.credit = credit;
  }

  grant(): void {
    this.credit++;
    this.resume();
  }

  cancel(): void {
    this.cancelled = true;
    this.resume();
  }

  /** Sends a chunk once there is credit for it; false when the job was cancelled meanwhile. */
  async send(text: string): Promise<boolean> {
    while (this.credit === 0 && !this.cancelled) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.cancelled) return false;
    this.credit--;
    const bytes = new TextEncoder().encode(text).buffer as ArrayBuffer;
    post({ type: 'chunk', job: this.id, bytes }, [bytes]);
    return true;
  }

  private resume(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

const jobs = new Map<number, Job>();

/** The export's lines: from the rows' text for a SQLite log, from its events for any other. */
async function* linesOf(log: EventLogReader, request: ExportRequest, head: number): AsyncIterable<string> {
  const upcasters = request.original ? null : allUpcasters();
  const keys = log instanceof UnsealingLogReader ? log.keys : null;
  const rows = log instanceof UnsealingLogReader ? log.inner : log;
  if (rows instanceof ReadOnlySqliteLog) {
    // Keys as they stand once the head is known: whatever was forgotten before the export started stays so.
    await keys?.refresh();
    yield* exportRowLines(rows, request.filter, head, upcasters, request.lines, () => keys?.ring ?? null);
    return;
  }
  const reader = upcasters ? new UpcastingLogReader(log, upcasters) : log;
  for await (const event of exportEvents(reader, request.filter, head)) yield ndjsonLine(event, request.lines);
}

async function run(job: Job, request: ExportRequest): Promise<void> {
  const log = await logReader();
  // Bounded by the head when the export starts, so appends racing it do not make it endless.
  const head = await log.headPosition();
  let chunk = '';
  for await (const line of linesOf(log, request, head)) {
    if (job.cancelled) return;
    chunk += line;
    if (chunk.length < CHUNK_CHARS) continue;
    if (!(await job.send(chunk))) return;
    chunk = '';
    // Between chunks the keys are looked at again: a deletion answered meanwhile reaches the rest.
    if (log instanceof UnsealingLogReader) await log.keys.refresh();
  }
  if (chunk !== '' && !(await job.send(chunk))) return;
  post({ type: 'end', job: job.id });
}

port.on('message', (message: ToExportThread) => {
  switch (message.type) {
    case 'start': {
      const job = new Job(message.job, message.credit);
      jobs.set(job.id, job);
      run(job, message.request)
        .catch((error: unknown) => post({ type: 'failed', job: job.id, message: error instanceof Error ? error.message : String(error) }))
        .finally(() => jobs.delete(job.id));
      return;
    }
    case 'credit':
      jobs.get(message.job)?.grant();
      return;
    case 'cancel':
      jobs.get(message.job)?.cancel();
      return;
  }
});
