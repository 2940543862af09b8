import { authOf } from '../lib/chat-api.js';
import { withChatServer } from '../lib/chat-server-run.js';
import { runLoad } from '../lib/load-process.js';
import type { PacedTask, PollResult } from '../lib/load-tasks.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { median, quantile, round } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';

const RATE = 100;
/**
 * Seconds of sending before the measured part, by the same sender: a fresh server (and a fresh sender)
 * compiles its hot paths in the first seconds.
 */
const WARM_UP_SECONDS = 3;

/**
 * Every subscriber of a 30-subscriber channel long-polls GET /events (re-arming after each answer);
 * one process sends 100 messages/s; each arrival is timed against its send time.
 */
export async function deliveryLatency(plan: BenchPlan, seedDir: string, org: SeededOrg): Promise<ScenarioResult> {
  const channel = org.channels[0];
  const members = org.users.filter((user) => channel.subscribers.includes(user.id));
  const p99s: number[] = [];
  const p50s: number[] = [];
  const cpuPerMessage: number[] = [];
  let deliveries = 0;
  for (let run = 0; run < plan.runs; run++) {
    await withChatServer(seedDir, async (chat, api) => {
      const pollers = await api.queues(members);
      const polling = runLoad<PollResult>({ kind: 'poll', url: chat.url, users: pollers, durationMs: (WARM_UP_SECONDS + plan.latencySeconds) * 1000 + 3000, expectMessages: 0 });
      await polling.ready;
      // Warm-up messages carry no send time, so the pollers receive them without timing them.
      const sending: PacedTask = {
        kind: 'paced',
        url: chat.url,
        rate: RATE,
        durationMs: (WARM_UP_SECONDS + plan.latencySeconds) * 1000,
        unstampedMs: WARM_UP_SECONDS * 1000,
        request: { method: 'POST', path: '/api/v1/messages', params: { type: 'stream', to: channel.name, topic: 'latency', content: 'Latency probe' }, auth: authOf(members[0]) },
      };
      const cpuBefore = chat.cpuMs();
      const sent = await runLoad<{ sent: number; failed: number }>(sending).result;
      cpuPerMessage.push((chat.cpuMs() - cpuBefore) / sent.sent);
      if (sent.failed > 0) throw new Error(`${sent.failed} sends failed`);
      const result = await polling.result;
      if (result.failed > 0) throw new Error(`${result.failed} polls failed`);
      p50s.push(quantile(result.latenciesMs, 0.5));
      p99s.push(quantile(result.latenciesMs, 0.99));
      deliveries = result.latenciesMs.length;
    });
  }
  const value = median(p99s);
  return {
    value: round(value),
    unit: 'ms (p99 send-to-delivery)',
    baseline: null,
    baseline_unit: null,
    ratio: null,
    target: 'p99 ≤ 25 ms at 100 messages/s with 30 recipients each',
    met: value <= 25,
    runs: p99s.map((each) => round(each)),
    p50_ms: round(median(p50s)),
    // Robust to a busy machine where latency is not: what one message costs the server, delivery included.
    server_cpu_ms_per_message: round(median(cpuPerMessage)),
    note: `${RATE} messages/s for ${plan.latencySeconds} s to ${members.length} long-polling recipients (${deliveries} deliveries timed in the last run), after ${WARM_UP_SECONDS} s of untimed sending at the same rate.`,
  };
}
