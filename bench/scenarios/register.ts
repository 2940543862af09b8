import { ChatApi } from '../lib/chat-api.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import type { ServerProcess } from '../lib/server-process.js';
import { median, quantile, round } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';

const REGISTERS = 40;

/** POST /register (every section) for a member of the large organization, on a server already started. */
export async function registerLatency(plan: BenchPlan, server: ServerProcess, org: SeededOrg): Promise<ScenarioResult> {
  const user = org.users[7];
  const api = new ChatApi(server.url);
  const runs: number[] = [];
  const p90s: number[] = [];
  try {
    for (let run = 0; run < plan.runs; run++) {
      const times: number[] = [];
      for (let i = 0; i < REGISTERS + 5; i++) {
        const started = performance.now();
        const state = await api.call('POST', '/register', user);
        if (i >= 5) times.push(performance.now() - started);
        await api.call('DELETE', '/events', user, { queue_id: String(state.queue_id) });
      }
      runs.push(median(times));
      p90s.push(quantile(times, 0.9));
    }
  } finally {
    api.close();
  }
  const value = median(runs);
  return {
    value: round(value),
    unit: 'ms (p50 POST /register, all sections)',
    baseline: null,
    baseline_unit: null,
    ratio: null,
    target: '≤ 100 ms p50',
    met: value <= 100,
    runs: runs.map((each) => round(each)),
    p90_ms: round(median(p90s)),
    note: `${REGISTERS} registers per run after 5 warm-ups, for a member of ${org.channels.length} channels' organization with ${org.users.length} users and ${org.size.messages + org.size.firehoseMessages} messages.`,
  };
}
