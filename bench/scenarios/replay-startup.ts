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
  // Each run reads the raw log and then replays it in one process, back to back: the median of the
  // runs' ratios keeps a slow spell of the machine (up to 40 % here) from falling on one side only.
  const ratio = median(rates.map((each, index) => each / rawRates[index]));
  return {
    value: round(value, 0),
    unit: 'events/s rebuilding every read model',
    baseline: round(baseline, 0),
    baseline_unit: 'events/s reading the raw log without projecting',
    ratio: round(ratio),
    target: '≥ 0.5 of the raw log read rate',
    met: ratio >= 0.5,
    runs: rates.map((each) => round(each, 0)),
    baseline_runs: rawRates.map((each) => round(each, 0)),
    events: runs[0]?.events ?? 0,
  };
}

const perMillion = (org: SeededOrg): number => 1_000_000 / (org.size.messages + org.size.firehoseMessages);

/** What a server costs with an organization of one: the part of start-up time and memory no message adds. */
export interface FixedCost {
  startupMs: number;
  rssBytes: number;
}

/** Scales a measure to 1,000,000 messages: the fixed part as it is, the rest in proportion. */
const scaled = (measured: number, fixed: number, scale: number): number => fixed + Math.max(0, measured - fixed) * scale;

/**
 * Time from spawning the server to its first answer, over the seeded log; when the organization holds
 * fewer than 1,000,000 messages, what it adds over an empty server is scaled up to that many.
 */
export function startup(starts: readonly ServerProcess[], org: SeededOrg, fixed: FixedCost | null): ScenarioResult {
  const seconds = starts.map((each) => each.startupMs / 1000);
  const scale = fixed ? perMillion(org) : 1;
  const value = scaled(median(seconds), (fixed?.startupMs ?? 0) / 1000, scale);
  return {
    value: round(value),
    unit: scale > 1 ? 's to serve, per 1,000,000 messages (extrapolated over an empty server)' : 's from start to serving',
    baseline: null,
    baseline_unit: null,
    ratio: null,
    target: '≤ 30 s for 1,000,000 messages',
    met: value <= 30,
    runs: seconds.map((each) => round(each)),
    messages: org.size.messages + org.size.firehoseMessages,
  };
}

/** Resident memory of the server holding the organization, per million messages (scaled as start-up is). */
export function memory(rssBytes: readonly number[], org: SeededOrg, fixed: FixedCost | null): ScenarioResult {
  const megabytes = rssBytes.map((bytes) => bytes / 2 ** 20);
  const value = scaled(median(megabytes), (fixed?.rssBytes ?? 0) / 2 ** 20, fixed ? perMillion(org) : 1);
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
    note: 'Resident set of the server process after start-up and the register measurements; the runs are the raw MB. When the organization holds fewer than 1,000,000 messages, what it adds over an empty server is scaled to that many (an estimate; the quick run has a small organization).',
  };
}
