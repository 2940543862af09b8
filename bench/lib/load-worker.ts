import { closedLoop, type LoadTask, paced, poll } from './load-tasks.js';
import { heavy, timed } from './neighbour-tasks.js';

/**
 * A load generator in its own process (so it never shares a CPU queue with what it measures): takes
 * one task over IPC, answers `ready` when its connections are in place, then the result; a `stop`
 * message ends a poll task early.
 */
process.once('message', (task: LoadTask) => {
  // A later message asks a task that runs until told (pollers) to finish now.
  const stop = new AbortController();
  process.on('message', (message: { stop?: boolean }) => {
    if (message.stop) stop.abort();
  });
  const reply = (message: unknown): void => {
    process.send?.(message);
  };
  // A large result (tens of thousands of latencies) is still being written when send() returns:
  // disconnecting at once could drop it, so the channel closes once it has been written.
  const finalReply = (message: unknown): void => {
    process.send?.(message, undefined, {}, () => process.disconnect?.());
  };
  const run = async (): Promise<unknown> => {
    switch (task.kind) {
      case 'closed-loop':
        return closedLoop(task);
      case 'poll':
        return poll(task, () => reply({ ready: true }), stop.signal);
      case 'paced':
        return paced(task);
      case 'timed':
        return timed(task);
      case 'heavy':
        return heavy(task);
    }
  };
  run().then(
    (result) => finalReply({ result }),
    (error: unknown) => finalReply({ error: String(error) }),
  );
});
