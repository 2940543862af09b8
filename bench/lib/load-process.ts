import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadTask } from './load-tasks.js';

const WORKER = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

export interface RunningLoad<R> {
  /** Resolves when the worker reports its connections in place (poll tasks), or at once for others. */
  ready: Promise<void>;
  result: Promise<R>;
}

/** Runs a load task in a separate Node process and returns its result. */
export function runLoad<R>(task: LoadTask): RunningLoad<R> {
  const child = fork(WORKER, [], { execArgv: ['--import', 'tsx', '--max-old-space-size=4096'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  if (task.kind !== 'poll') markReady();
  const result = new Promise<R>((resolve, reject) => {
    child.on('message', (message: { ready?: boolean; result?: R; error?: string }) => {
      if (message.ready) markReady();
      else if (message.error !== undefined) reject(new Error(message.error));
      else if (message.result !== undefined) resolve(message.result);
    });
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
  child.send(task);
  return { ready, result };
}
