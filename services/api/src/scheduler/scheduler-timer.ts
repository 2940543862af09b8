import type { Logger } from 'pino';
import type { DueWork } from './due-work.js';

/**
 * Calls `runDue` every `tickMs` (0: never), skipping a tick while the previous run is still going.
 * Stopping waits for a run in progress, so the stores are not closed under it.
 */
export function startSchedulerTimer(scheduler: DueWork, tickMs: number, log: Logger): () => Promise<void> {
  let current: Promise<unknown> | null = null;
  const stopPrompt = tickMs > 0 ? scheduler.runPromptJobs?.() : undefined;
  const timer =
    tickMs > 0
      ? setInterval(() => {
          if (current) return;
          current = scheduler
            .runDue()
            .catch((error: unknown) => log.error({ err: error }, 'scheduler tick failed'))
            .finally(() => {
              current = null;
            });
        }, tickMs).unref()
      : null;
  return async () => {
    if (timer) clearInterval(timer);
    await current;
    await stopPrompt?.();
  };
}
