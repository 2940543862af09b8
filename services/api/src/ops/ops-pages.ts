import type { Express, NextFunction, Request, Response } from 'express';
import { sendJson } from '@chat/http';
import type { ServerHealth } from './health.js';
import type { ServerMetrics } from './metrics.js';

/**
 * GET /health (the process answers: liveness), GET /ready (200 only while it should get traffic,
 * else 503 with the reason) and GET /metrics (Prometheus text format). Outside /api/v1 and without
 * credentials, as orchestrators and scrapers call them; route /metrics only to your monitoring.
 */
export function mountOpsPages(app: Express, health: ServerHealth, metrics: ServerMetrics): void {
  app.get('/health', (_req: Request, res: Response) => sendJson(res, 200, { status: 'ok' }));
  app.get('/ready', (_req: Request, res: Response, next: NextFunction) => {
    health.readiness().then((readiness) => {
      const { ready, reason, failing, storage, lag } = readiness;
      sendJson(res, ready ? 200 : 503, {
        status: ready ? 'ready' : 'not_ready',
        ...(reason ? { reason } : {}),
        ...(failing ? { failing } : {}),
        ...(storage ? { storage } : {}),
        lag_events: lag?.events ?? null,
        lag_seconds: lag?.seconds ?? null,
      });
    }, next);
  });
  app.get('/metrics', (_req: Request, res: Response, next: NextFunction) => {
    metrics.registry.metrics().then((text) => {
      res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    }, next);
  });
}
