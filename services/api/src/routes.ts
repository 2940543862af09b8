import type { Route } from '@chat/http';
import { RequestLedger } from './commands/request-ledger.js';
import { FEATURES } from './features/all-features.js';
import type { RouteContext } from './features/feature.js';
import { routeRows } from './features/feature-lists.js';
import type { ServerContext } from './server-context.js';

/**
 * The one route table: every feature's rows (method, path under /api/v1 or a page's from the root,
 * authentication, request schema, view), in the features' order, each bound to the server's context
 * with the process's health and metrics.
 */
export function routeTable(server: ServerContext, ops: Pick<RouteContext, 'health' | 'metrics'>): Route[] {
  // The same object, not a copy: whatever replaces a part of the context later (tests do) is what views see.
  const ctx: RouteContext = Object.assign(server, ops);
  const ledger = new RequestLedger({ requests: ctx.models.requests, bus: ctx.bus, clock: ctx.clock, readPosition: () => ctx.runner.position });
  return routeRows(FEATURES).map(({ view, upload, ...row }) => ({
    ...row,
    ...(upload ? { upload: upload(ctx.config) } : {}),
    // A write that carries a request id goes through the ledger: a retry gets the first answer.
    handle: (call) => (call.retry ? ledger.answer(call, () => view(ctx, call)) : view(ctx, call)),
  }));
}
