import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { ApiError } from '@chat/core';
import { authenticateBasic, type Authenticator } from './auth.js';
import { lastOf } from './params.js';
import { labelRoute } from './request-facts.js';
import { answerError, type RouteCallRunner, type ServerErrorLog } from './route-call.js';

/** A request without a body: no Content-Length beyond zero and no chunked transfer. */
const hasNoBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] === undefined || req.headers['content-length'] === '0');

/**
 * Serves the routes marked `lean` on Node's own request and response, before express: a long-poll is
 * re-armed after every event it delivers (thousands a second), and express's layers (prototype swaps,
 * the mount's path trimming, the body parsers' checks, a Basic-auth middleware built per request)
 * were most of what a poll cost. Only the plain case is taken here: the exact path, GET, no body,
 * credentials that authenticate. Everything else, refusals included, goes on to express, so every
 * answer but the successful call is built in one place.
 */
export class LeanLane {
  private readonly runners = new Map<string, RouteCallRunner>();

  constructor(
    prefix: string,
    runners: readonly RouteCallRunner[],
    private readonly authenticator: Authenticator,
    private readonly onServerError?: ServerErrorLog,
  ) {
    for (const runner of runners) {
      const { method, path, auth, upload } = runner.route;
      if (method !== 'GET' || auth !== 'required' || upload || path.includes(':') || path.includes('*')) {
        throw new Error(`Route ${method} ${path} cannot be lean: only GET routes with a fixed path, required auth and no upload`);
      }
      this.runners.set(prefix + path, runner);
    }
  }

  /** The listener that tries the lean lane first and hands everything else to `behind` (express). */
  before(behind: RequestListener): RequestListener {
    return (req, res) => {
      if (!this.serve(req, res, behind)) behind(req, res);
    };
  }

  /** Takes the request when it may be a plain call of a lean route; false leaves it to `behind`. */
  private serve(req: IncomingMessage, res: ServerResponse, behind: RequestListener): boolean {
    if (req.method !== 'GET' || this.runners.size === 0) return false;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const runner = this.runners.get(mark < 0 ? url : url.slice(0, mark));
    if (!runner || !hasNoBody(req)) return false;
    if (!req.headers.authorization) return false;
    labelRoute(req, runner.route.path);
    void this.call(runner, mark < 0 ? '' : url.slice(mark + 1), req, res, behind);
    return true;
  }

  private async call(
    runner: RouteCallRunner,
    query: string,
    req: IncomingMessage,
    res: ServerResponse,
    behind: RequestListener,
  ): Promise<void> {
    try {
      const caller = await authenticateBasic(req, this.authenticator);
      if (caller === null || caller instanceof ApiError) return behind(req, res);
      const params: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(parseQuery(query))) params[name] = lastOf(value);
      await runner.run({ params, path: {}, caller, files: [], req, res });
    } catch (error) {
      answerError(error, req, res, this.onServerError);
    }
  }
}
