import { authOf } from '../lib/chat-api.js';
import { freePort } from '../lib/free-port.js';
import { HttpClient, type RequestSpec } from '../lib/http-client.js';
import { runLoad } from '../lib/load-process.js';
import type { ClosedLoopResult } from '../lib/load-tasks.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { type ServerProcess, startChatServer } from '../lib/server-process.js';
import { median, round } from '../lib/stats.js';
import { removeDir, replayingCopy, type SeededOrg } from '../seed/seeded-org.js';

const CONCURRENCY = 50;
const WARM_FETCHES = 5;
/**
 * Seconds each side sends, unmeasured, before its measured sends: the first second of a fresh server's
 * sends compiles the send path, which both sides pay alike and which only widened the rounds' spread.
 */
const WARM_UP_SECONDS = 1;
/**
 * The measured sends of a round come in bursts of about this many seconds, an even number of them, the
 * sides taking turns (A B, B A, …):
 * sent in one block per side, a drift of this shared machine's load between the two blocks fell on one
 * side only (rounds 0.63–1.33); in alternated bursts it falls on both alike. Each burst is the same
 * closed loop of real sends, so neither side does less than a server does.
 */
const BURST_SECONDS = 1.5;

/** How many bursts a side's measured seconds are sent in: even, so each side goes first as often. */
const sendBursts = (seconds: number): number => 2 * Math.max(1, Math.round(seconds / (2 * BURST_SECONDS)));

/** One server of the comparison: its seeded data (sealed, or written as before sealing) and its setting. */
interface Side {
  seedDir: string;
  org: SeededOrg;
  env: NodeJS.ProcessEnv;
}

async function sendRate(url: string, org: SeededOrg, seconds: number): Promise<number> {
  const channel = org.channels[0];
  const senders = org.users.filter((user) => channel.subscribers.includes(user.id));
  const requests: RequestSpec[] = Array.from({ length: 200 }, (_, i) => ({
    method: 'POST',
    path: '/api/v1/messages',
    params: { type: 'stream', to: channel.name, topic: `sealing ${i % 10}`, content: `Sealing cost message ${i} with a little **Markdown**` },
    auth: authOf(senders[i % senders.length]),
  }));
  const result = await runLoad<ClosedLoopResult>({ kind: 'closed-loop', url, concurrency: CONCURRENCY, durationMs: seconds * 1000, requests }).result;
  if (result.failed > 0) throw new Error(`${result.failed} sends failed, first: ${result.firstFailure}`);
  return result.perSecond;
}

/** Milliseconds of one GET /messages of the 5,000 newest messages of the firehose channel, as its reader. */
async function fetchMs(http: HttpClient, org: SeededOrg): Promise<number> {
  const narrow = JSON.stringify([{ operator: 'channel', operand: org.firehose.channel.id }]);
  const started = performance.now();
  const res = await http.request({ method: 'GET', path: '/api/v1/messages', params: { anchor: 'newest', num_before: '5000', num_after: '0', narrow }, auth: authOf(org.firehose.reader) });
  if (res.status !== 200) throw new Error(`fetch: ${res.status} ${res.body.slice(0, 200)}`);
  return performance.now() - started;
}

async function withServers<T>(sides: readonly Side[], work: (servers: ServerProcess[]) => Promise<T>): Promise<T> {
  const dirs = sides.map((side) => replayingCopy(side.seedDir));
  const servers: ServerProcess[] = [];
  try {
    for (const [index, side] of sides.entries()) servers.push(await startChatServer(dirs[index], await freePort(), side.env));
    return await work(servers);
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dirs) removeDir(dir);
  }
}

/**
 * What sealing costs (issue 28): the same build with sealing on (a sealed log) and off (a log written
 * as before sealing, CHAT_LOG_SEALING=off), side by side, in interleaved rounds so a slow spell of this
 * shared machine falls on both. Sends: closed-loop POST /messages. Fetches of 5,000 messages: the first
 * one after a start (bodies read and, sealed, decrypted from the log) and the next ones (bodies cached).
 */
export async function sealingCost(plan: BenchPlan, sealed: { dir: string; org: SeededOrg }, clear: { dir: string; org: SeededOrg }): Promise<ScenarioResult> {
  const sides: Side[] = [
    { seedDir: sealed.dir, org: sealed.org, env: {} },
    { seedDir: clear.dir, org: clear.org, env: { CHAT_LOG_SEALING: 'off' } },
  ];
  const seconds = plan.throughputSeconds / 2 + 1;
  const sendRatios: number[] = [];
  const coldRatios: number[] = [];
  const warmRatios: number[] = [];
  const sends: [number[], number[]] = [[], []];
  const cold: [number[], number[]] = [[], []];
  const warm: [number[], number[]] = [[], []];
  const cpu: [number[], number[]] = [[], []];
  for (let round = 0; round < plan.runs * 2; round++) {
    await withServers(sides, async (servers) => {
      const clients = servers.map((server) => new HttpClient(server.url, 4));
      try {
        // Each round the other side goes first, so neither always meets the machine's first (or last) mood.
        const order = round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
        const coldMs = [0, 0];
        for (const side of order) coldMs[side] = await fetchMs(clients[side], sides[side].org);
        const warmMs: [number[], number[]] = [[], []];
        for (let i = 0; i < WARM_FETCHES; i++) for (const side of order) warmMs[side].push(await fetchMs(clients[side], sides[side].org));
        const rates = [0, 0];
        const cpuPerSend = [0, 0];
        for (const side of order) await sendRate(servers[side].url, sides[side].org, WARM_UP_SECONDS);
        const bursts = sendBursts(seconds);
        const sent = [0, 0];
        const busy = [0, 0];
        for (let burst = 0; burst < bursts; burst++) {
          for (const side of burst % 2 === 0 ? order : ([order[1], order[0]] as const)) {
            const cpuBefore = servers[side].cpuMs();
            sent[side] += (await sendRate(servers[side].url, sides[side].org, seconds / bursts)) * (seconds / bursts);
            busy[side] += servers[side].cpuMs() - cpuBefore;
          }
        }
        for (const side of [0, 1] as const) {
          rates[side] = sent[side] / seconds;
          cpuPerSend[side] = busy[side] / sent[side];
        }
        for (const side of [0, 1] as const) {
          cold[side].push(coldMs[side]);
          warm[side].push(median(warmMs[side]));
          sends[side].push(rates[side]);
          cpu[side].push(cpuPerSend[side]);
        }
        coldRatios.push(coldMs[0] / coldMs[1]);
        warmRatios.push(median(warmMs[0]) / median(warmMs[1]));
        sendRatios.push(rates[0] / rates[1]);
      } finally {
        for (const client of clients) client.close();
      }
    });
  }
  const send = median(sendRatios);
  const fetchWarm = median(warmRatios);
  const fetchCold = median(coldRatios);
  return {
    value: round(send),
    unit: 'send throughput, sealed / unsealed',
    baseline: round(median(sends[1]), 0),
    baseline_unit: 'messages/s with sealing off (CHAT_LOG_SEALING=off, a log written as before sealing)',
    ratio: round(send),
    target: 'sends ≥ 0.9 of the same build without sealing; a 5,000-message fetch ≤ 1.1',
    met: send >= 0.9 && fetchWarm <= 1.1 && fetchCold <= 1.1,
    runs: sendRatios.map((each) => round(each)),
    sealed_messages_per_second: round(median(sends[0]), 0),
    fetch_ratio_repeated: round(fetchWarm),
    fetch_ratio_first_after_start: round(fetchCold),
    /** Server CPU per message sent (ms; the load-insensitive view of the same cost: a busy machine slows both sides' clocks alike). */
    cpu_ms_per_send: { sealed: round(median(cpu[0]), 3), unsealed: round(median(cpu[1]), 3), ratio: round(median(cpu[0]) / median(cpu[1])) },
    fetch_ms_repeated: { sealed: round(median(warm[0]), 1), unsealed: round(median(warm[1]), 1) },
    fetch_ms_first_after_start: { sealed: round(median(cold[0]), 1), unsealed: round(median(cold[1]), 1) },
    note: `${plan.runs * 2} rounds; each starts both servers on fresh copies of their organizations (snapshots left out: both replay their logs at start), fetches (the sides taking turns at going first) the 5,000 newest firehose messages once (bodies from the log) and ${WARM_FETCHES} more times (bodies cached), then sends from ${CONCURRENCY} clients on each, ${WARM_UP_SECONDS} s unmeasured (the send path compiles) and ${seconds} s measured in ${sendBursts(seconds)} bursts each, the sides taking turns (a drift of the machine's load falls on both); ratios are sealed / unsealed, medians of the rounds' ratios.`,
  };
}
