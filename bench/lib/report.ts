import { writeFileSync } from 'node:fs';
import os from 'node:os';
import type { ScenarioResult } from './scenario.js';

export interface BenchResults {
  machine: { cpu: string; cores: number; node: string; memory_gb: number };
  date: string;
  quick: boolean;
  organizations: Record<string, unknown>;
  scenarios: Record<string, ScenarioResult>;
  /** Scenarios kept from an earlier run (`--merge`), and when that run was. */
  earlier?: { date: string; scenarios: string[] };
}

export function machine(): BenchResults['machine'] {
  return { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, node: process.version, memory_gb: Math.round(os.totalmem() / 2 ** 30) };
}

const cell = (value: unknown): string => (value === null || value === undefined ? '–' : String(value));

/** A short Markdown table of the results, one row per scenario. */
export function table(results: BenchResults): string {
  const lines = [
    `Benchmark ${results.quick ? '(quick)' : '(full)'} on ${results.machine.cpu}, ${results.machine.cores} cores, Node ${results.machine.node}, ${results.date}`,
    '',
    '| scenario | value | unit | baseline | ratio | target | met |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [name, r] of Object.entries(results.scenarios)) {
    lines.push(`| ${name} | ${cell(r.value)} | ${r.unit} | ${cell(r.baseline)} | ${cell(r.ratio)} | ${r.target} | ${r.met ? 'yes' : '**no**'} |`);
  }
  if (results.earlier) lines.push('', `Kept from the run of ${results.earlier.date}: ${results.earlier.scenarios.join(', ')}.`);
  const judged = Object.entries(results.scenarios).filter(([, r]) => r.baseline !== null && r.baseline_unit !== null);
  if (judged.length > 0) {
    lines.push(
      '',
      'Targets against a baseline taken in the same run (a slow hour moves both; docs/topics/benchmark.md says how each ratio was set):',
      '',
      ...judged.map(([name, r]) => `- ${name}: value ${cell(r.value)} (${r.unit}) against ${cell(r.baseline)} ${r.baseline_unit}; ratio ${cell(r.ratio)}; target: ${r.target}.`),
    );
  }
  return `${lines.join('\n')}\n`;
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A bar per scenario: how much of its budget the measurement uses (100% is the target; lower is
 * better), so one picture shows where the server stands against every target at once.
 */
export function chart(results: BenchResults, budgets: Record<string, number>): string {
  const entries = Object.entries(budgets);
  const width = 760;
  const rowHeight = 34;
  const left = 170;
  const scale = (width - left - 80) / 200;
  const rows = entries.map(([name, used], index) => {
    const y = 40 + index * rowHeight;
    const shown = Math.min(used, 200);
    const colour = used <= 100 ? '#3a8d5c' : '#c0392b';
    return [
      `<text x="${left - 8}" y="${y + 17}" text-anchor="end" font-size="13">${escapeXml(name)}</text>`,
      `<rect x="${left}" y="${y + 4}" width="${Math.max(1, shown * scale)}" height="18" fill="${colour}"/>`,
      `<text x="${left + shown * scale + 6}" y="${y + 17}" font-size="12">${used.toFixed(0)}%</text>`,
    ].join('');
  });
  const height = 60 + entries.length * rowHeight;
  const targetX = left + 100 * scale;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">`,
    `<text x="10" y="22" font-size="14">Share of each target used (${escapeXml(results.date)}; ≤ 100% meets it)</text>`,
    ...rows,
    `<line x1="${targetX}" y1="34" x2="${targetX}" y2="${height - 10}" stroke="#333" stroke-dasharray="4 3"/>`,
    '</svg>',
  ].join('\n');
}

export function write(dir: string, results: BenchResults, budgets: Record<string, number>): void {
  writeFileSync(`${dir}/results.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${dir}/results.md`, table(results));
  writeFileSync(`${dir}/results.svg`, chart(results, budgets));
}
