import type { IncomingMessage, RequestListener } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { ApiError } from '@chat/core';
import { basicAuthentication, callerOf, type Authenticator } from './auth.js';
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
  bodyLimit?: string;
  /** Pages outside the API (confirmation links), mounted before the not-found handler. */
  mountPages?: (app: Express) => void;
}

/**
 * Builds the server's request listener from the one route table: express for auth, decoding,
 * validation and envelopes, with the lean lane in front for the routes marked `lean`.
 */
export function createApp(options: AppOptions): RequestListener {
  const runners = options.routes.map((route) => new RouteCallRunner(route, schemaOf(route, options)));
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  const limit = options.bodyLimit ?? '1mb';
  const index = new RouteIndex<RouteChain>();
  for (const runner of runners) index.add(runner.route.method, runner.route.path, routeChain(runner, options));
  app.use(API_PREFIX, express.urlencoded({ extended: false, limit, parameterLimit: 10000 }), routeDispatcher(index));
  options.mountPages?.(app);
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

/** A route's chain through express: Basic auth where it asks for it, its multipart body, then the call. */
function routeChain(runner: RouteCallRunner, options: AppOptions): RouteChain {
  const { route } = runner;
  const auth = route.auth === 'none' ? [] : [basicAuthentication(options.authenticator, route.auth === 'optional')];
  return {
    middleware: [...auth, multipartBody(route.upload)],
    view: (req, res, path) => runner.run({ params: gatherParams(req), path, caller: callerOf(req), files: filesOf(req), req, res }),
  };
}
