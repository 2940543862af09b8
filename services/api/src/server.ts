import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp, createGuardedServer, frontDoor, loadRequestSchemas } from '@chat/http';
import { ApiKeyAuthenticator } from './authenticator.js';
import { bootstrapOrganization, type BootstrapOutcome } from './bootstrap.js';
import { closeContext, composeServer, type Overrides } from './compose.js';
import type { Config } from './config.js';
import { confirmEmailChange } from './endpoints/confirm-email.js';
import { requestLog } from './ops/request-log.js';
import { type OpenRateLimits, openRateLimits } from './ops/rate-limits.js';
import { routeTable } from './routes.js';
import { mountUploadDownloads } from './uploads/serve-upload.js';
import type { ServerContext } from './server-context.js';
import { startSchedulerTimer } from './scheduler/scheduler-timer.js';

export interface RunningServer {
  ctx: ServerContext;
  url: string;
  port: number;
  bootstrap: BootstrapOutcome;
  close(): Promise<void>;
}

/** Composes the server, creates the organization on first start, and listens. */
export async function startServer(config: Config, overrides: Overrides = {}): Promise<RunningServer> {
  const ctx = await composeServer(config, overrides);
  let rateLimits: OpenRateLimits | null = null;
  try {
    const bootstrap = await bootstrapOrganization(ctx);
    const authenticator = new ApiKeyAuthenticator(ctx.models, ctx.apiKeys);
    rateLimits = await openRateLimits(config);
    const { limits } = rateLimits;
    const app = createApp({
      rateLimits: limits,
      routes: routeTable(ctx),
      schemas: loadRequestSchemas(),
      authenticator,
      uploadDir: join(config.dataDir, 'incoming'),
      onServerError: (error, req) => ctx.log.error({ err: error, method: req.method, url: req.url }, 'request failed'),
      mountPages: (pages) => {
        pages.get('/accounts/confirm_new_email/:token', confirmEmailChange(ctx));
        mountUploadDownloads(pages, ctx, authenticator, limits);
      },
    });
    const server = await new Promise<Server>((resolve, reject) => {
      const listening = createGuardedServer(frontDoor(app, requestLog(ctx.log)), config.timeouts);
      listening.once('error', reject);
      listening.listen(config.port, config.host, () => {
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
      close: async () => {
        await stopScheduler();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await rateLimits?.close();
        await closeContext(ctx);
      },
    };
  } catch (error) {
    await rateLimits?.close();
    await closeContext(ctx);
    throw error;
  }
}
