import type { RequestListener, Server } from 'node:http';
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp, createGuardedServer, frontDoor, loadRequestSchemas } from '@chat/http';
import { ApiKeyAuthenticator } from './authenticator.js';
import { bootstrapOrganization, type BootstrapOutcome, ownerToCreate } from './bootstrap.js';
import { bindKeysToLog } from './keys/open-subject-keys.js';
import { closeContext, composeServer, type Overrides } from './compose.js';
import type { Config } from './config.js';
import type { WriterLease } from '@chat/eventstore';
import { type DataDirLock, lockDataDir } from './ops/data-dir-lock.js';
import { stopServing } from './ops/graceful-stop.js';
import { ServerHealth } from './ops/health.js';
import { ServerMetrics } from './ops/metrics.js';
import { INCOMING_LEFTOVER_AGE_MS, removeIncomingLeftovers } from './ops/incoming-leftovers.js';
import { loggablePath } from './secrets/log-redaction.js';
import { Passwords } from './secrets/passwords.js';
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

/** Takes the data directory, composes the server, listens, and creates the organization on first start. */
export async function startServer(config: Config, overrides: Overrides = {}): Promise<RunningServer> {
  preparePrivateDir(config.dataDir);
  const lock: DataDirLock | null = ownsDataDir(config) ? lockDataDir(config.dataDir) : null;
  const metrics = new ServerMetrics();
  // A first start on the embedded log hashes its owner's password while the stores open.
  const firstOwner = config.eventStore === 'sqlite' && !existsSync(join(config.dataDir, 'events.sqlite3')) ? ownerToCreate(config, new Passwords(config.scryptCost)) : null;
  let ctx: ServerContext;
  let lease: WriterLease | null = null;
  try {
    lease = await takeWriterLease(config, overrides);
    ctx = await composeServer(config, overrides, { appendSeconds: (seconds) => metrics.observeAppend(seconds), storageFailure: (area) => metrics.observeStorageFailure(area) });
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
    const health = new ServerHealth(ctx.runner, ctx.store, ctx.clock, ctx.storage);
    metrics.watch(health, { liveQueues: () => ctx.queues.stores.queues.count(), heldPolls: () => ctx.queues.heldPolls() }, ctx.storage);
    metrics.watchForgetting(ctx.scrubber, ctx.keys);
    const authenticator = new ApiKeyAuthenticator(ctx.models, ctx.apiKeys);
    rateLimits = await openRateLimits(config);
    const { limits } = rateLimits;
    // What interrupted exports and uploads left: all of it when the directory is this server's alone.
    const leftovers = await removeIncomingLeftovers(config.dataDir, lock ? 0 : INCOMING_LEFTOVER_AGE_MS);
    if (leftovers.length > 0) ctx.log.info({ removed: leftovers }, 'leftovers of interrupted exports and uploads removed');
    mkdirSync(join(config.dataDir, 'incoming'), { recursive: true, mode: 0o700 });
    const app = createApp({
      rateLimits: limits,
      routes: routeTable(ctx, { health, metrics }),
      schemas: loadRequestSchemas(),
      authenticator,
      uploadDir: join(config.dataDir, 'incoming'),
      onUploadStorageFull: (error) => ctx.storage.failed('uploads', error),
      onServerError: (error, req) => ctx.log.error({ err: error, method: req.method, path: loggablePath(req.url ?? '') }, 'request failed'),
    });
    const log = requestLog(ctx.log);
    const listener = frontDoor(app, (req, res, facts) => {
      log(req, res, facts);
      metrics.observeRequest(req, res, facts);
    });
    // The port is bound before the organization is created, so a first start that cannot bind (the
    // port taken) creates nothing and the next one shows the generated password; requests that
    // arrive meanwhile wait for the organization.
    let organizationReady: (ok: boolean) => void = () => {};
    const organization = new Promise<boolean>((resolve) => (organizationReady = resolve));
    const server = await new Promise<Server>((resolve, reject) => {
      const listening = createGuardedServer(heldUntil(organization, listener), config.timeouts);
      listening.once('error', reject);
      listening.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
        listening.off('error', reject);
        resolve(listening);
      });
    });
    server.keepAliveTimeout = 65_000;
    const port = (server.address() as AddressInfo).port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    if (!config.externalUrlExplicit) ctx.config.externalUrl = url;
    let bootstrap: BootstrapOutcome;
    try {
      bootstrap = await bootstrapOrganization(ctx, firstOwner);
      await bindKeysToLog(ctx.keys, ctx.store);
      organizationReady(true);
    } catch (error) {
      organizationReady(false);
      server.close();
      server.closeAllConnections();
      throw error;
    }
    // Timed work (scheduled jobs, the idle-queue sweep) runs on the scheduler's tick.
    const stopScheduler = startSchedulerTimer(ctx.scheduler, config.schedulerTickMs, ctx.log);
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

/** Answers requests once `ready` says the organization exists (dropping them if it never will). */
function heldUntil(ready: Promise<boolean>, listener: RequestListener): RequestListener {
  let open = false;
  void ready.then((ok) => (open = ok));
  return (req, res) => {
    if (open) return listener(req, res);
    void ready.then((ok) => (ok ? listener(req, res) : res.destroy()));
  };
}
