import cliProgress from 'cli-progress';

/** Progress of an export by log position; a no-op unless someone watches a terminal. */
export interface ExportProgress {
  scanned(position: number): void;
  stop(): void;
}

const silent: ExportProgress = { scanned: () => undefined, stop: () => undefined };

const isTerminal = (stream: NodeJS.WritableStream): boolean => 'isTTY' in stream && stream.isTTY === true;

/**
 * A bar on stderr over the positions from `first` to `last` (the filter's bounds or the log's head).
 * Shown only when stderr is a terminal and the lines do not go to that same terminal, so a pipeline
 * or a test sees none of it. Positions, not events, because most filters skip events; shown as a
 * share only, since a position is no count of events (on EventStoreDB it is a byte offset).
 */
export function exportProgress(stderr: NodeJS.WritableStream, stdoutIsOutput: boolean, stdout: NodeJS.WritableStream, first: number, last: number): ExportProgress {
  if (!isTerminal(stderr) || (stdoutIsOutput && isTerminal(stdout)) || last < first) return silent;
  const bar = new cliProgress.SingleBar(
    { stream: stderr, format: 'export [{bar}] {percentage}% of the positions | {eta_formatted} left', etaBuffer: 1000, fps: 5 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(Math.max(1, last - first), 0);
  return {
    scanned: (position) => bar.update(Math.max(0, position - first)),
    stop: () => bar.stop(),
  };
}
