import { expect } from 'chai';
import { pino } from 'pino';
import { ConfigError, configFromEnv } from '../../../services/api/src/config.js';
import { startSchedulerTimer } from '../../../services/api/src/scheduler/scheduler-timer.js';

const silent = pino({ level: 'silent' });
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('scheduler timer and CHAT_SCHEDULER_TICK_MS', function () {
  it('ticks every second by default; 0 turns the timer off; anything else is refused by name', function () {
    expect(configFromEnv({}).schedulerTickMs).to.equal(1000);
    expect(configFromEnv({ CHAT_SCHEDULER_TICK_MS: '0' }).schedulerTickMs).to.equal(0);
    expect(() => configFromEnv({ CHAT_SCHEDULER_TICK_MS: '-1' })).to.throw(ConfigError, 'CHAT_SCHEDULER_TICK_MS must be an integer');
    expect(() => configFromEnv({ CHAT_SCHEDULER_TICK_MS: 'soon' })).to.throw(ConfigError, 'CHAT_SCHEDULER_TICK_MS must be an integer');
  });

  it('never overlaps runs, and stopping waits for the run in progress', async function () {
    let running = 0;
    let overlapped = false;
    let finished = 0;
    const scheduler = {
      runDue: async () => {
        running += 1;
        overlapped ||= running > 1;
        await sleep(25);
        running -= 1;
        finished += 1;
        return 0;
      },
    };
    const stop = startSchedulerTimer(scheduler, 5, silent);
    await sleep(60);
    await stop();
    expect(overlapped).to.equal(false);
    expect(running).to.equal(0);
    expect(finished).to.be.greaterThan(0);
    const after = finished;
    await sleep(30);
    expect(finished).to.equal(after);
  });

  it('does nothing with a tick of 0', async function () {
    let runs = 0;
    const stop = startSchedulerTimer({ runDue: async () => (runs += 1) }, 0, silent);
    await sleep(20);
    await stop();
    expect(runs).to.equal(0);
  });
});
