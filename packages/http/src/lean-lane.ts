import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import basicAuth from 'basic-auth';
import { ApiError } from '@chat/core';
import type { Authenticator } from './auth.js';
import { answerError, type RouteCallRunner, type ServerErrorLog } from './route-call.js';

const lastOf = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[value.length - 1] : value);

/** A request without a body: no Content-Length beyond zero and no chunked transfer. */
const hasNoBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] === undefined || req.headers['content-length'] === '0');

/**
 * Serves the routes marked `lean` on Node's own request and response, before express: a long-poll is
 * re-armed after every event it delivers (thousands a second), and express's layers (prototype swaps,
 * the mount's path trimming, the body parsers' checks, a Basic-auth middleware built per request)
 * cost more than the poll itself. Only the plain case is taken here: the exact path, GET, no body,
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

  /** Express behind the lean lane. */
  in(front: RequestListener): RequestListener {
    return (req, res) => {
      if (!this.serve(req, res, front)) front(req, res);
    };
  }

  /** Takes the request when it is a plain call of a lean route; false leaves it to the caller. */
  private serve(req: IncomingMessage, res: ServerResponse, fallback: RequestListener): boolean {
    if (req.method !== 'GET' || this.runners.size === 0) return false;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const runner = this.runners.get(mark < 0 ? url : url.slice(0, mark));
    if (!runner || !hasNoBody(req)) return false;
    const credentials = basicAuth(req);
    if (!credentials) return false;
    this.authenticator.authenticate(credentials.name, credentials.pass).then(
      (caller) => {
        if (caller instanceof ApiError) return fallback(req, res);
        const params: Record<string, unknown> = {};
        if (mark >= 0) for (const [name, value] of Object.entries(parseQuery(url.slice(mark + 1)))) params[name] = lastOf(value);
        return runner.run({ params, path: {}, caller, files: [], req, res });
      },
    ).catch((error: unknown) => answerError(error, req, res, this.onServerError));
    return true;
  }
}
