import { type Progress, progressOf } from '../progress.js';

/** Progress of an export by log position. */
export interface ExportProgress {
  scanned(position: number): void;
  stop(): void;
}

const isTerminal = (stream: NodeJS.WritableStream): boolean => 'isTTY' in stream && stream.isTTY === true;

/**
 * Progress over the positions from `first` to `last` (the filter's bounds or the log's head), as the
 * other long verbs show it (progress.ts): a bar with the time left when stderr is a terminal and the
 * lines do not go to that same terminal, a plain line every ten seconds when stderr is not a terminal
 * (a job's log). Positions, not events, because most filters skip events (on EventStoreDB a position
 * is a byte offset).
 */
export function exportProgress(stderr: NodeJS.WritableStream, stdoutIsOutput: boolean, stdout: NodeJS.WritableStream, first: number, last: number, plainEveryMs?: number): ExportProgress {
  const resultsOnTerminal = stdoutIsOutput && isTerminal(stdout);
  const shown: Progress = progressOf('export', stderr, Math.max(0, last - first), { unit: 'positions', resultsOnTerminal, plainEveryMs });
  return {
    scanned: (position) => shown.update(Math.max(0, position - first)),
    stop: () => shown.stop(),
  };
}
