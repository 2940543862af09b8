import { parentPort, workerData } from 'node:worker_threads';
import { readSnapshotFile } from './snapshot-file.js';

/**
 * Reads and checks a read-models snapshot file in a worker thread (started by `prefetchSnapshot`), then
 * hands the result to the thread that started it, its arrays transferred rather than copied. Any
 * version is read: the starter checks the version it runs.
 */
const read = readSnapshotFile(String(workerData), null);
parentPort?.postMessage(read, read.ok ? [...read.arrays.values()].map((each) => each.array.buffer as ArrayBuffer) : []);
