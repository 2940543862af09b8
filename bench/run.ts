import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type BenchResults, machine, write } from './lib/report.js';
import type { BenchPlan, ScenarioResult } from './lib/scenario.js';
import { ROOT } from './lib/server-process.js';
import { buildIsCurrent, buildServer } from '../tools/build/server-build.mjs';
import { capacity } from './scenarios/capacity.js';
import { DELIVERY_RATIO_TARGET, deliveryLatency } from './scenarios/delivery-latency.js';
import { largeFanout } from './scenarios/large-fanout.js';
import { markdownCost } from './scenarios/markdown-cost.js';
import { MARK_READ_RATIO_TARGET, markRead } from './scenarios/mark-read.js';
import { NEIGHBOUR_RATIO_TARGET, noisyNeighbour } from './scenarios/noisy-neighbour.js';
import { PIT_RATIO_TARGET, pointInTime } from './scenarios/point-in-time.js';
import { REGISTER_RATIO_TARGET, registerLatency } from './scenarios/register.js';
import { RETENTION_RATIO_TARGET, retention } from './scenarios/retention.js';
import { firstStarts, growthPoint } from './scenarios/growth.js';
import { INCOMING_RATIO_TARGET, integrations } from './scenarios/integrations.js';
import { memory, replay, startup } from './scenarios/replay-startup.js';
import { cacheSearchIndex, SEARCH_RATIO_TARGET, searchLatency } from './scenarios/search.js';
import { sealingCost } from './scenarios/sealing-cost.js';
import { sendThroughput } from './scenarios/send-throughput.js';
import { type OrgSize, seededOrg } from './seed/seeded-org.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    merge: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(`npm run bench [-- --quick] [-- --only <scenario> ...] [-- --merge]
Starts the real server on generated organizations, drives it over HTTP from separate processes and
writes bench/results.json, bench/results.md and bench/results.svg. Organizations are generated once
per size and cached under bench/.cache. --merge keeps the scenarios of the existing bench/results.json
that this run does not measure (to re-measure a few scenarios of a full run).
Scenarios: send_throughput delivery_latency large_fanout mark_read sealing_cost capacity register noisy_neighbour replay startup memory search retention point_in_time markdown_cost integrations
`);
  process.exit(0);
}

const quick = values.quick;
const plan: BenchPlan = { quick, runs: quick ? 1 : 3, throughputSeconds: quick ? 3 : 10, latencySeconds: quick ? 5 : 20 };
/** Traffic scenarios: every subscriber set the issue names (30 per channel, the 10,000-subscriber channel, 10,000 to mark read). */
const traffic: OrgSize = quick
  ? { users: 2000, channels: 40, subscribersPerChannel: 30, messages: 4000, fanoutSubscribers: 2000, firehoseMessages: 10_000 }
  : { users: 10_000, channels: 100, subscribersPerChannel: 30, messages: 10_000, fanoutSubscribers: 10_000, firehoseMessages: 10_000 };
/** The organization of the register, replay, start-up and memory targets. */
const large: OrgSize = quick
  ? { users: 2000, channels: 200, subscribersPerChannel: 30, messages: 50_000, fanoutSubscribers: 30, firehoseMessages: 100 }
  : { users: 10_000, channels: 1000, subscribersPerChannel: 30, messages: 1_000_000, fanoutSubscribers: 30, firehoseMessages: 100 };
/**
 * The capacity scenario's organization: every user in one channel of 100 members, as many users as the
 * largest count of clients tried (one client per user up to there, so 20 messages/s reach 2,000 clients
 * a second when all are connected).
 */
const crowd: OrgSize = quick
  ? { users: 4000, channels: 40, subscribersPerChannel: 100, messages: 2000, fanoutSubscribers: 100, firehoseMessages: 100 }
  : { users: 20_000, channels: 200, subscribersPerChannel: 100, messages: 2000, fanoutSubscribers: 100, firehoseMessages: 100 };
/** Connected clients tried in turn, until one count misses the target (or the open-file limit caps it). */
const crowdCounts = process.env.BENCH_CAPACITY_COUNTS
  ? process.env.BENCH_CAPACITY_COUNTS.split(',').map(Number)
  : quick
    ? [2000, 4000]
    : [5000, 10_000, 15_000, 20_000, 30_000];

const wanted = (name: string): boolean => !values.only || values.only.includes(name);

async function main(): Promise<void> {
  // The servers run compiled, as npm start runs them: built here once, so no start-up times a build.
  if (!buildIsCurrent()) await buildServer();
  const scenarios: Record<string, ScenarioResult> = {};
  const step = async (name: string, work: () => Promise<ScenarioResult> | ScenarioResult): Promise<void> => {
    if (!wanted(name)) return;
    process.stderr.write(`bench: ${name}…\n`);
    const started = performance.now();
    try {
      scenarios[name] = await work();
    } catch (error) {
      // One broken scenario must not hide the others: it is reported as not measured.
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`bench: ${name} failed: ${message}\n`);
      scenarios[name] = { value: Number.NaN, unit: 'not measured', baseline: null, baseline_unit: null, ratio: null, target: '', met: false, runs: [], error: message };
      return;
    }
    process.stderr.write(`bench: ${name} = ${scenarios[name].value} ${scenarios[name].unit} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  };

  // In process and first, before any server of the other scenarios runs beside it.
  await step('markdown_cost', () => markdownCost(plan));

  const needsTraffic = ['send_throughput', 'delivery_latency', 'large_fanout', 'mark_read', 'integrations'].some(wanted);
  if (needsTraffic) {
    const small = seededOrg(traffic);
    await step('send_throughput', () => sendThroughput(plan, small.dir, small.org));
    await step('delivery_latency', () => deliveryLatency(plan, small.dir, small.org));
    await step('large_fanout', () => largeFanout(plan, small.dir, small.org));
    await step('mark_read', () => markRead(plan, small.dir, small.org));
    await step('integrations', () => integrations(plan, small.dir, small.org));
  }

  if (wanted('sealing_cost')) {
    // The same traffic organization seeded twice: sealed, and written as before sealing.
    await step('sealing_cost', () => sealingCost(plan, seededOrg(traffic), seededOrg(traffic, { sealing: false })));
  }

  if (wanted('capacity')) {
    const seeded = seededOrg(crowd);
    await step('capacity', () => capacity(plan, seeded.dir, seeded.org, crowdCounts));
  }

  if (['register', 'noisy_neighbour', 'replay', 'startup', 'memory', 'search', 'retention', 'point_in_time'].some(wanted)) {
    const big = seededOrg(large);
    await step('search', () => searchLatency(plan, big.dir, big.org));
    // A deployed server restarts with its search index built: the cached organization keeps one (a
    // server building it in the background would weigh on the scenarios' quiet baselines).
    const built = await cacheSearchIndex(big.dir);
    if (built !== null) process.stderr.write(`bench: built the search index of the cached organization (${(built / 1000).toFixed(0)} s start-up)\n`);
  }
  if (['register', 'noisy_neighbour', 'replay', 'startup', 'memory'].some(wanted)) {
    const big = seededOrg(large);
    // The growth curve: the same organization at a quarter of its messages and whole. Register, then
    // the noisy neighbour, run on the first restart of the whole one, a server nobody has used yet.
    const curve = ['startup', 'memory'].some(wanted);
    const points = curve ? [await growthPoint(plan, seededOrg({ ...large, messages: large.messages / 4 }))] : [];
    if (curve || ['register', 'noisy_neighbour'].some(wanted)) {
      const runs = curve ? plan.runs : 1;
      points.push(
        await growthPoint({ ...plan, runs }, big, async (server) => {
          await step('register', () => registerLatency({ ...plan, runs: plan.runs }, server, big.org));
          await step('noisy_neighbour', () => noisyNeighbour(plan, server, big.org));
        }),
      );
    }
    if (curve) {
      const first = wanted('startup') ? await firstStarts(plan) : null;
      if (first) await step('startup', () => startup(points, first));
      await step('memory', () => memory(points));
    }
    await step('replay', () => replay(plan, big.dir));
  }

  if (wanted('retention')) {
    const big = seededOrg(large);
    await step('retention', () => retention(plan, big.dir, big.org));
  }

  if (wanted('point_in_time')) {
    const big = seededOrg(large);
    await step('point_in_time', () => pointInTime(plan, big.dir, big.org));
  }

  const results: BenchResults = {
    machine: machine(),
    date: new Date().toISOString(),
    quick,
    organizations: { traffic, large, crowd },
    scenarios,
  };
  if (values.merge) keepEarlier(results, `${ROOT}bench/results.json`);
  const budgets: Record<string, number> = {};
  for (const [name, r] of Object.entries(scenarios)) budgets[name] = budgetUsed(name, r);
  write(`${ROOT}bench`, results, budgets);
  process.stdout.write(`${JSON.stringify(scenarios, null, 2)}\nwritten: bench/results.json, bench/results.md, bench/results.svg\n`);
}

/** Adds the scenarios an earlier run measured and this one did not, saying which and when. */
function keepEarlier(results: BenchResults, file: string): void {
  if (!existsSync(file)) return;
  const earlier = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
  const kept = Object.keys(earlier.scenarios).filter((name) => !(name in results.scenarios));
  results.scenarios = Object.fromEntries(
    Object.keys({ ...earlier.scenarios, ...results.scenarios }).map((name) => [name, results.scenarios[name] ?? earlier.scenarios[name]]),
  );
  if (kept.length > 0) results.earlier = { date: earlier.date, scenarios: kept };
}

/** Percent of the target a result uses (≤ 100 meets it), for the chart. */
function budgetUsed(name: string, r: ScenarioResult): number {
  switch (name) {
    case 'send_throughput':
      return r.ratio ? (0.6 / r.ratio) * 100 : 0;
    case 'replay':
      return r.ratio ? (0.5 / r.ratio) * 100 : 0;
    case 'large_fanout':
      return r.ratio ? (r.ratio / 2) * 100 : 0;
    case 'delivery_latency':
      return r.ratio ? (r.ratio / DELIVERY_RATIO_TARGET) * 100 : 0;
    case 'mark_read':
      return r.ratio ? (r.ratio / MARK_READ_RATIO_TARGET) * 100 : 0;
    case 'register':
      return r.ratio ? (r.ratio / REGISTER_RATIO_TARGET) * 100 : 0;
    case 'markdown_cost':
      return (r.value / 100) * 100;
    case 'startup':
      return (r.value / 1.5) * 100;
    case 'capacity':
      return r.value > 0 ? (19_000 / r.value) * 100 : 200;
    case 'search':
      return r.ratio ? (r.ratio / SEARCH_RATIO_TARGET) * 100 : 0;
    case 'noisy_neighbour':
      return r.ratio ? (r.ratio / NEIGHBOUR_RATIO_TARGET) * 100 : 0;
    case 'retention':
      return r.ratio ? (r.ratio / RETENTION_RATIO_TARGET) * 100 : 0;
    case 'point_in_time':
      return Math.max((r.value / 2000) * 100, r.ratio ? (r.ratio / PIT_RATIO_TARGET) * 100 : 0);
    case 'memory':
      return (r.value / 300) * 100;
    case 'integrations':
      return Math.max(r.ratio ? (INCOMING_RATIO_TARGET / r.ratio) * 100 : 200, (Number(r.outgoing_p99_ms) / 50) * 100, (Number(r.delivery_p99_ms) / 25) * 100);
    case 'sealing_cost':
      return r.ratio ? (0.9 / r.ratio) * 100 : 0;
    default:
      return 0;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
