import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { authOf, ChatApi, ownerAuth } from '../lib/chat-api.js';
import { freePort } from '../lib/free-port.js';
import { runLoad } from '../lib/load-process.js';
import type { PollResult } from '../lib/load-tasks.js';
import type { TimedResult } from '../lib/neighbour-tasks.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { ROOT, startChatServer } from '../lib/server-process.js';
import { median, quantile, round } from '../lib/stats.js';
import { copyOf, removeDir, type SeededOrg } from '../seed/seeded-org.js';

/**
 * The target: each probe's p99 while the sweep runs at most this many times its p99 on the same server
 * just before the sweep (as noisy_neighbour's; see docs/topics/benchmark.md, "Targets against same-run
 * baselines"). The absolute figures stay beside it in the results.
 */
export const RETENTION_RATIO_TARGET = 4;
const PROBE_RATE = 50;
const SEND_RATE = 20;
const WARM_UP_SECONDS = 2;
const DAY_MS = 86_400_000;
/** One channel in ten keeps its messages a day: a tenth of the organization's messages expire. */
const EXPIRING_EVERY = 10;
const RETENTION_RUNS = 1;

/**
 * The server's clock two days ahead (the test-only module test/support/clock-shift.mjs moves Date.now):
 * the seeded messages, sent when the organization was generated, are then more than a day old whenever
 * the cache was made, and nothing in the product is set for the benchmark.
 */
const twoDaysAhead = (): NodeJS.ProcessEnv => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(join(ROOT, 'test/support/clock-shift.mjs')).href}`.trim(),
  CHAT_TEST_CLOCK_SHIFT_MS: String(2 * DAY_MS),
});

interface SweepAnswer {
  sweep_id: number;
  running: boolean;
  complete: boolean;
  messages_deleted: number;
  batches: number;
  error: string | null;
}

/** Runs the sweep through the operators' endpoint and follows it to its end (as `npm run events -- retention` does). */
async function runSweep(api: ChatApi, owner: string): Promise<{ answer: SweepAnswer; startedAt: number; endedAt: number }> {
  const startedAt = Date.now();
  let answer: SweepAnswer | null = null;
  do {
    const params: Record<string, string> = answer ? { sweep_id: String(answer.sweep_id) } : {};
    const res = await api.http.request({ method: 'POST', path: '/api/v1/ops/retention_sweep', params, auth: owner });
    if (res.status !== 200) throw new Error(`retention_sweep: ${res.status} ${res.body.slice(0, 200)}`);
    answer = JSON.parse(res.body) as SweepAnswer;
  } while (answer.running);
  return { answer, startedAt, endedAt: Date.now() };
}

interface RunNumbers {
  expired: number;
  deleted: number;
  batches: number;
  sweepSeconds: number;
  rate: number;
  probeP99: number;
  deliveryP99: number;
  /** The same probes' p99 over what was sent in the quiet window before the sweep (the baseline). */
  probeQuietP99: number;
  deliveryQuietP99: number;
  probes: number;
  deliveries: number;
  failed: number;
}

/** The latencies of what was sent while the sweep ran. */
const during = (latencies: number[], sentAt: number[], from: number, to: number): number[] => latencies.filter((_, i) => sentAt[i] >= from && sentAt[i] <= to);

/** One run on a private copy: a tenth of the channels set to keep a day, then the sweep beside timed clients. */
async function measure(seedDir: string, org: SeededOrg, loadSeconds: number, quietSeconds: number): Promise<RunNumbers> {
  const dataDir = copyOf(seedDir);
  const server = await startChatServer(dataDir, await freePort(), twoDaysAhead());
  const api = new ChatApi(server.url);
  try {
    const owner = await ownerAuth(api, org);
    const expiring = org.channels.filter((_, index) => index % EXPIRING_EVERY === EXPIRING_EVERY - 1);
    // Seeded message m went to channel m mod channels (their creation notices, if any, expire too).
    const perChannel = (index: number) => Math.floor(org.size.messages / org.channels.length) + (index < org.size.messages % org.channels.length ? 1 : 0);
    const expired = expiring.reduce((sum, channel) => sum + perChannel(org.channels.indexOf(channel)), 0);
    const watched = org.channels[0];
    const members = org.users.filter((user) => watched.subscribers.includes(user.id));
    const pollers = await api.queues(members);
    const totalMs = (WARM_UP_SECONDS + quietSeconds + loadSeconds) * 1000;
    const polling = runLoad<PollResult>({ kind: 'poll', url: server.url, users: pollers, durationMs: totalMs + 3000, expectMessages: 0 });
    await polling.ready;
    const sending = runLoad<{ sent: number; failed: number }>({
      kind: 'paced',
      url: server.url,
      rate: SEND_RATE,
      durationMs: totalMs,
      unstampedMs: WARM_UP_SECONDS * 1000,
      request: { method: 'POST', path: '/api/v1/messages', params: { type: 'stream', to: watched.name, topic: 'beside the sweep', content: 'Delivery probe' }, auth: authOf(members[0]) },
    });
    const probing = runLoad<TimedResult>({
      kind: 'timed',
      url: server.url,
      rate: PROBE_RATE,
      durationMs: totalMs,
      requests: org.users.slice(100, 110).map((user) => ({ method: 'GET', path: '/api/v1/users/me', auth: authOf(user) })),
    });
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_SECONDS * 1000));
    const quietFrom = Date.now();
    await new Promise((resolve) => setTimeout(resolve, quietSeconds * 1000));
    const quietTo = Date.now();
    // Retention is set only now: the scheduler's own sweep at start (in the quiet window) finds nothing to expire.
    for (const channel of expiring) {
      const res = await api.http.request({ method: 'PATCH', path: `/api/v1/streams/${channel.id}`, params: { message_retention_days: '1' }, auth: owner });
      if (res.status !== 200) throw new Error(`PATCH /streams/${channel.id}: ${res.status} ${res.body.slice(0, 200)}`);
    }
    const sweep = await runSweep(api, owner);
    const [probes, sent] = await Promise.all([probing.result, sending.result]);
    const delivered = await polling.result;
    const seconds = (sweep.endedAt - sweep.startedAt) / 1000;
    const probeLatencies = during(probes.latenciesMs, probes.sentAt, sweep.startedAt, sweep.endedAt);
    const deliveryLatencies = during(delivered.latenciesMs, delivered.sentAt, sweep.startedAt, sweep.endedAt);
    const probeQuiet = during(probes.latenciesMs, probes.sentAt, quietFrom, quietTo);
    const deliveryQuiet = during(delivered.latenciesMs, delivered.sentAt, quietFrom, quietTo);
    if (!sweep.answer.complete) throw new Error(`the sweep did not complete: ${sweep.answer.error ?? 'unknown'}`);
    if (sweep.endedAt > sweep.startedAt + loadSeconds * 1000) process.stderr.write(`bench: retention: the sweep outlasted the ${loadSeconds} s of load; latencies cover its first ${loadSeconds} s\n`);
    return {
      expired,
      deleted: sweep.answer.messages_deleted,
      batches: sweep.answer.batches,
      sweepSeconds: seconds,
      rate: sweep.answer.messages_deleted / seconds,
      probeP99: quantile(probeLatencies, 0.99),
      deliveryP99: quantile(deliveryLatencies, 0.99),
      probeQuietP99: quantile(probeQuiet, 0.99),
      deliveryQuietP99: quantile(deliveryQuiet, 0.99),
      probes: probeLatencies.length,
      deliveries: deliveryLatencies.length,
      failed: probes.failed + sent.failed + delivered.failed,
    };
  } finally {
    api.close();
    await server.stop();
    removeDir(dataDir);
  }
}

/**
 * Retention: a tenth of the organization's channels keep a day, the server's clock is two days on, and
 * the sweep (run through POST /ops/retention_sweep) expires their messages while other users' GET
 * /users/me are timed and messages to another channel are timed to its long-polling members. The
 * value is the worse p99 of those sent while the sweep ran, each probe's against its own in the quiet
 * seconds before the sweep (the baseline); the sweep's rate is reported beside it.
 */
export async function retention(plan: BenchPlan, seedDir: string, org: SeededOrg): Promise<ScenarioResult> {
  const loadSeconds = plan.quick ? 30 : 120;
  const quietSeconds = plan.quick ? 10 : 30;
  const runs: RunNumbers[] = [];
  // One sweep of a tenth of 1,000,000 messages runs for minutes with thousands of timed probes: one
  // run is the measurement (three took half an hour of the bench's time).
  for (let run = 0; run < Math.min(plan.runs, RETENTION_RUNS); run++) runs.push(await measure(seedDir, org, loadSeconds, quietSeconds));
  const worst = runs.map((each) => Math.max(each.probeP99, each.deliveryP99));
  const value = median(worst);
  const baseline = median(runs.map((each) => Math.max(each.probeQuietP99, each.deliveryQuietP99)));
  // Each probe against itself before the sweep; the worse of the two.
  const ratios = runs.map((each) => Math.max(each.probeP99 / each.probeQuietP99, each.deliveryP99 / each.deliveryQuietP99));
  const ratio = median(ratios);
  const failures = runs.reduce((sum, run) => sum + run.failed, 0);
  return {
    value: round(value),
    unit: 'ms (p99 of the worse of GET /users/me and message delivery while the retention sweep runs)',
    baseline: round(baseline),
    baseline_unit: 'ms (the same probes on the same server in the quiet seconds just before the sweep)',
    ratio: round(ratio),
    target: `each probe's p99 ≤ ${RETENTION_RATIO_TARGET} × its own before the sweep, no failed request, every expired message deleted`,
    met: ratio <= RETENTION_RATIO_TARGET && failures === 0 && runs.every((run) => run.deleted >= run.expired),
    runs: worst.map((each) => round(each)),
    ratio_runs: ratios.map((each) => round(each)),
    users_me_p99_ms: round(median(runs.map((each) => each.probeP99))),
    delivery_p99_ms: round(median(runs.map((each) => each.deliveryP99))),
    users_me_p99_quiet_ms: round(median(runs.map((each) => each.probeQuietP99))),
    delivery_p99_quiet_ms: round(median(runs.map((each) => each.deliveryQuietP99))),
    sweep_messages_per_second: round(median(runs.map((each) => each.rate))),
    sweep_seconds: runs.map((each) => round(each.sweepSeconds)),
    messages_expired: runs.map((each) => ({ seeded: each.expired, deleted: each.deleted, batches: each.batches })),
    samples_during_sweep: runs.map((each) => ({ probes: each.probes, deliveries: each.deliveries })),
    failed_requests: runs.map((run) => run.failed),
    note: `${org.channels.length / EXPIRING_EVERY} of ${org.channels.length} channels keep messages 1 day, the server's clock 2 days on; the sweep runs through POST /ops/retention_sweep while ${PROBE_RATE} GET /users/me per second from 10 users and ${SEND_RATE} messages per second to a channel whose ${org.channels[0].subscribers.length} members long-poll are timed; p99s over what was sent while the sweep ran, against the same over the ${quietSeconds} s before it. Organization: ${org.users.length} users, ${org.channels.length} channels, ${org.size.messages + org.size.firehoseMessages} messages.`,
  };
}
