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

parentPort?.on('message', (message: 'stop') => {
  if (message !== 'stop') return;
  clearInterval(timer);
  for (const db of connections) db.close();
  parentPort?.postMessage('stopped');
  parentPort?.close();
});
