import type { Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp, createGuardedServer, frontDoor, loadRequestSchemas, redactedTarget } from '@chat/http';
import { ApiKeyAuthenticator } from './authenticator.js';
import { bootstrapOrganization, type BootstrapOutcome } from './bootstrap.js';
import { bindKeysToLog } from './keys/open-subject-keys.js';
import { closeContext, composeServer, type Overrides } from './compose.js';
import type { Config } from './config.js';
import type { WriterLease } from '@chat/eventstore';
import { type DataDirLock, lockDataDir } from './ops/data-dir-lock.js';
import { stopServing } from './ops/graceful-stop.js';
import { ServerHealth } from './ops/health.js';
import { ServerMetrics } from './ops/metrics.js';
import { preparePrivateDir } from './files/private-files.js';
import { type OpenRateLimits, openRateLimits } from './ops/rate-limits.js';
import { requestLog } from './ops/request-log.js';
import { routeTable } from './routes.js';
import type { ServerContext } from './server-context.js';
import { startSchedulerTimer } from './scheduler/scheduler-timer.js';

/**
 * Connections the kernel may hold for the server to accept (it caps this at net.core.somaxconn, 4096
 * by default). Node's own default, 511, overflowed when thousands of clients connected at once (after a
 * restart, or the capacity benchmark's): the kernel dropped or reset the overflow, so some long polls
 * failed with ECONNRESET and others arrived minutes later, after the client's SYN retries.
 */
const LISTEN_BACKLOG = 65_535;

export interface RunningServer {
  ctx: ServerContext;
  url: string;
  port: number;
  bootstrap: BootstrapOutcome;
  health: ServerHealth;
  metrics: ServerMetrics;
  close(): Promise<void>;
}

/**
 * The data directory is this server's alone unless both the log and the read side live elsewhere
 * (EventStoreDB and MongoDB: replicas then share DATA_DIR for the secret, uploads and mail).
 */
const ownsDataDir = (config: Config): boolean => !(config.eventStore === 'esdb' && config.readStore === 'mongodb');

/**
 * One writer per EventStoreDB log (docs/topics/operations.md, "One writer per log"): taken before
 * anything is read or written, waiting a while for a holder that is stopping.
 */
async function takeWriterLease(config: Config, overrides: Overrides): Promise<WriterLease | null> {
  if (config.eventStore !== 'esdb' || !config.esdbUrl) return null;
  const lease = (await import('./production-stores.js')).connectWriterLease(config.esdbUrl, config.stores.esdbStreamPrefix);
  try {
    await lease.acquire(config.stores.writerLeaseWaitMs, (error) => overrides.onFatal?.(new Error(`lost the log's writer lease: ${error.message}`, { cause: error })));
  } catch (error) {
    await lease.release().catch(() => undefined);
    throw error;
  }
  return lease;
}

/** Takes the data directory, composes the server, creates the organization on first start, and listens. */
export async function startServer(config: Config, overrides: Overrides = {}): Promise<RunningServer> {
  preparePrivateDir(config.dataDir);
  const lock: DataDirLock | null = ownsDataDir(config) ? lockDataDir(config.dataDir) : null;
  const metrics = new ServerMetrics();
  let ctx: ServerContext;
  let lease: WriterLease | null = null;
  try {
    lease = await takeWriterLease(config, overrides);
    ctx = await composeServer(config, overrides, { appendSeconds: (seconds) => metrics.observeAppend(seconds) });
  } catch (error) {
    metrics.stop();
    await lease?.release().catch(() => undefined);
    lock?.release();
    throw error;
  }
  let rateLimits: OpenRateLimits | null = null;
  const release = async (): Promise<void> => {
    await rateLimits?.close();
    await closeContext(ctx);
    await lease?.release();
    metrics.stop();
    lock?.release();
  };
  try {
    const bootstrap = await bootstrapOrganization(ctx);
    await bindKeysToLog(ctx.keys, ctx.store);
    const health = new ServerHealth(ctx.runner, ctx.store, ctx.clock);
    metrics.watch(health, { liveQueues: () => ctx.queues.stores.queues.count(), heldPolls: () => ctx.queues.heldPolls() });
    metrics.watchForgetting(ctx.scrubber, ctx.keys);
    const authenticator = new ApiKeyAuthenticator(ctx.models, ctx.apiKeys);
    rateLimits = await openRateLimits(config);
    const { limits } = rateLimits;
    mkdirSync(join(config.dataDir, 'incoming'), { recursive: true, mode: 0o700 });
    const app = createApp({
      rateLimits: limits,
      routes: routeTable(ctx, { health, metrics }),
      schemas: loadRequestSchemas(),
      authenticator,
      uploadDir: join(config.dataDir, 'incoming'),
      onServerError: (error, req) => ctx.log.error({ err: error, method: req.method, url: redactedTarget(req.url ?? '') }, 'request failed'),
    });
    const log = requestLog(ctx.log);
    const listener = frontDoor(app, (req, res, facts) => {
      log(req, res, facts);
      metrics.observeRequest(req, res, facts);
    });
    const server = await new Promise<Server>((resolve, reject) => {
      const listening = createGuardedServer(listener, config.timeouts);
      listening.once('error', reject);
      listening.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
        listening.off('error', reject);
        resolve(listening);
      });
    });
    server.keepAliveTimeout = 65_000;
    // Timed work (scheduled jobs, the idle-queue sweep) runs on the scheduler's tick.
    const stopScheduler = startSchedulerTimer(ctx.scheduler, config.schedulerTickMs, ctx.log);
    const port = (server.address() as AddressInfo).port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    if (!config.externalUrlExplicit) ctx.config.externalUrl = url;
    return {
      ctx,
      port,
      url,
      bootstrap,
      health,
      metrics,
      close: async () => {
        health.markStopping();
        await stopScheduler();
        await stopServing(server, () => ctx.queues.answerHeld());
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
