import type { IncomingMessage, RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError } from '@chat/core';
import { bodyCap, bodyLimitsOf, urlencodedBody } from './body-limits.js';
import { basicAuthentication, callerOf, type Authenticator } from './auth.js';
import { limitBy, limitPasswordAttempt, NO_RATE_LIMITS, type RateLimits } from './rate-limit.js';
import { sendError } from './envelope.js';
import { LeanLane } from './lean-lane.js';
import { filesOf, multipartBody } from './multipart.js';
import { gatherParams } from './params.js';
import type { RequestSchemaCheck } from './request-schemas.js';
import { answerError, RouteCallRunner } from './route-call.js';
import { routeDispatcher, type RouteChain } from './route-dispatch.js';
import { RouteIndex } from './route-index.js';
import type { Route } from './route.js';

export const API_PREFIX = '/api/v1';

export interface AppOptions {
  routes: readonly Route[];
  schemas: ReadonlyMap<string, RequestSchemaCheck>;
  authenticator: Authenticator;
  onServerError?: (error: unknown, req: IncomingMessage) => void;
  /** Where file parts are written while they arrive (a directory only the server reads; the system's temporary one by default). */
  uploadDir?: string;
  /** Per user, per address and authentication limits (none by default). */
  rateLimits?: RateLimits;
  /** Told when a file part could not be written for lack of space (the request is answered STORAGE_FULL). */
  onUploadStorageFull?: (error: unknown) => void;
}

/**
 * Builds the server's request listener from the one route table: express for auth, decoding,
 * validation and envelopes, with the lean lane in front for the routes marked `lean`. The API's
 * routes are matched under /api/v1, then the pages' (downloads, links, ops endpoints) from the root.
 */
export function createApp(options: AppOptions): RequestListener {
  const runners = options.routes.map((route) => new RouteCallRunner(route, schemaOf(route, options)));
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  const api = new RouteIndex<RouteChain>();
  const pages = new RouteIndex<RouteChain>();
  for (const runner of runners) (runner.route.page ? pages : api).add(runner.route.method, runner.route.path, routeChain(runner, options));
  app.use(API_PREFIX, routeDispatcher(api, 'refuse'));
  app.use(routeDispatcher(pages, 'pass'));
  app.use((req: Request, res: Response) =>
    sendError(res, new ApiError('NOT_FOUND', 404, `Endpoint not found: ${req.method} ${req.path}`)),
  );
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => answerError(error, req, res, options.onServerError));
  const lean = runners.filter((runner) => runner.route.lean === true);
  return new LeanLane(API_PREFIX, lean, options.authenticator, options.onServerError).before(app);
}

function schemaOf(route: Route, options: AppOptions): RequestSchemaCheck {
  const check = options.schemas.get(route.schema);
  if (!check) throw new Error(`No request schema '${route.schema}' for ${route.method} ${route.path}`);
  return check;
}

/**
 * A route's chain through express: the address's limit for strangers, Basic auth where the route asks
 * for it, the user's limit, and only then its body (urlencoded or multipart) within the route's
 * limits, then the call. Nothing of a body is read before the caller is known, and a stranger's body
 * is small.
 */
function routeChain(runner: RouteCallRunner, options: AppOptions): RouteChain {
  const { route } = runner;
  const limits = options.rateLimits ?? NO_RATE_LIMITS;
  const body = bodyLimitsOf(route);
  return {
    label: route.path,
    middleware: [...callerChecks(route, options.authenticator, limits), bodyCap(body), ...(route.rawBody ? [] : [urlencodedBody(body)]), multipartBody(body, route.upload, options.uploadDir ?? tmpdir(), options.onUploadStorageFull)],
    view: async (req, res, path) => {
      const params = gatherParams(req);
      const call = () => runner.run({ params, path, caller: callerOf(req), files: filesOf(req), req, res });
      const account = route.authAttempt && params[route.authAttempt.accountParam];
      await (typeof account === 'string' && account !== '' ? limitPasswordAttempt(limits, account, call) : call());
    },
  };
}

/**
 * Who may call, and how often: strangers per address, callers per user (neither the long-poll nor an
 * unmetered route is counted; credentials are always checked within the authentication limit).
 */
function callerChecks(route: Route, authenticator: Authenticator, limits: RateLimits): RequestHandler[] {
  const checks: RequestHandler[] = [];
  const byAddress = !route.unmetered && limits.ip && limitBy(limits.ip, (req) => (callerOf(req) ? null : limits.clientAddress(req)));
  if (route.auth === 'none') {
    if (byAddress) checks.push(byAddress);
    return checks;
  }
  checks.push(basicAuthentication(authenticator, route.auth === 'optional', limits));
  if (limits.user && !route.lean && !route.unmetered) checks.push(limitBy(limits.user, (req) => String(callerOf(req)?.user_id ?? '') || null));
  if (byAddress && route.auth === 'optional') checks.push(byAddress);
  return checks;
}
