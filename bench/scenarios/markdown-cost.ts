import { MarkdownRenderingError, renderMessage, worldFromLists } from '@chat/markdown';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { median } from '../lib/stats.js';

/** The longest message content, in characters. */
const MAX_LENGTH = 10_000;

const fill = (unit: string, length = MAX_LENGTH): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const fenced = (info: string, unit: string): string => `\`\`\`${info}\n${fill(unit, MAX_LENGTH - info.length - 8)}\n\`\`\``;

/** Ordinary messages whose rendering cost per message is reported. */
const ORDINARY: Record<string, string> = {
  plain: 'Lunch at noon? I booked the usual table, and **Ada** said she would come if the review ends in time.',
  code_block: '```python\ndef speak(self, words):\n    """Say it twice."""\n    for _ in range(2):\n        print(f"{self.name}: {words}")\n    return len(words) * 2\n```',
  math_block: '```math\n\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2} \\qquad \\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}\n```',
};

/**
 * The same-run baseline: an ordinary message of the maximum length (prose with the usual markup), so
 * the hostile figures can be read against what the renderer does with honest text on this machine now.
 */
const ORDINARY_LONGEST = fill('Lunch at noon? I booked the **usual table**, see https://example.com/menu and `the list`; *Ada* said she would come if the review ends in time.\n\n');

const wideArray = `\\begin{array}{${'c'.repeat(100)}}${'a&'.repeat(99)}a\\end{array}\n\n`;

/**
 * Messages of the maximum length made to be slow: deep nesting, unclosed markers, math KaTeX is slow
 * on (many formulas, wide arrays, size changes), long and many code blocks, nested fences.
 */
const HOSTILE: Record<string, string> = {
  nested_quotes: fill('>'),
  nested_lists: fill('* '),
  nested_brackets: fill('['),
  bang_brackets: fill('!['),
  unclosed_emphasis: fill('**a *b ~~c '),
  backticks: fill('`a ``b ```c '),
  parenthesised_url: `http://x.com/${fill('(', MAX_LENGTH - 13)}`,
  many_urls: fill('http://a.b/c?d=e#f '),
  many_formulas: fill('$$\\sqrt{\\frac{a}{b}}$$ '),
  huge_formula: `$$${fill('\\frac{x^{2^{2}}}{\\sqrt{y}} + ', MAX_LENGTH - 4)}$$`,
  wide_arrays: fenced('math', wideArray),
  size_changes: fenced('math', '\\Huge x \\tiny y \n\n'),
  long_code: fenced('html', '<a '),
  many_code_blocks: fill('```py\nx=1\n```\n'),
  nested_quote_fences: fill('```quote\n'),
  nested_spoilers: fill('```spoiler x\n'),
  table_rows: fill('|a|b|\n|-|-|\n'),
  mixed_markers: fill('**_~~`$$[>'),
  emoji_and_mentions: fill(':smile: @**nobody** #**nowhere** '),
};

const world = worldFromLists({ realmUrl: 'https://chat.example.com' });

/** Milliseconds of each of `times` renders of `content`, after a warm-up (a refusal counts as a render). */
function renderTimes(content: string, times: number): number[] {
  const render = (): void => {
    try {
      renderMessage(content, world);
    } catch (error) {
      if (!(error instanceof MarkdownRenderingError)) throw error;
    }
  };
  render();
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    render();
    samples.push(performance.now() - started);
  }
  return samples;
}

const round = (ms: number): number => Math.round(ms * 1000) / 1000;

/**
 * The renderer's cost per message (plain text, a code block, a math block: the median of many
 * renders) and the render time of maximum-length hostile messages, each the median of a few renders;
 * the value is the slowest of those, which must be at most 100 ms. In process, no server.
 */
export function markdownCost(plan: BenchPlan): ScenarioResult {
  const ordinary = Object.fromEntries(Object.entries(ORDINARY).map(([name, content]) => [name, round(median(renderTimes(content, plan.quick ? 200 : 1000)))]));
  const hostile = Object.fromEntries(Object.entries(HOSTILE).map(([name, content]) => [name, round(median(renderTimes(content, plan.quick ? 5 : 15)))]));
  const worst = Math.max(...Object.values(hostile));
  const baseline = round(median(renderTimes(ORDINARY_LONGEST, plan.quick ? 10 : 30)));
  return {
    value: worst,
    unit: 'ms (slowest maximum-length hostile message)',
    baseline,
    baseline_unit: 'ms (an ordinary maximum-length message, prose with the usual markup, same process, same run)',
    ratio: baseline > 0 ? Math.round((worst / baseline) * 100) / 100 : null,
    target: 'a maximum-length message of hostile Markdown renders in ≤ 100 ms',
    met: worst <= 100,
    runs: Object.values(hostile),
    slowest: Object.entries(hostile).find(([, ms]) => ms === worst)?.[0],
    ordinary_ms_per_message: ordinary,
    hostile_ms: hostile,
    note: 'renderMessage in one process, no server; each figure a median of renders after a warm-up. runs: each hostile message, in the order of hostile_ms. The target stays absolute (a bound on what one hostile message may cost, whatever the hour); the ordinary message of the same length is the same-run baseline, and the ratio says how the hour moved it',
  };
}
