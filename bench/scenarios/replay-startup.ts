import { execFileSync } from 'node:child_process';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { ROOT, type ServerProcess } from '../lib/server-process.js';
import { median, round } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';

interface ReplayRun {
  events: number;
  rawSeconds: number;
  replaySeconds: number;
}

/** Rebuilding every read model from the log, against reading the raw log without projecting. */
export function replay(plan: BenchPlan, dataDir: string): ScenarioResult {
  const runs: ReplayRun[] = [];
  for (let run = 0; run < plan.runs; run++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--max-old-space-size=8192', 'bench/tools/replay-rate.ts', dataDir], { cwd: ROOT, maxBuffer: 1 << 20 });
    runs.push(JSON.parse(out.toString()) as ReplayRun);
  }
  const rates = runs.map((run) => run.events / run.replaySeconds);
  const rawRates = runs.map((run) => run.events / run.rawSeconds);
  const value = median(rates);
  const baseline = median(rawRates);
  return {
    value: round(value, 0),
    unit: 'events/s rebuilding every read model',
    baseline: round(baseline, 0),
    baseline_unit: 'events/s reading the raw log without projecting',
    ratio: round(value / baseline),
    target: '≥ 0.5 of the raw log read rate',
    met: value / baseline >= 0.5,
    runs: rates.map((each) => round(each, 0)),
    events: runs[0]?.events ?? 0,
  };
}

const perMillion = (org: SeededOrg): number => 1_000_000 / (org.size.messages + org.size.firehoseMessages);

/** Time from spawning the server to its first answer, over the seeded log (scaled to 1M messages when smaller). */
export function startup(starts: readonly ServerProcess[], org: SeededOrg): ScenarioResult {
  const seconds = starts.map((each) => each.startupMs / 1000);
  const scale = Math.max(1, perMillion(org));
  const value = median(seconds) * scale;
  return {
    value: round(value),
    unit: scale > 1 ? 's to serve, per 1,000,000 messages (extrapolated linearly)' : 's from start to serving',
    baseline: null,
    baseline_unit: null,
    ratio: null,
    target: '≤ 30 s for 1,000,000 messages',
    met: value <= 30,
    runs: seconds.map((each) => round(each)),
    messages: org.size.messages + org.size.firehoseMessages,
  };
}

/** Resident memory of the server holding the organization, per million messages. */
export function memory(rssBytes: readonly number[], org: SeededOrg): ScenarioResult {
  const megabytes = rssBytes.map((bytes) => bytes / 2 ** 20);
  const value = median(megabytes) * perMillion(org);
  return {
    value: round(value, 0),
    unit: 'MB resident per 1,000,000 messages',
    baseline: null,
    baseline_unit: null,
    ratio: null,
    target: '≤ 2048 MB for 1,000,000 messages with 30 recipients each',
    met: value <= 2048,
    runs: megabytes.map((each) => round(each, 0)),
    messages: org.size.messages + org.size.firehoseMessages,
    note: 'Resident set of the server process after start-up and the register measurements; the runs are the raw MB. Scaled linearly when the organization holds fewer than 1,000,000 messages, which overstates the per-message cost of the fixed part.',
  };
}
