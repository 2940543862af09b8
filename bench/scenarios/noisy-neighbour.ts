import { authOf, ChatApi, ownerAuth } from '../lib/chat-api.js';
import { runLoad } from '../lib/load-process.js';
import type { PollResult } from '../lib/load-tasks.js';
import type { HeavyRequest, HeavyResult, TimedResult } from '../lib/neighbour-tasks.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import type { ServerProcess } from '../lib/server-process.js';
import { median, quantile, round } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';

/**
 * The target: each probe's p99 beside the heavy client at most this many times its p99 without it,
 * on the same server in the same run (see docs/topics/benchmark.md, "Targets against same-run baselines").
 */
export const NEIGHBOUR_RATIO_TARGET = 4;
/** GET /users/me probes per second, spread over a few users. */
const PROBE_RATE = 50;
/** Messages per second to the watched channel, whose members long-poll. */
const SEND_RATE = 20;
const WARM_UP_SECONDS = 2;

const PUBLIC_SEARCH = JSON.stringify([{ operator: 'channels', operand: 'public' }, { operator: 'search', operand: 'xyzzyq' }]);
const PUBLIC = JSON.stringify([{ operator: 'channels', operand: 'public' }]);

/** The noisy neighbour's requests: a public search, 5,000 messages, the owner's register, the whole log. */
function heavyRequests(member: string, owner: string): HeavyRequest[] {
  return [
    { name: 'search', spec: { method: 'GET', path: '/api/v1/messages', params: { anchor: 'newest', num_before: '100', num_after: '0', narrow: PUBLIC_SEARCH }, auth: member } },
    { name: 'messages_5000', spec: { method: 'GET', path: '/api/v1/messages', params: { anchor: 'newest', num_before: '5000', num_after: '0', narrow: PUBLIC }, auth: member } },
    { name: 'owner_register', spec: { method: 'POST', path: '/api/v1/register', params: {}, auth: owner } },
    { name: 'export', spec: { method: 'GET', path: '/api/v1/export/events', auth: owner } },
  ];
}

interface RunNumbers {
  probeP99: number;
  probeP50: number;
  deliveryP99: number;
  deliveryP50: number;
  heavy: HeavyResult['done'];
  /** p99 of the probes sent while each kind of heavy request was in flight. */
  probeP99During: Record<string, number>;
  failed: { probes: number; sends: number; heavy: number; polls: number };
}

/** The probes' p99 by the heavy request in flight when each was sent. */
function p99During(probes: TimedResult, spans: HeavyResult['spans']): Record<string, number> {
  const byName = new Map<string, number[]>();
  for (let i = 0; i < probes.sentAt.length; i++) {
    const span = spans.find((each) => each.start <= probes.sentAt[i] && probes.sentAt[i] < each.end);
    if (!span) continue;
    let list = byName.get(span.name);
    if (!list) byName.set(span.name, (list = []));
    list.push(probes.latenciesMs[i]);
  }
  return Object.fromEntries([...byName].map(([name, latencies]) => [name, quantile(latencies, 0.99)]));
}

/**
 * One measurement: timed probes, paced sends and long-polling receivers, beside heavy requests in a
 * loop (`owner` given) or alone (the baseline).
 */
async function measure(server: ServerProcess, api: ChatApi, org: SeededOrg, owner: string | null, seconds: number): Promise<RunNumbers> {
  const channel = org.channels[0];
  const members = org.users.filter((user) => channel.subscribers.includes(user.id));
  const pollers = await api.queues(members);
  const totalMs = (WARM_UP_SECONDS + seconds) * 1000;
  const polling = runLoad<PollResult>({ kind: 'poll', url: server.url, users: pollers, durationMs: totalMs + 3000, expectMessages: 0 });
  await polling.ready;
  const probeUsers = org.users.slice(100, 110);
  const sending = runLoad<{ sent: number; failed: number }>({
    kind: 'paced',
    url: server.url,
    rate: SEND_RATE,
    durationMs: totalMs,
    unstampedMs: WARM_UP_SECONDS * 1000,
    request: { method: 'POST', path: '/api/v1/messages', params: { type: 'stream', to: channel.name, topic: 'neighbour', content: 'Delivery probe' }, auth: authOf(members[0]) },
  });
  const noisy = owner
    ? runLoad<HeavyResult>({ kind: 'heavy', url: server.url, durationMs: totalMs, requests: heavyRequests(authOf(org.users[7]), owner) })
    : { result: Promise.resolve<HeavyResult>({ done: {}, spans: [], failed: 0, firstFailure: null }) };
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_SECONDS * 1000));
  const probing = runLoad<TimedResult>({
    kind: 'timed',
    url: server.url,
    rate: PROBE_RATE,
    durationMs: seconds * 1000,
    requests: probeUsers.map((user) => ({ method: 'GET', path: '/api/v1/users/me', auth: authOf(user) })),
  });
  const [probes, sent, heavy] = await Promise.all([probing.result, sending.result, noisy.result]);
  const delivered = await polling.result;
  // A server that stalls long enough fails requests (time-outs): counted, and the target is then not met.
  const failed = { probes: probes.failed, sends: sent.failed, heavy: heavy.failed, polls: delivered.failed };
  for (const each of pollers) await api.http.request({ method: 'DELETE', path: '/api/v1/events', params: { queue_id: each.queueId }, auth: each.auth });
  return {
    probeP99: quantile(probes.latenciesMs, 0.99),
    probeP50: quantile(probes.latenciesMs, 0.5),
    deliveryP99: quantile(delivered.latenciesMs, 0.99),
    deliveryP50: quantile(delivered.latenciesMs, 0.5),
    heavy: heavy.done,
    probeP99During: p99During(probes, heavy.spans),
    failed,
  };
}

/**
 * One client loops over heavy requests (a public search, a 5,000-message fetch, the owner's register,
 * the whole log's export) while other users' GET /users/me are timed and messages sent to a channel
 * are timed from send to delivery to its long-polling members. The value is the worse of the two p99s.
 */
export async function noisyNeighbour(plan: BenchPlan, server: ServerProcess, org: SeededOrg): Promise<ScenarioResult> {
  const api = new ChatApi(server.url);
  const seconds = plan.quick ? 10 : 30;
  const runs: RunNumbers[] = [];
  const quiet: RunNumbers[] = [];
  try {
    const owner = await ownerAuth(api, org);
    // Each run: the probes alone, then beside the heavy client, back to back on the same server.
    for (let run = 0; run < plan.runs; run++) {
      quiet.push(await measure(server, api, org, null, seconds));
      runs.push(await measure(server, api, org, owner, seconds));
    }
  } finally {
    api.close();
  }
  const worst = runs.map((each) => Math.max(each.probeP99, each.deliveryP99));
  const value = median(worst);
  const baseline = median(quiet.map((each) => Math.max(each.probeP99, each.deliveryP99)));
  // Each probe against itself without the heavy client; the worse of the two.
  const ratios = runs.map((each, index) => Math.max(each.probeP99 / quiet[index].probeP99, each.deliveryP99 / quiet[index].deliveryP99));
  const ratio = median(ratios);
  const failures = [...runs, ...quiet].reduce((sum, run) => sum + run.failed.probes + run.failed.sends + run.failed.heavy + run.failed.polls, 0);
  const heavySummary: Record<string, { count: number; mb: number; p50_ms: number; users_me_p99_while_ms: number }> = {};
  for (const run of runs) {
    for (const [name, done] of Object.entries(run.heavy)) {
      const entry = (heavySummary[name] ??= { count: 0, mb: 0, p50_ms: 0, users_me_p99_while_ms: Number.NaN });
      entry.count += done.count;
      entry.mb = round(done.bytes / done.count / 1e6);
      entry.p50_ms = round(median(done.ms));
    }
  }
  for (const [name, entry] of Object.entries(heavySummary)) {
    const during = runs.map((run) => run.probeP99During[name]).filter((each) => each !== undefined);
    entry.users_me_p99_while_ms = round(median(during));
  }
  return {
    value: round(value),
    unit: 'ms (p99 of the worse of GET /users/me and message delivery, beside a heavy client)',
    baseline: round(baseline),
    baseline_unit: 'ms (the same, without the heavy client, on the same server just before)',
    ratio: round(ratio),
    target: `each probe's p99 ≤ ${NEIGHBOUR_RATIO_TARGET} × its own without the heavy client, no failed request`,
    met: ratio <= NEIGHBOUR_RATIO_TARGET && failures === 0,
    runs: worst.map((each) => round(each)),
    ratio_runs: ratios.map((each) => round(each)),
    users_me_p99_ms: round(median(runs.map((each) => each.probeP99))),
    users_me_p99_alone_ms: round(median(quiet.map((each) => each.probeP99))),
    delivery_p99_alone_ms: round(median(quiet.map((each) => each.deliveryP99))),
    users_me_p50_ms: round(median(runs.map((each) => each.probeP50))),
    delivery_p99_ms: round(median(runs.map((each) => each.deliveryP99))),
    delivery_p50_ms: round(median(runs.map((each) => each.deliveryP50))),
    heavy_requests: heavySummary,
    failed_requests: [...quiet, ...runs].map((run) => run.failed),
    note: `${seconds} s per run: one client loops over a public search, a 5,000-message fetch, the owner's POST /register and GET /export/events of the whole log (answers read as fast as they come); meanwhile ${PROBE_RATE} GET /users/me per second from 10 other users and ${SEND_RATE} messages per second to a channel whose ${org.channels[0].subscribers.length} members long-poll; each run first measures the same probes without the heavy client (the baseline). Organization: ${org.users.length} users, ${org.channels.length} channels, ${org.size.messages + org.size.firehoseMessages} messages.`,
  };
}
