import { execFileSync } from 'node:child_process';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { ROOT } from '../lib/server-process.js';
import { median, round } from '../lib/stats.js';
import type { FirstStarts, GrowthPoint } from './growth.js';

/** Start-up targets (issue 31), on a quiet machine: the bare node:http start beside them says how quiet it was. */
const EMPTY_START_TARGET_S = 1;
const RESTART_TARGET_S = 1.5;
const SLOPE_TARGET_S = 2;

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
 * Start-up, as `npm start` runs: the value is the restart of the largest organization (from its
 * read-models snapshot, then the log after it), from spawning the process to its first answer; beside
 * it the first start on an empty data directory, the slope of the restart time between the two sizes
 * (what a server costs per 1,000,000 messages of history), each size's cold start (the whole log
 * replayed), and the same-run baseline: a bare node:http process started the same way.
 */
export function startup(points: readonly GrowthPoint[], first: FirstStarts): ScenarioResult {
  const largest = points[points.length - 1];
  const value = median(largest.startSeconds);
  const empty = median(first.seconds);
  const perMillion = slope(points, (point) => median(point.startSeconds));
  const bare = median(first.bareSeconds);
  return {
    value: round(value),
    unit: `s from spawning \`npm start\`'s process to its first answer, restarting with ${largest.messages} messages`,
    baseline: round(bare, 3),
    baseline_unit: 's (a bare node:http process, spawned and asked the same way, same run)',
    ratio: round(value / bare),
    target: `≤ ${RESTART_TARGET_S} s at 1,000,000 messages and ≤ ${EMPTY_START_TARGET_S} s on an empty data directory (quiet machine: bare start well under 0.1 s); ≤ ${SLOPE_TARGET_S} s per 1,000,000 messages`,
    met: value <= RESTART_TARGET_S && empty <= EMPTY_START_TARGET_S && perMillion <= SLOPE_TARGET_S,
    runs: largest.startSeconds.map((each) => round(each)),
    cpu_s: round(median(largest.startCpuSeconds)),
    empty_dir_s: round(empty),
    empty_dir_runs: first.seconds.map((each) => round(each)),
    empty_dir_cpu_s: round(median(first.cpuSeconds)),
    baseline_runs: first.bareSeconds.map((each) => round(each, 3)),
    baseline_cpu_s: round(median(first.bareCpuSeconds), 3),
    slope_s_per_million: round(perMillion),
    curve: curve(points, (point) => point.startSeconds, 2),
    cold: points.map((point) => ({ messages: point.messages, seconds: round(point.coldSeconds) })),
    note: 'Each size: a first start replays the whole log and writes a read-models snapshot, then each run restarts from it. Empty data directory: the organization and owner created (password hashed at the default cost), after two unmeasured first starts that warm the page cache. cpu_s: CPU time of the server (every thread) until its first answer, less sensitive to a busy machine than the wall time. Start-up is judged on the wall time itself, the baseline saying how quiet the machine was: a process start does not slow in proportion to a busy hour (at a load of 15–20 on the two cores, bare node:http took 1–2 s and the server 4–10 s), so a ratio to it would flatter a busy machine.',
  };
}

/**
 * Memory per 1,000,000 messages: the slope of what the models hold once every page is touched (the
 * anonymous resident set as the restarted server starts serving, plus its mapped snapshot arrays in
 * full); the resident set itself, which counts only the mapped pages touched, beside it.
 */
export function memory(points: readonly GrowthPoint[]): ScenarioResult {
  const value = slope(points, (point) => median(point.modelMegabytes));
  return {
    value: round(value, 0),
    unit: 'MB resident per 1,000,000 messages (slope between the sizes measured)',
    baseline: null,
    baseline_unit: null,
    ratio: null,
    target: '≤ 300 MB per 1,000,000 messages with 30 recipients each',
    met: value <= 300,
    runs: points.flatMap((point) => point.modelMegabytes.map((each) => round(each, 0))),
    curve: curve(points, (point) => point.modelMegabytes, 0),
    resident_at_start_per_million: round(slope(points, (point) => median(point.rssMegabytes)), 0),
    resident_at_start_runs: points.flatMap((point) => point.rssMegabytes.map((each) => round(each, 0))),
    note: 'As the restarted server starts serving from its snapshot, before any request: its anonymous resident memory (heap, stacks) plus the snapshot arrays file it maps, counted in full as if every page were touched (`runs`, every restart, smallest organization first). The resident set itself counts only the mapped pages touched so far (`resident_at_start_*`); untouched ones stay in the page cache, which the kernel may drop and read again.',
  };
}
