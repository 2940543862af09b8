import { type CallOf, HANDLED, type RouteResult, sendJson } from '@chat/http';
import type { ServerHealth } from './health.js';
import type { ServerMetrics } from './metrics.js';

/*
 * GET /health (the process answers: liveness), GET /ready (200 only while it should get traffic,
 * else 503 with the reason) and GET /metrics (Prometheus text format). Outside /api/v1 and without
 * credentials, as orchestrators and scrapers call them; route /metrics only to your monitoring.
 */

export async function healthPage(_ctx: unknown, call: CallOf<'empty'>): Promise<RouteResult> {
  sendJson(call.raw.res, 200, { status: 'ok' });
  return HANDLED;
}

export async function readyPage(ctx: { health: ServerHealth }, call: CallOf<'empty'>): Promise<RouteResult> {
  const { ready, reason, failing, storage, lag } = await ctx.health.readiness();
  sendJson(call.raw.res, ready ? 200 : 503, {
    status: ready ? 'ready' : 'not_ready',
    ...(reason ? { reason } : {}),
    ...(failing ? { failing } : {}),
    ...(storage ? { storage } : {}),
    lag_events: lag?.events ?? null,
    lag_seconds: lag?.seconds ?? null,
  });
  return HANDLED;
}

export async function metricsPage(ctx: { metrics: ServerMetrics }, call: CallOf<'empty'>): Promise<RouteResult> {
  const text = await ctx.metrics.registry.metrics();
  call.raw.res.writeHead(200, { 'Content-Type': ctx.metrics.registry.contentType, 'Content-Length': Buffer.byteLength(text) });
  call.raw.res.end(text);
  return HANDLED;
}
