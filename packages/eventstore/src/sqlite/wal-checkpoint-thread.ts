import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * Copies the write-ahead logs of SQLite files into their databases (WAL checkpoints), in a thread of
 * its own (started by BackgroundCheckpoints). A checkpoint copies pages and syncs the database file:
 * when the writing connection ran it itself, every thousandth page made one commit take 5–15 ms, and
 * the server's thread and the deliveries waiting on that commit with it. PASSIVE never waits for the
 * writer or for readers: what it cannot copy yet, the next round does.
 */
const { files, everyMs } = workerData as { files: string[]; everyMs: number };
const connections = files.map((file) => new Database(file, { fileMustExist: true }));
const byFile = new Map(files.map((file, index) => [file, connections[index]]));

function checkpoint(): void {
  for (const db of connections) {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy (another checkpoint is running) or a passing I/O error: the next round tries again.
    }
  }
}

const timer = setInterval(checkpoint, everyMs);

/** A TRUNCATE checkpoint, waiting up to two seconds for readers and the writer to let it finish. */
function truncate(file: string): boolean {
  const db = byFile.get(file);
  if (!db) return false;
  try {
    db.pragma('busy_timeout = 2000');
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    return result?.busy === 0;
  } catch {
    return false;
  } finally {
    db.pragma('busy_timeout = 5000');
  }
}

parentPort?.on('message', (message: 'stop' | { truncate: string }) => {
  if (typeof message === 'object') {
    parentPort?.postMessage({ truncated: message.truncate, ok: truncate(message.truncate) });
    return;
  }
  if (message !== 'stop') return;
  clearInterval(timer);
  for (const db of connections) db.close();
  parentPort?.postMessage('stopped');
  parentPort?.close();
});
