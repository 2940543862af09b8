import { expect } from 'chai';
import { pino } from 'pino';
import { ManualClock } from '@chat/core';
import type { ScheduledJob } from '@chat/projections';
import { MemoryReadStore } from '@chat/readstore';
import { configFromEnv } from '../../../services/api/src/config.js';
import type { JobHandler, PeriodicTask, SchedulerHost } from '../../../services/api/src/scheduler/job-handler.js';
import { Scheduler } from '../../../services/api/src/scheduler/scheduler.js';

const T0 = Date.UTC(2026, 0, 1);

function host(): SchedulerHost & { clock: ManualClock } {
  return {
    clock: new ManualClock(T0),
    config: configFromEnv({ CHAT_QUEUE_IDLE_MS: '30000' }),
    log: pino({ level: 'silent' }),
    models: { scheduledJobs: new MemoryReadStore().collection<ScheduledJob>({ name: 'scheduled_jobs', fields: ['kind'] }) },
  };
}

/** A handler that records what it ran and, like a real one, removes its job (the projection would). */
function recorder(kind: string, delayMs: number, ran: string[], fail = new Set<string>()): JobHandler<SchedulerHost> {
  return {
    kind,
    delayMs: () => delayMs,
    run: async (ctx, job) => {
      if (fail.has(job.key)) throw new Error(`${job.key} broke`);
      ran.push(job.key);
      await ctx.models.scheduledJobs.delete(job.key, 0);
    },
  };
}

const job = (key: string, kind: string, from: number): ScheduledJob => ({ key, kind, from, subject: { id: key } });

describe('scheduler', function () {
  it('runs each job once its kind\'s delay after `from` has passed, oldest first, and counts them', async function () {
    const ctx = host();
    const ran: string[] = [];
    for (const [key, kind, from] of [['a:2', 'a', T0 + 20], ['a:1', 'a', T0 + 10], ['b:1', 'b', T0]] as const) {
      await ctx.models.scheduledJobs.put(key, job(key, kind, from), 1);
    }
    const scheduler = new Scheduler(() => ctx, [recorder('a', 0, ran), recorder('b', 1000, ran)], [], T0);
    expect(await scheduler.runDue()).to.equal(0);
    ctx.clock.advance(20);
    expect(await scheduler.runDue()).to.equal(2);
    expect(ran).to.deep.equal(['a:1', 'a:2']);
    ctx.clock.advance(979);
    expect(await scheduler.runDue()).to.equal(0);
    ctx.clock.advance(1);
    expect(await scheduler.runDue()).to.equal(1);
    expect(ran).to.deep.equal(['a:1', 'a:2', 'b:1']);
  });

  it('leaves a job whose kind no handler knows', async function () {
    const ctx = host();
    await ctx.models.scheduledJobs.put('x:1', job('x:1', 'x', T0), 1);
    expect(await new Scheduler(() => ctx, [], [], T0).runDue()).to.equal(0);
    expect(await ctx.models.scheduledJobs.get('x:1')).to.not.equal(undefined);
  });

  it('logs a failing job, runs the others, and retries it at the next run', async function () {
    const ctx = host();
    const ran: string[] = [];
    const fail = new Set(['a:1']);
    await ctx.models.scheduledJobs.put('a:1', job('a:1', 'a', T0), 1);
    await ctx.models.scheduledJobs.put('a:2', job('a:2', 'a', T0), 1);
    const scheduler = new Scheduler(() => ctx, [recorder('a', 0, ran, fail)], [], T0);
    expect(await scheduler.runDue()).to.equal(1);
    expect(ran).to.deep.equal(['a:2']);
    fail.clear();
    expect(await scheduler.runDue()).to.equal(1);
    expect(ran).to.deep.equal(['a:2', 'a:1']);
  });

  it('runs periodic tasks every interval from the start, without counting them, and survives their failures', async function () {
    const ctx = host();
    let sweeps = 0;
    const sweep: PeriodicTask<SchedulerHost> = { name: 'sweep', everyMs: (config) => config.queueIdleMs, run: async () => void (sweeps += 1) };
    const broken: PeriodicTask<SchedulerHost> = { name: 'broken', everyMs: () => 1, run: async () => Promise.reject(new Error('no')) };
    const scheduler = new Scheduler(() => ctx, [], [broken, sweep], T0);
    const clock = ctx.clock;
    clock.advance(29_999);
    expect(await scheduler.runDue()).to.equal(0);
    expect(sweeps).to.equal(0);
    clock.advance(1);
    await scheduler.runDue();
    await scheduler.runDue();
    expect(sweeps).to.equal(1);
    clock.advance(30_000);
    await scheduler.runDue();
    expect(sweeps).to.equal(2);
  });

  it('runs a task marked atStart at the first run, then every interval from there', async function () {
    const ctx = host();
    const runs: number[] = [];
    const hourly: PeriodicTask<SchedulerHost> = { name: 'hourly', everyMs: () => 3_600_000, atStart: true, run: async (c) => void runs.push(c.clock.now() - T0) };
    const scheduler = new Scheduler(() => ctx, [], [hourly], T0);
    await scheduler.runDue();
    ctx.clock.advance(3_599_999);
    await scheduler.runDue();
    ctx.clock.advance(1);
    await scheduler.runDue();
    expect(runs).to.deep.equal([0, 3_600_000]);
  });
});
