import { expect } from 'chai';
import { pino } from 'pino';
import type { ReadModelSnapshots } from '@chat/projections';
import { SnapshotSchedule } from '../../../services/api/src/ops/snapshot-schedule.js';

/** A runner on EventStoreDB: each event moves the position by its size in bytes, not by one. */
class ByteOffsetRunner {
  position = 0;
  applied = 0;
  apply(events: number): void {
    for (let i = 0; i < events; i += 1) {
      this.position += 731;
      this.applied += 1;
    }
  }
  exclusive<T>(read: (position: number) => Promise<T>): Promise<T> {
    return read(this.position);
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('SnapshotSchedule counts events, not positions', function () {
  it('writes a snapshot every N applied events, whatever the positions between them', async function () {
    const runner = new ByteOffsetRunner();
    const saved: number[] = [];
    const snapshots = { save: async (take: (read: (position: number) => Promise<number>) => Promise<number>) => ({ position: await take(async (p) => (saved.push(p), p)), bytes: 1 }) };
    const schedule = new SnapshotSchedule(snapshots as unknown as ReadModelSnapshots, runner, pino({ level: 'silent' }), 0, { every: 10, checkMs: 5 }, { failed: () => false, wrote: () => undefined, full: () => [] });
    schedule.start();
    runner.apply(9);
    await tick();
    expect(saved).to.deep.equal([]);
    runner.apply(1);
    await tick();
    expect(saved).to.deep.equal([10 * 731]);
    runner.apply(5);
    await tick();
    expect(saved).to.have.length(1);
    await schedule.close();
    expect(saved).to.deep.equal([10 * 731, 15 * 731]);
  });
});
