import { readdirSync, readFileSync } from 'node:fs';
import { authOf, type ChatApi } from '../lib/chat-api.js';
import { withChatServer } from '../lib/chat-server-run.js';
import { runLoad } from '../lib/load-process.js';
import type { PacedResult, PacedTask, PollingUser, PollResult } from '../lib/load-tasks.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { quantile, round } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';

const RATE = 20;
const WARM_UP_SECONDS = 3;
const TARGET_CLIENTS = 20_000;
const TARGET_P99_MS = 100;
/** Held polls per load process (each process has its own source address and file limit). */
const PER_PROCESS = 5000;
/** Descriptors kept free beyond those the started server holds (the registering client's 64, a margin). */
const SPARE_DESCRIPTORS = 100;
/** How long the server may take to hold every poll, and how long deliveries may arrive after the last send. */
const HOLD_WAIT_MS = 120_000;
const GRACE_MS = 5000;

/** The hard limit on open files of this process (Linux), which the server it starts inherits. */
export function openFileLimit(): number {
  const line = /Max open files\s+\d+\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return line ? Number(line[1]) : Number.POSITIVE_INFINITY;
}

const openDescriptors = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;

/** Waits until the server holds `count` polls (its `chat_held_polls` gauge). */
async function allHeld(api: ChatApi, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let held = 0;
  let answer = '';
  while (Date.now() < deadline) {
    const res = await api.http.request({ method: 'GET', path: '/metrics' });
    answer = `${res.status} ${res.body.slice(0, 120)}`;
    held = Number(/^chat_held_polls (\d+)/m.exec(res.body)?.[1] ?? 0);
    if (held >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`only ${held} of ${count} polls held after ${timeoutMs / 1000} s (last /metrics answer: ${answer})`);
}

interface Step {
  clients: number;
  p50: number;
  p99: number;
  failed: number;
  delivered: number;
  expected: number;
  registerSeconds: number;
  /** From every load process ready to the server holding every poll. */
  holdSeconds: number;
  rssMb: number;
  /** Resident memory the server grew by per client, queue and held poll, from start to all polls held, in KB. */
  kbPerClient: number;
  /** Server CPU time per delivered message event while sending (warm-up included), in µs. */
  cpuPerDeliveryUs: number;
  /** Share of one core the server used while sending: near what the machine gives it when deliveries lag. */
  cpuShare: number;
}

/** One count: `clients` queues spread over the users, each with a held poll, while messages go round the channels. */
async function holdClients(plan: BenchPlan, seedDir: string, org: SeededOrg, wanted: number, limit: number): Promise<Step> {
  return withChatServer(seedDir, async (chat, api) => {
    const clients = Math.min(wanted, limit - openDescriptors(chat.pid) - SPARE_DESCRIPTORS);
    const rssAtStart = chat.rss();
    const owners = Array.from({ length: clients }, (_, k) => org.users[k % org.users.length]);
    const registering = performance.now();
    const pollers = await api.queues(owners, 64);
    const registerSeconds = (performance.now() - registering) / 1000;
    const seconds = WARM_UP_SECONDS + plan.latencySeconds;
    const groups: PollingUser[][] = [];
    for (let start = 0; start < pollers.length; start += PER_PROCESS) groups.push(pollers.slice(start, start + PER_PROCESS));
    const polling = groups.map((users, index) =>
      // Until told to stop (below): holding every poll may take longer than the grace a fixed duration would leave.
      runLoad<PollResult>({ kind: 'poll', url: chat.url, users, durationMs: HOLD_WAIT_MS + seconds * 1000 + GRACE_MS, expectMessages: 0, localAddress: `127.0.0.${2 + index}` }),
    );
    await Promise.all(polling.map((load) => load.ready));
    const holding = performance.now();
    await allHeld(api, clients, HOLD_WAIT_MS);
    const holdSeconds = (performance.now() - holding) / 1000;
    const kbPerClient = (chat.rss() - rssAtStart) / 1024 / clients;
    // One sender per channel (a member): a user's sends into new topics change their own stream, and
    // twenty a second from one user would contend for it.
    const byId = new Map(org.users.map((user) => [user.id, user]));
    const sending: PacedTask = {
      kind: 'paced',
      url: chat.url,
      rate: RATE,
      durationMs: seconds * 1000,
      unstampedMs: WARM_UP_SECONDS * 1000,
      request: { method: 'POST', path: '/api/v1/messages', params: { type: 'stream', topic: 'capacity', content: 'Capacity probe' } },
      cycle: org.channels.map((channel) => {
        const sender = byId.get(channel.subscribers[0]);
        return { params: { to: channel.name }, auth: sender ? authOf(sender) : undefined };
      }),
    };
    const cpuBefore = chat.cpuMs() / 1000;
    const sendingFrom = performance.now();
    const sent = await runLoad<PacedResult>(sending).result;
    const cpuUsed = chat.cpuMs() / 1000 - cpuBefore;
    const cpuShare = cpuUsed / ((performance.now() - sendingFrom) / 1000);
    if (sent.failed > 0) throw new Error(`${sent.failed} sends failed (${sent.firstFailure})`);
    const rssMb = chat.rss() / 2 ** 20;
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    for (const load of polling) load.stop();
    const results = await Promise.all(polling.map((load) => load.result));
    const latencies = results.flatMap((result) => result.latenciesMs);
    // Each timed message reaches every client of its channel's members (clients per user × members).
    const indexOf = new Map(org.users.map((user, index) => [user.id, index]));
    const clientsOf = (userId: number): number => Math.floor(clients / org.users.length) + ((indexOf.get(userId) ?? clients) < clients % org.users.length ? 1 : 0);
    const deliveries = (from: number, to: number): number => {
      let count = 0;
      for (let i = from; i < to; i++) for (const member of org.channels[i % org.channels.length].subscribers) count += clientsOf(member);
      return count;
    };
    const expected = deliveries(WARM_UP_SECONDS * RATE, seconds * RATE);
    return {
      clients,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      failed: results.reduce((sum, result) => sum + result.failed, 0),
      delivered: latencies.length,
      expected,
      registerSeconds,
      holdSeconds,
      rssMb,
      kbPerClient,
      cpuPerDeliveryUs: (cpuUsed * 1e6) / deliveries(0, seconds * RATE),
      cpuShare,
    };
  });
}

/** Whether a step holds the target: p99 within bounds, no failed poll, every timed message delivered. */
const holds = (step: Step): boolean => step.p99 <= TARGET_P99_MS && step.failed === 0 && step.delivered >= step.expected;

/**
 * Connected clients per server: counts stepped up until one misses the target or the file limit stops
 * them, each on a fresh server. Each client is a queue (message events only, as a lightweight client
 * registers) with one held GET /events re-armed after every answer, while 20 messages/s go round
 * channels of 100 members.
 */
export async function capacity(plan: BenchPlan, seedDir: string, org: SeededOrg, counts: readonly number[]): Promise<ScenarioResult> {
  const limit = openFileLimit();
  const steps: Step[] = [];
  let fileBound = false;
  for (const wanted of counts) {
    const step = await holdClients(plan, seedDir, org, wanted, limit);
    steps.push(step);
    fileBound ||= step.clients < wanted;
    process.stderr.write(`  capacity: ${step.clients} clients: p99 ${round(step.p99)} ms, ${step.delivered}/${step.expected} delivered, ${step.failed} failed polls\n`);
    if (!holds(step) || step.clients < wanted) break;
  }
  const held = steps.filter(holds);
  const value = held.length > 0 ? Math.max(...held.map((step) => step.clients)) : 0;
  const best = held.find((step) => step.clients === value);
  return {
    value,
    unit: 'connected clients (largest count holding the target)',
    baseline: null,
    baseline_unit: null,
    ratio: null,
    target: `≥ ${TARGET_CLIENTS} clients with delivery p99 ≤ ${TARGET_P99_MS} ms and no failed poll`,
    met: value >= TARGET_CLIENTS,
    runs: steps.map((step) => step.clients),
    p99_ms: steps.map((step) => round(step.p99)),
    p50_ms: steps.map((step) => round(step.p50)),
    delivered: steps.map((step) => `${step.delivered}/${step.expected}`),
    failed_polls: steps.map((step) => step.failed),
    register_seconds: steps.map((step) => round(step.registerSeconds, 1)),
    hold_seconds: steps.map((step) => round(step.holdSeconds, 1)),
    server_rss_mb: steps.map((step) => round(step.rssMb, 0)),
    server_kb_per_client: steps.map((step) => round(step.kbPerClient, 1)),
    server_cpu_us_per_delivery: steps.map((step) => round(step.cpuPerDeliveryUs, 0)),
    server_cpu_share: steps.map((step) => round(step.cpuShare)),
    open_file_limit: limit,
    note:
      `${RATE} messages/s for ${plan.latencySeconds} s (after ${WARM_UP_SECONDS} s untimed) round ${org.channels.length} channels of ${org.size.subscribersPerChannel} members; ` +
      `clients spread over ${org.users.length} users, queues of message events only; runs lists the counts tried, p99_ms their delivery p99.` +
      (fileBound ? ` The count was capped by the hard limit of ${limit} open files per process (one descriptor per held connection).` : '') +
      (best ? '' : ' No count held the target.'),
  };
}
