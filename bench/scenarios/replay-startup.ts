import { execFileSync } from 'node:child_process';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { ROOT } from '../lib/server-process.js';
import { median, round } from '../lib/stats.js';
import type { GrowthPoint } from './growth.js';

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

/** The growth per 1,000,000 messages between the smallest and the largest organization measured. */
function slope(points: readonly GrowthPoint[], measure: (point: GrowthPoint) => number): number {
  const [low, high] = [points[0], points[points.length - 1]];
  return ((measure(high) - measure(low)) / (high.messages - low.messages)) * 1_000_000;
}

const curve = (points: readonly GrowthPoint[], measure: (point: GrowthPoint) => number[], digits: number) =>
  points.map((point) => ({ messages: point.messages, median: round(median(measure(point)), digits), runs: measure(point).map((each) => round(each, digits)) }));

/**
 * Start-up time per 1,000,000 messages: the slope of the median restart time (from the read-models
 * snapshot, then the log after it) between two sizes of the same organization, so the process's own
 * start (Node, the code, the organization's fixed part) is not counted. Each size's cold start (the
 * whole log replayed, no snapshot yet) is reported beside it.
 */
export function startup(points: readonly GrowthPoint[]): ScenarioResult {
  const value = slope(points, (point) => median(point.startSeconds));
  return {
    value: round(value),
    unit: 's of start-up per 1,000,000 messages (slope between the sizes measured)',
    baseline: null,
    baseline_unit: null,
    ratio: null,
    target: '≤ 2 s per 1,000,000 messages',
    met: value <= 2,
    runs: points.flatMap((point) => point.startSeconds.map((each) => round(each))),
    curve: curve(points, (point) => point.startSeconds, 2),
    cold: points.map((point) => ({ messages: point.messages, seconds: round(point.coldSeconds) })),
    note: 'Each size: a first start replays the whole log and writes a read-models snapshot, then each run restarts from it. `runs` lists every restart, smallest organization first.',
  };
}

/** Resident memory per 1,000,000 messages: the slope of the median resident set as the restarted server starts serving. */
export function memory(points: readonly GrowthPoint[]): ScenarioResult {
  const value = slope(points, (point) => median(point.rssMegabytes));
  return {
    value: round(value, 0),
    unit: 'MB resident per 1,000,000 messages (slope between the sizes measured)',
    baseline: null,
    baseline_unit: null,
    ratio: null,
    target: '≤ 300 MB per 1,000,000 messages with 30 recipients each',
    met: value <= 300,
    runs: points.flatMap((point) => point.rssMegabytes.map((each) => round(each, 0))),
    curve: curve(points, (point) => point.rssMegabytes, 0),
    note: 'Resident set of the server process as it starts serving from its snapshot, before any request; `runs` lists every restart, smallest organization first.',
  };
}
