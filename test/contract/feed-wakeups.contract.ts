import { expect } from 'chai';
import type { RealtimeStores } from '@chat/realtime';

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms))]);

/**
 * What every FeedWakeups adapter promises. `openPair` gives two handles on the same stores, as two
 * processes have: an append made through one must wake a listener of the other.
 */
export function feedWakeupsContract(
  name: string,
  openPair: () => Promise<readonly [RealtimeStores, RealtimeStores]>,
  cleanup?: () => Promise<void>,
): void {
  describe(`FeedWakeups contract: ${name}`, function () {
    let here: RealtimeStores;
    let there: RealtimeStores;

    beforeEach(async function () {
      [here, there] = await openPair();
    });
    afterEach(async function () {
      await here.close();
      if (there !== here) await there.close();
    });
    after(async () => cleanup?.());

    it('announce reaches every listener of this process and resolves once they are done', async function () {
      const heard: string[] = [];
      here.wakeups.listen(async (userIds) => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        heard.push(`first ${userIds.join(',')}`);
      }, () => []);
      here.wakeups.listen(async (userIds) => {
        heard.push(`second ${userIds.join(',')}`);
      }, () => []);
      await here.wakeups.announce([7, 8]);
      expect(heard.sort()).to.deep.equal(['first 7,8', 'second 7,8']);
    });

    it('a listener that stopped hears nothing', async function () {
      const heard: number[] = [];
      const stop = here.wakeups.listen(async (userIds) => {
        heard.push(...userIds);
      }, () => []);
      stop();
      await here.wakeups.announce([7]);
      expect(heard).to.deep.equal([]);
    });

    it('an append made through the other handle wakes a listener watching its user', async function () {
      let woken: () => void = () => {};
      const heard = new Promise<void>((resolve) => (woken = resolve));
      here.wakeups.listen(async (userIds) => {
        if (userIds.includes(7)) woken();
      }, () => [7]);
      let appending = true;
      // A change stream opens asynchronously: keep appending until one is heard.
      const appends = (async () => {
        while (appending) {
          await there.feeds.append([{ userIds: [7], item: { event: { type: 'custom' } } }]);
          await there.wakeups.announce([7]);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      try {
        await within(heard, 5_000, 'a wake-up');
      } finally {
        appending = false;
        await appends;
      }
    });
  });
}
