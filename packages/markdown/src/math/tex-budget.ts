import { renderTex } from './tex.js';

/** The longest formula rendered (about 25 ms of KaTeX's time at worst); a longer one shows its source. */
export const MAX_TEX_LENGTH = 2000;

/**
 * Math a message always has rendered, by an estimate of KaTeX's work in microseconds (0.15 ms a
 * formula and 12 µs a character): some 50 short formulas or 800 characters of TeX render alike on
 * any machine, however busy.
 */
export const TEX_ALLOWANCE = 10_000;

/** Past the allowance, formulas render while KaTeX has spent less than this on the message. */
export const TEX_TIME_BUDGET_MS = 30;

/** What one message's math has cost so far, and the clock it is measured with. */
export interface TexBudget {
  estimated: number;
  spentMs: number;
  readonly now: () => number;
}

export const texBudget = (now: () => number = () => performance.now()): TexBudget => ({ estimated: 0, spentMs: 0, now });

/**
 * TeX as KaTeX renders it, or null (its source is then shown in a `tex-error` span, as for math KaTeX
 * refuses) when KaTeX refuses it, it is longer than MAX_TEX_LENGTH, or the message is past both its
 * allowance and its time budget: a message of hostile math still renders within about 60 ms.
 */
export function budgetedTex(tex: string, display: boolean, budget: TexBudget): string | null {
  if (tex.length > MAX_TEX_LENGTH) return null;
  budget.estimated += 150 + 12 * tex.length;
  if (budget.estimated > TEX_ALLOWANCE && budget.spentMs >= TEX_TIME_BUDGET_MS) return null;
  const started = budget.now();
  const html = renderTex(tex, display);
  budget.spentMs += budget.now() - started;
  return html;
}
