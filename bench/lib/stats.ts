/** Order statistics of a sample: the benchmark reports medians of runs and percentiles of latencies. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[at];
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;
