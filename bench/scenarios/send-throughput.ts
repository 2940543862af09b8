import { authOf } from '../lib/chat-api.js';
import { withChatServer } from '../lib/chat-server-run.js';
import { freePort } from '../lib/free-port.js';
import type { RequestSpec } from '../lib/http-client.js';
import { runLoad } from '../lib/load-process.js';
import type { ClosedLoopResult } from '../lib/load-tasks.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { type ServerProcess, startProcess } from '../lib/server-process.js';
import { median, round } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';

const CONCURRENCY = 50;

async function measure(url: string, requests: RequestSpec[], seconds: number): Promise<ClosedLoopResult> {
  const result = await runLoad<ClosedLoopResult>({ kind: 'closed-loop', url, concurrency: CONCURRENCY, durationMs: seconds * 1000, requests }).result;
  if (result.failed > 0) throw new Error(`${result.failed} requests failed, first: ${result.firstFailure}`);
  return result;
}

const sendRequest = (channel: string, auth: string, i: number): RequestSpec => ({
  method: 'POST',
  path: '/api/v1/messages',
  params: { type: 'stream', to: channel, topic: `bench ${i % 10}`, content: `Throughput message ${i} with a little **Markdown**` },
  auth,
});

/** Servers started for the baselines, stopped at the end. */
async function startBaselines(): Promise<{ express: ServerProcess; bare: ServerProcess }> {
  const start = async (script: string): Promise<ServerProcess> => {
    const port = await freePort();
    return startProcess(script, [], { PORT: String(port) }, `http://127.0.0.1:${port}`);
  };
  return { express: await start('bench/baselines/bare-express.ts'), bare: await start('bench/baselines/bare-http.ts') };
}

/**
 * POST /messages to a 30-subscriber channel from 50 concurrent clients, against two bare baselines.
 * The three servers run side by side and are measured in turn, round after round, so a neighbour's
 * load on this shared machine falls on all three alike rather than on whichever ran at that moment.
 */
export async function sendThroughput(plan: BenchPlan, seedDir: string, org: SeededOrg): Promise<ScenarioResult> {
  const channel = org.channels[0];
  const senders = org.users.filter((user) => channel.subscribers.includes(user.id));
  const chatRequests = Array.from({ length: 200 }, (_, i) => sendRequest(channel.name, authOf(senders[i % senders.length]), i));
  const bareRequests = Array.from({ length: 200 }, (_, i) => sendRequest(channel.name, `user${i % 100}@bench.example:key${i % 100}`, i));
  const rounds = plan.runs * 3;
  const seconds = plan.throughputSeconds / 3 + 1;
  const runs: number[] = [];
  const ratios: number[] = [];
  const express: number[] = [];
  const bare: number[] = [];
  const baselines = await startBaselines();
  try {
    await withChatServer(seedDir, async (chat) => {
      for (const url of [chat.url, baselines.express.url, baselines.bare.url]) await measure(url, url === chat.url ? chatRequests : bareRequests, 1); // warm-up
      for (let round = 0; round < rounds; round++) {
        const chatRate = (await measure(chat.url, chatRequests, seconds)).perSecond;
        const expressRate = (await measure(baselines.express.url, bareRequests, seconds)).perSecond;
        runs.push(chatRate);
        express.push(expressRate);
        ratios.push(chatRate / expressRate);
        bare.push((await measure(baselines.bare.url, bareRequests, seconds)).perSecond);
      }
    });
  } finally {
    await baselines.express.stop();
    await baselines.bare.stop();
  }
  const ratio = median(ratios);
  return {
    value: round(median(runs), 0),
    unit: 'messages/s',
    baseline: round(median(express), 0),
    baseline_unit: 'requests/s (bare express: Basic auth + urlencoded + one ajv check)',
    ratio: round(ratio),
    target: '≥ 0.6 of the bare-express baseline',
    met: ratio >= 0.6,
    runs: runs.map((each) => round(each, 0)),
    round_ratios: ratios.map((each) => round(each)),
    bare_node_http: round(median(bare), 0),
    note: `${CONCURRENCY} concurrent keep-alive clients; ${rounds} rounds of ${seconds} s each on the chat server, then bare express, then bare node:http, after a 1 s warm-up of each; the ratio is the median of the rounds' ratios; each message goes to ${channel.subscribers.length} subscribers.`,
  };
}
