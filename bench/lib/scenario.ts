/** One scenario's entry in bench/results.json. */
export interface ScenarioResult {
  value: number;
  unit: string;
  baseline: number | null;
  baseline_unit: string | null;
  ratio: number | null;
  target: string;
  met: boolean;
  /** Each run's value (the value is their median). */
  runs: number[];
  /** What was measured, in words, with anything a reader needs to judge the number. */
  note?: string;
  [extra: string]: unknown;
}

/** How big and how long: the full run, or --quick. */
export interface BenchPlan {
  quick: boolean;
  runs: number;
  /** Seconds of each throughput measurement. */
  throughputSeconds: number;
  /** Seconds of steady sending for delivery latency. */
  latencySeconds: number;
}
