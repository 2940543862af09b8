import { sameShape, sequentialTimes, withBareExpress } from '../lib/bare-express-run.js';
import { authOf, ChatApi } from '../lib/chat-api.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import type { ServerProcess } from '../lib/server-process.js';
import { median, quantile, round } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';

const REGISTERS = 40;
/**
 * The target: p50 at most this many times bare express answering the same request with as many
 * bytes, in the same run (see docs/topics/benchmark.md, "Targets against same-run baselines").
 */
export const REGISTER_RATIO_TARGET = 8;

/** POST /register (every section) for a member of the large organization, on a server already started. */
export async function registerLatency(plan: BenchPlan, server: ServerProcess, org: SeededOrg): Promise<ScenarioResult> {
  const user = org.users[7];
  const api = new ChatApi(server.url);
  const runs: number[] = [];
  const baselines: number[] = [];
  const p90s: number[] = [];
  const parses: number[] = [];
  let bytes = 0;
  try {
    for (let run = 0; run < plan.runs; run++) {
      const times: number[] = [];
      for (let i = 0; i < REGISTERS + 5; i++) {
        const started = performance.now();
        const answer = await api.http.request({ method: 'POST', path: '/api/v1/register', auth: authOf(user) });
        if (answer.status !== 200) throw new Error(`POST /register: ${answer.status} ${answer.body.slice(0, 300)}`);
        const parsing = performance.now();
        const state = JSON.parse(answer.body) as { queue_id: string };
        if (i >= 5) {
          times.push(answer.receivedAt - started);
          parses.push(performance.now() - parsing);
        }
        bytes = Buffer.byteLength(answer.body);
        await api.call('DELETE', '/events', user, { queue_id: state.queue_id });
      }
      runs.push(median(times));
      p90s.push(quantile(times, 0.9));
      // Right after: bare express receiving the same request and sending as many bytes.
      const spec = { method: 'POST', path: '/api/v1/register' } as const;
      baselines.push(await withBareExpress(async (bare) => (await sequentialTimes(bare.url, sameShape(spec, bytes), REGISTERS)).p50));
    }
  } finally {
    api.close();
  }
  const value = median(runs);
  const ratio = median(runs.map((each, index) => each / baselines[index]));
  return {
    value: round(value),
    unit: 'ms (p50 POST /register, all sections, until the last byte arrived)',
    baseline: round(median(baselines)),
    baseline_unit: 'ms (p50 of bare express answering the same request with as many bytes, same run)',
    ratio: round(ratio),
    target: `p50 ≤ ${REGISTER_RATIO_TARGET} × bare express's`,
    met: ratio <= REGISTER_RATIO_TARGET,
    runs: runs.map((each) => round(each)),
    baseline_runs: baselines.map((each) => round(each)),
    p90_ms: round(median(p90s)),
    // The client's own work after the answer arrived, outside the server's latency.
    client_parse_p50_ms: round(median(parses)),
    answer_bytes: bytes,
    note: `${REGISTERS} registers per run after 5 warm-ups, for a member of ${org.channels.length} channels' organization with ${org.users.length} users and ${org.size.messages + org.size.firehoseMessages} messages.`,
  };
}
