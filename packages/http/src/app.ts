import { randomUUID } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { ApiError } from '@chat/core';
import { basicAuthentication, callerOf, type Authenticator } from './auth.js';
import { sendError, sendJson, successBody, toApiError } from './envelope.js';
import { filesOf, multipartBody } from './multipart.js';
import { gatherParams, unknownParams } from './params.js';
import type { RequestSchemaCheck } from './request-schemas.js';
import { routeDispatcher, type RouteChain } from './route-dispatch.js';
import { RouteIndex, type PathParams } from './route-index.js';
import { HANDLED, type Route } from './route.js';

export const API_PREFIX = '/api/v1';

export interface AppOptions {
  routes: readonly Route[];
  schemas: ReadonlyMap<string, RequestSchemaCheck>;
  authenticator: Authenticator;
  onServerError?: (error: unknown, req: Request) => void;
  bodyLimit?: string;
  /** Pages outside the API (confirmation links), mounted before the not-found handler. */
  mountPages?: (app: Express) => void;
}

/** Builds the express app from the one route table: auth, decoding, validation, envelopes. */
export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  const limit = options.bodyLimit ?? '1mb';
  const index = new RouteIndex<RouteChain>();
  for (const route of options.routes) index.add(route.method, route.path, routeChain(route, options));
  app.use(API_PREFIX, express.urlencoded({ extended: false, limit, parameterLimit: 10000 }), routeDispatcher(index));
  options.mountPages?.(app);
  app.use((req: Request, res: Response) =>
    sendError(res, new ApiError('NOT_FOUND', 404, `Endpoint not found: ${req.method} ${req.path}`)),
  );
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) options.onServerError?.(error, req);
    if (!res.headersSent) sendError(res, apiError);
  });
  return app;
}

/** A route's chain: Basic auth where it asks for it, its multipart body, then parameters → view → envelope. */
function routeChain(route: Route, options: AppOptions): RouteChain {
  const check = options.schemas.get(route.schema);
  if (!check) throw new Error(`No request schema '${route.schema}' for ${route.method} ${route.path}`);
  const auth = route.auth === 'none' ? [] : [basicAuthentication(options.authenticator, route.auth === 'optional')];
  const middleware = [...auth, multipartBody(route.upload)];
  const view = async (req: Request, res: Response, pathParams: PathParams): Promise<void> => {
    const params = gatherParams(req);
    const ignored = unknownParams(params, check.known);
    for (const name of ignored) delete params[name];
    const path: Record<string, unknown> = { ...pathParams };
    check.check(Object.assign(params, path));
    for (const name of Object.keys(path)) {
      path[name] = params[name];
      delete params[name];
    }
    const result = await route.handle({
      params,
      path,
      caller: callerOf(req),
      requestId: String(req.headers['x-request-id'] ?? randomUUID()),
      client: String(req.headers['user-agent'] ?? ''),
      raw: { req, res },
      files: filesOf(req),
    });
    if (result !== HANDLED) sendJson(res, 200, successBody(result, ignored));
  };
  return { middleware, view };
}
