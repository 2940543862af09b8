import { expect } from 'chai';
import { type QueueStartDeps, startQueueAtSnapshot } from '../../../services/api/src/register/queue-start.js';

/** A runner at `position` whose log head moves as `heads` says, one value per read of the head. */
function scripted(position: number, heads: number[], shared: boolean): QueueStartDeps & { waited: number[] } {
  const waited: number[] = [];
  let runnerAt = position;
  return {
    waited,
    sharedReadModels: shared,
    store: { headPosition: async () => heads.shift() ?? runnerAt },
    runner: {
      waitFor: async (target: number) => {
        waited.push(target);
        runnerAt = Math.max(runnerAt, target);
      },
      exclusive: async <T>(read: (at: number) => Promise<T>) => read(runnerAt),
    },
  };
}

describe('the queue start position (register)', () => {
  it('with models of this process only: one queue, one snapshot at the runner position, no look at the log', async () => {
    const deps = scripted(7, [99], false);
    const opened: number[] = [];
    const start = await startQueueAtSnapshot(deps, async () => opened.push(opened.length) - 1, async () => {}, async (queue) => `snapshot of ${queue}`);
    expect(start).to.deep.equal({ queue: 0, snapshot: 'snapshot of 0', position: 7, exact: true, attempts: 1 });
    expect(deps.waited).to.deep.equal([]);
  });

  it('with shared models: catches up with the log head first, and keeps a snapshot the log did not move under', async () => {
    const deps = scripted(7, [9, 9], true);
    const start = await startQueueAtSnapshot(deps, async () => 'q', async () => {}, async () => 's');
    expect(deps.waited).to.deep.equal([9]);
    expect(start).to.deep.include({ position: 9, exact: true, attempts: 1 });
  });

  it('drops the queue of a snapshot the log moved under and starts again from the new head', async () => {
    // Head 9 before, 10 after the first snapshot (moved); 10 before and after the second.
    const deps = scripted(9, [9, 10, 10, 10], true);
    const dropped: string[] = [];
    let opened = 0;
    const start = await startQueueAtSnapshot(deps, async () => `q${(opened += 1)}`, async (queue) => void dropped.push(queue), async (queue) => `s-${queue}`);
    expect(dropped).to.deep.equal(['q1']);
    expect(start).to.deep.equal({ queue: 'q2', snapshot: 's-q2', position: 10, exact: true, attempts: 2 });
  });

  it('on a log that moves under every snapshot, keeps the last attempt and says it is not exact', async () => {
    const deps = scripted(1, [1, 2, 2, 3, 3, 4], true);
    const dropped: string[] = [];
    let opened = 0;
    const start = await startQueueAtSnapshot(deps, async () => `q${(opened += 1)}`, async (queue) => void dropped.push(queue), async () => 's', 3);
    expect(dropped).to.deep.equal(['q1', 'q2']);
    expect(start).to.deep.include({ queue: 'q3', position: 3, exact: false, attempts: 3 });
  });
});
