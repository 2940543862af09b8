import type { Server } from 'node:http';

/** How long requests in flight get to finish once the server stops accepting, before their connections are cut. */
export const DRAIN_MS = 3_000;

/**
 * Stops serving in order: no new connections, held polls answered (clients poll again elsewhere or
 * after the restart), idle keep-alive connections closed, requests in flight given DRAIN_MS to
 * finish, then every connection cut. The caller flushes and closes the stores after this.
 */
export async function stopServing(server: Server, answerHeldPolls: () => void, drainMs = DRAIN_MS): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  answerHeldPolls();
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs)));
  await Promise.race([closed, late]);
  clearTimeout(timer);
  server.closeAllConnections();
  await closed;
}
