import { renderMessage, worldFromLists } from '@chat/markdown';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';

/** The longest message content, in characters. */
const MAX_LENGTH = 10_000;

const fill = (unit: string): string => unit.repeat(Math.ceil(MAX_LENGTH / unit.length)).slice(0, MAX_LENGTH);

/** Ordinary messages whose rendering cost per message is reported. */
const ORDINARY: Record<string, string> = {
  plain: 'Lunch at noon? I booked the usual table, and **Ada** said she would come if the review ends in time.',
  code_block: '```python\ndef speak(self, words):\n    """Say it twice."""\n    for _ in range(2):\n        print(f"{self.name}: {words}")\n    return len(words) * 2\n```',
  math_block: '```math\n\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2} \\qquad \\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}\n```',
};

/** Messages of the maximum length made to be slow: deep nesting, huge math, inputs that backtrack. */
const HOSTILE: Record<string, string> = {
  nested_quotes: fill('>'),
  nested_lists: fill('* '),
  nested_brackets: fill('['),
  unclosed_emphasis: fill('**a *b ~~c '),
  backticks: fill('`a ``b ```c '),
  dotted_hosts: fill('a.'),
  parenthesised_url: `http://x.com/${fill('(')}`,
  huge_math: `$$${fill('\\frac{x^{2^{2}}}{\\sqrt{y}} + ')}$$`,
  many_math: fill('$$\\sqrt{\\frac{a}{b}}$$ '),
  math_block: `\`\`\`math\n${fill('\\left(\\frac{a}{b}\\right)^{n} ').slice(0, MAX_LENGTH - 20)}\n\`\`\``,
  code_block: `\`\`\`python\n${fill('x = [f(y) for y in "s" if y] # c\n').slice(0, MAX_LENGTH - 20)}\n\`\`\``,
  emoji_and_mentions: fill(':smile: @**nobody** #**nowhere** '),
};

const world = worldFromLists({ realmUrl: 'https://chat.example.com' });

/** Median milliseconds of rendering `content`, over `times` renders after a warm-up. */
function medianMs(content: string, times: number): number {
  renderMessage(content, world);
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    renderMessage(content, world);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const round = (ms: number): number => Math.round(ms * 1000) / 1000;

/**
 * The renderer's cost per message (plain text, a code block, a math block) and the slowest of the
 * maximum-length hostile messages, which must render in at most 100 ms. In process, no server.
 */
export function markdownCost(plan: BenchPlan): ScenarioResult {
  const times = plan.quick ? 50 : 200;
  const ordinary = Object.fromEntries(Object.entries(ORDINARY).map(([name, content]) => [name, round(medianMs(content, times))]));
  const hostile = Object.fromEntries(Object.entries(HOSTILE).map(([name, content]) => [name, round(medianMs(content, plan.quick ? 3 : 9))]));
  const worst = Math.max(...Object.values(hostile));
  return {
    value: worst,
    unit: 'ms (slowest hostile message of 10,000 characters)',
    baseline: null,
    baseline_unit: null,
    ratio: null,
    target: 'a maximum-length message of hostile Markdown renders in ≤ 100 ms',
    met: worst <= 100,
    runs: Object.values(hostile),
    ordinary_ms_per_message: ordinary,
    hostile_ms: hostile,
    note: 'median render time in one process (renderMessage, no server): ordinary messages over many renders, each hostile message over a few',
  };
}
