import { expect } from 'chai';
import { type WriterLease, WriterLeaseHeld } from '@chat/eventstore';

const never = (error: Error): void => {
  throw error;
};

/**
 * One writer per log: what every WriterLease adapter promises. `open` makes a lease on the same log
 * each time (two of them are two api processes); `dropHolders`, where the stand-in can, drops every
 * holder as a node restart would.
 */
export function writerLeaseContract(name: string, open: () => WriterLease, dropHolders?: () => void): void {
  describe(`WriterLease contract: ${name}`, function () {
    this.timeout(30_000);
    const opened: WriterLease[] = [];
    const lease = (): WriterLease => {
      const each = open();
      opened.push(each);
      return each;
    };
    afterEach(async function () {
      for (const each of opened.splice(0)) await each.release();
    });

    it('refuses a second process while the first holds the lease, naming where it is kept', async function () {
      await lease().acquire(0, never);
      const error = await lease().acquire(0, never).then(() => null, (reason: unknown) => reason);
      expect(error).to.be.instanceOf(WriterLeaseHeld);
      expect((error as Error).message).to.match(/another api process writes this log/);
    });

    it('lets a starting process take the lease once the holder stops (a rolling restart)', async function () {
      const first = lease();
      await first.acquire(0, never);
      const second = lease();
      const taking = second.acquire(10_000, never);
      setTimeout(() => void first.release(), 300);
      await taking;
      const third = await lease().acquire(0, never).then(() => null, (reason: unknown) => reason);
      expect(third).to.be.instanceOf(WriterLeaseHeld);
    });

    (dropHolders ? it : it.skip)('tells the holder when the lease is lost (the node restarted), and another may take it then', async function () {
      const lost: Error[] = [];
      await lease().acquire(0, (error) => lost.push(error));
      dropHolders?.();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lost).to.have.length(1);
      await lease().acquire(0, never);
    });
  });
}
