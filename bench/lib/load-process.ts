import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadTask } from './load-tasks.js';

const WORKER = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

export interface RunningLoad<R> {
  /** Resolves when the worker reports its connections in place (poll tasks), or at once for others. */
  ready: Promise<void>;
  result: Promise<R>;
  /** Asks the task to finish now (a poll task then answers with what arrived so far). */
  stop(): void;
}

/** Runs a load task in a separate Node process and returns its result. */
export function runLoad<R>(task: LoadTask): RunningLoad<R> {
  const child = fork(WORKER, [], { execArgv: ['--import', 'tsx', '--max-old-space-size=4096'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let markReady: () => void = () => {};
  let failReady: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  if (task.kind !== 'poll') markReady();
  const result = new Promise<R>((resolve, reject) => {
    const fail = (error: Error): void => {
      // A worker that fails before it is ready must not leave its caller waiting for `ready`.
      failReady(error);
      reject(error);
    };
    child.on('message', (message: { ready?: boolean; result?: R; error?: string }) => {
      if (message.ready) markReady();
      else if (message.error !== undefined) fail(new Error(`load worker: ${message.error}`));
      else if (message.result !== undefined) {
        failReady(new Error('load worker finished before it was ready'));
        resolve(message.result);
      }
    });
    child.on('exit', (code) => fail(new Error(`load worker exited with ${code}`)));
  });
  // Settling `ready` after it resolved is a no-op; a rejection nobody awaits must not crash the run.
  ready.catch(() => {});
  child.send(task);
  const stop = (): void => {
    if (child.connected) child.send({ stop: true });
  };
  return { ready, result, stop };
}
