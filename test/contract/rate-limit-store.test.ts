import { expect } from 'chai';
import { configFromEnv } from '../../services/api/src/config.js';
import { type OpenRateLimits, openRateLimits } from '../../services/api/src/ops/rate-limits.js';
import { MONGO_URL, needsServer, runName } from '../support/production-stores.js';

/** Counting as the pipeline relies on: N hits pass, the next is refused with a wait, and reset forgets a key's count. */
function rateLimitContract(name: string, shared: boolean, open: () => Promise<[OpenRateLimits, OpenRateLimits]>): void {
  describe(`Rate-limit store contract: ${name}`, function () {
    this.timeout(20000);
    let first: OpenRateLimits;
    let second: OpenRateLimits;
    before(async () => {
      [first, second] = await open();
    });
    after(async () => {
      await first.close();
      await second.close();
    });

    it('lets N requests of a key through within the window, refuses the next with the wait, and keeps keys apart', async () => {
      const user = first.limits.user;
      if (!user) throw new Error('user limit off');
      const key = `k-${Date.now()}-${Math.random()}`;
      for (let i = 0; i < 3; i++) expect(await user.hit(key)).to.equal(null);
      const wait = await user.hit(key);
      expect(wait).to.be.a('number').within(1, 60_000);
      expect(await user.hit(`${key}-other`)).to.equal(null);
    });

    it('count says the limit, what is left and when the window starts over, and the wait once over it', async () => {
      const user = first.limits.user;
      if (!user) throw new Error('user limit off');
      const key = `c-${Date.now()}-${Math.random()}`;
      const counts = [];
      for (let i = 0; i < 4; i++) counts.push(await user.count(key));
      expect(counts.map((count) => [count.limit, count.remaining, count.waitMs === null])).to.deep.equal([[3, 2, true], [3, 1, true], [3, 0, true], [3, 0, false]]);
      for (const count of counts) expect(count.resetMs).to.be.within(1, 60_000);
      expect(counts[3].waitMs).to.equal(counts[3].resetMs);
    });

    it('forgets what a key counted on reset, and only that key', async () => {
      const auth = first.limits.auth;
      if (!auth) throw new Error('auth limit off');
      const key = `a-${Date.now()}-${Math.random()}`;
      const other = `${key}-other`;
      for (const counted of [key, key, other, other]) expect(await auth.hit(counted)).to.equal(null);
      expect(await auth.hit(key)).to.be.a('number').within(1, 600_000);
      await auth.reset(key);
      expect(await auth.hit(key)).to.equal(null);
      expect(await auth.hit(other)).to.be.a('number').within(1, 600_000);
    });

    it(shared ? 'shares counts between API processes (two instances)' : 'counts per process (two instances apart)', async () => {
      const [a, b] = [first.limits.ip, second.limits.ip];
      if (!a || !b) throw new Error('ip limit off');
      const key = `s-${Date.now()}-${Math.random()}`;
      for (let i = 0; i < 2; i++) expect(await a.hit(key)).to.equal(null);
      const other = await b.hit(key);
      if (shared) expect(other).to.be.a('number').above(0);
      else expect(other).to.equal(null);
    });
  });
}

const env = { CHAT_RATE_LIMIT_USER: '3/60', CHAT_RATE_LIMIT_IP: '2/60', CHAT_RATE_LIMIT_AUTH: '2/600' };

rateLimitContract('memory', false, async () => {
  const config = configFromEnv(env);
  return [await openRateLimits(config), await openRateLimits(config)];
});

describe('Rate limits with MongoDB unreachable', function () {
  it('answers a count within about a second, in the process, and the next ones at once (no 30 s wait per request)', async function () {
    // Nothing listens on port 9 here: every connection attempt is refused, as while MongoDB is down.
    const config = configFromEnv({ ...env, MONGO_URL: 'mongodb://127.0.0.1:9/?directConnection=true', CHAT_RATE_LIMIT_STORE: 'mongodb' });
    const started = performance.now();
    const open = await openRateLimits(config);
    try {
      const user = open.limits.user;
      if (!user) throw new Error('user limit off');
      const key = `down-${Date.now()}`;
      expect(await user.hit(key)).to.equal(null);
      expect(performance.now() - started).to.be.below(5_000);
      const next = performance.now();
      expect(await user.hit(key)).to.equal(null);
      expect(await user.hit(key)).to.equal(null);
      expect(await user.hit(key)).to.be.a('number').above(0);
      expect(performance.now() - next).to.be.below(500);
    } finally {
      await open.close();
    }
  });
});

const mongoUrl = MONGO_URL;
if (mongoUrl) {
  rateLimitContract('mongodb', true, async () => {
    const config = configFromEnv({ ...env, MONGO_URL: mongoUrl, CHAT_RATE_LIMIT_STORE: 'mongodb', MONGO_DB_PREFIX: runName('contract') });
    return [await openRateLimits(config), await openRateLimits(config)];
  });
} else {
  needsServer('Rate-limit store contract: mongodb', 'MONGO_URL');
}
