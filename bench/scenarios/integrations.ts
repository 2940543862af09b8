import { readFileSync } from 'node:fs';
import { authOf } from '../lib/chat-api.js';
import { withChatServer } from '../lib/chat-server-run.js';
import type { RequestSpec } from '../lib/http-client.js';
import { runLoad } from '../lib/load-process.js';
import type { ClosedLoopResult } from '../lib/load-tasks.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { ROOT } from '../lib/server-process.js';
import { median, round } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';
import { OUTGOING_RATE, outgoingWebhookRuns } from './outgoing-webhooks.js';

/** Incoming-webhook posts against plain sends, as a ratio of throughputs in the same run. */
export const INCOMING_RATIO_TARGET = 0.8;
export const OUTGOING_P99_TARGET_MS = 50;
export const DELIVERY_P99_TARGET_MS = 25;
const CONCURRENCY = 50;
/** A CI push notice, the commonest integration traffic: GitHub's own fixture of a one-commit push. */
const FIXTURE = 'test/fixtures/webhooks/github/push__1_commit.json';

async function rate(url: string, requests: RequestSpec[], seconds: number): Promise<number> {
  const result = await runLoad<ClosedLoopResult>({ kind: 'closed-loop', url, concurrency: CONCURRENCY, durationMs: seconds * 1000, requests }).result;
  if (result.failed > 0) throw new Error(`${result.failed} requests failed, first: ${result.firstFailure}`);
  return result.perSecond;
}

/**
 * Throughput of `POST /external/github` (an incoming-webhook bot's push notices, the key in the query
 * as services are configured) against plain `POST /messages` to the same 30-subscriber channel, from
 * 50 concurrent clients, measured in turn round after round on one server so a neighbour's load falls
 * on both alike.
 */
async function incomingRatios(plan: BenchPlan, seedDir: string, org: SeededOrg): Promise<{ hooks: number[]; sends: number[]; ratios: number[] }> {
  const channel = org.channels[0];
  const members = org.users.filter((user) => channel.subscribers.includes(user.id));
  const [owner] = members;
  if (!owner) throw new Error('the channel has no members');
  const payload = readFileSync(`${ROOT}${FIXTURE}`, 'utf8');
  const sends = Array.from({ length: 200 }, (_, i): RequestSpec => ({
    method: 'POST',
    path: '/api/v1/messages',
    params: { type: 'stream', to: channel.name, topic: `bench ${i % 10}`, content: `Throughput message ${i} with a little **Markdown**` },
    auth: authOf(members[i % members.length]),
  }));
  const out = { hooks: [] as number[], sends: [] as number[], ratios: [] as number[] };
  await withChatServer(seedDir, async (chat, api) => {
    const bot = await api.call('POST', '/bots', owner, { full_name: 'Bench CI', short_name: 'benchci', bot_type: '2' });
    const hooks = Array.from({ length: 10 }, (_, i): RequestSpec => ({
      method: 'POST',
      path: `/api/v1/external/github?${new URLSearchParams({ api_key: String(bot.api_key), stream: channel.name, topic: `ci ${i}` })}`,
      body: { contentType: 'application/json', text: payload, headers: { 'X-GitHub-Event': 'push' } },
    }));
    await rate(chat.url, sends, 1); // warm-up
    await rate(chat.url, hooks, 1);
    const seconds = plan.throughputSeconds / 3 + 1;
    for (let round = 0; round < plan.runs * 3; round++) {
      const send = await rate(chat.url, sends, seconds);
      const hook = await rate(chat.url, hooks, seconds);
      out.sends.push(send);
      out.hooks.push(hook);
      out.ratios.push(hook / send);
    }
  });
  return out;
}

/**
 * Issue 29's bench: incoming-webhook throughput against plain sends in the same run, then an
 * outgoing-webhook bot mentioned 20 times a second (send to its service, and the channel members'
 * delivery meanwhile). The former `outgoing_webhooks` scenario is its second half.
 */
export async function integrations(plan: BenchPlan, seedDir: string, org: SeededOrg): Promise<ScenarioResult> {
  const incoming = await incomingRatios(plan, seedDir, org);
  const outgoing = await outgoingWebhookRuns(plan, seedDir, org);
  const ratio = median(incoming.ratios);
  const hookP99 = median(outgoing.hookP99s);
  const deliveryP99 = median(outgoing.deliveryP99s);
  return {
    value: round(ratio),
    unit: 'incoming-webhook posts/s ÷ POST /messages/s',
    baseline: round(median(incoming.sends), 0),
    baseline_unit: 'POST /messages per second, same server, same run',
    ratio: round(ratio),
    target: `incoming ≥ ${INCOMING_RATIO_TARGET} × plain sends; outgoing p99 send-to-receiver ≤ ${OUTGOING_P99_TARGET_MS} ms at ${OUTGOING_RATE} mentions/s, members' delivery p99 ≤ ${DELIVERY_P99_TARGET_MS} ms meanwhile`,
    met: ratio >= INCOMING_RATIO_TARGET && hookP99 <= OUTGOING_P99_TARGET_MS && deliveryP99 <= DELIVERY_P99_TARGET_MS,
    runs: incoming.ratios.map((each) => round(each)),
    incoming_per_second: round(median(incoming.hooks), 0),
    outgoing_p99_ms: round(hookP99),
    outgoing_runs: outgoing.hookP99s.map((each) => round(each)),
    delivery_p99_ms: round(deliveryP99),
    note: `Incoming: ${CONCURRENCY} concurrent clients posting GitHub's one-commit push fixture to /external/github (key in the query) against POST /messages to the same ${org.channels[0].subscribers.length}-subscriber channel, ${plan.runs * 3} rounds of ${plan.throughputSeconds / 3 + 1} s each, alternated on one server; the ratio is the median of the rounds'. Outgoing: ${OUTGOING_RATE} mentions/s of an outgoing-webhook bot for ${plan.latencySeconds} s (after 3 s untimed) in a channel of ${outgoing.members} long-polling members; the local service answers each with a reply the bot posts (${outgoing.calls} calls timed in the last run).`,
  };
}
