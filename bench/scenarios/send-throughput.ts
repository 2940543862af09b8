import { authOf } from '../lib/chat-api.js';
import { withChatServer } from '../lib/chat-server-run.js';
import { freePort } from '../lib/free-port.js';
import type { RequestSpec } from '../lib/http-client.js';
import { runLoad } from '../lib/load-process.js';
import type { ClosedLoopResult } from '../lib/load-tasks.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { startProcess } from '../lib/server-process.js';
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

/** POST /messages to a 30-subscriber channel from 50 concurrent clients, against two bare baselines. */
export async function sendThroughput(plan: BenchPlan, seedDir: string, org: SeededOrg): Promise<ScenarioResult> {
  const channel = org.channels[0];
  const senders = org.users.filter((user) => channel.subscribers.includes(user.id));
  const chatRequests = Array.from({ length: 200 }, (_, i) => sendRequest(channel.name, authOf(senders[i % senders.length]), i));
  const bareRequests = Array.from({ length: 200 }, (_, i) => sendRequest(channel.name, `user${i % 100}@bench.example:key${i % 100}`, i));
  const runs: number[] = [];
  const express: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < plan.runs; run++) {
    await withChatServer(seedDir, async (chat) => {
      await measure(chat.url, chatRequests, 1); // warm-up
      runs.push((await measure(chat.url, chatRequests, plan.throughputSeconds)).perSecond);
    });
    for (const [script, out] of [
      ['bench/baselines/bare-express.ts', express],
      ['bench/baselines/bare-http.ts', bare],
    ] as const) {
      const port = await freePort();
      const server = await startProcess(script, [], { PORT: String(port) }, `http://127.0.0.1:${port}`);
      try {
        await measure(server.url, bareRequests, 1);
        out.push((await measure(server.url, bareRequests, plan.throughputSeconds)).perSecond);
      } finally {
        await server.stop();
      }
    }
  }
  const value = median(runs);
  const baseline = median(express);
  return {
    value: round(value, 0),
    unit: 'messages/s',
    baseline: round(baseline, 0),
    baseline_unit: 'requests/s (bare express: Basic auth + urlencoded + one ajv check)',
    ratio: round(value / baseline),
    target: '≥ 0.6 of the bare-express baseline',
    met: value / baseline >= 0.6,
    runs: runs.map((each) => round(each, 0)),
    bare_node_http: round(median(bare), 0),
    note: `${CONCURRENCY} concurrent keep-alive clients, ${plan.throughputSeconds} s per run after a 1 s warm-up; each message goes to ${channel.subscribers.length} subscribers.`,
  };
}
