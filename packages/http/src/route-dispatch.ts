import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '@chat/core';
import { sendError } from './envelope.js';
import { labelRoute } from './request-facts.js';
import type { PathParams, RouteIndex } from './route-index.js';

/** What runs for one route: its middleware in order, then the view with the path parameters. */
export interface RouteChain {
  /** The path as registered (`/users/:user_id`): the request log's and the metrics' route. */
  label: string;
  middleware: readonly RequestHandler[];
  view: (req: Request, res: Response, path: PathParams) => Promise<void>;
}

/**
 * A table's routes behind one middleware: the route comes from the index rather than from express
 * testing its layers one by one. A known path with another method is answered 405 (`refuse`, the
 * API) or passed on as unknown (`pass`, the pages); an unknown path is passed on, to the pages and
 * the not-found handler. A malformed escape in a path parameter is
 * thrown here, and express hands it to the error handler.
 */
export function routeDispatcher(index: RouteIndex<RouteChain>, wrongMethod: 'refuse' | 'pass'): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const found = index.match(req.method, req.path);
    if (found.kind === 'found') {
      labelRoute(req, found.target.label);
      return runChain(found.target, found.params, req, res, next);
    }
    if (found.kind === 'unknown-path' || wrongMethod === 'pass') return next();
    const allowed = { allowed_methods: found.allowed };
    sendError(res, new ApiError('METHOD_NOT_ALLOWED', 405, 'Method Not Allowed', allowed), { Allow: found.allowed.join(', ') });
  };
}

/** As express runs a route: an error thrown, rejected or passed to next skips the rest for the error handler. */
function runChain(chain: RouteChain, path: PathParams, req: Request, res: Response, next: NextFunction): void {
  let position = 0;
  const step = (error?: unknown): void => {
    if (error) return next(error);
    const middleware = chain.middleware[position++];
    if (middleware === undefined) return invoke(() => chain.view(req, res, path), next);
    invoke(() => middleware(req, res, step), next);
  };
  step();
}

function invoke(handler: () => unknown, next: NextFunction): void {
  try {
    const outcome = handler();
    if (outcome instanceof Promise) outcome.catch((error: unknown) => next(error || new Error('Rejected promise')));
  } catch (error) {
    next(error);
  }
}
