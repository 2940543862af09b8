import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The facts are kept on the request object itself, under symbols no one else uses: a WeakMap entry per
 * request is an ephemeron the garbage collector must trace for every request in flight (19,000 held
 * polls re-armed 2,000 times a second made each map's table churn and its collection slower).
 */
const ID = Symbol('request id');
const ROUTE = Symbol('route label');
type Tagged = IncomingMessage & { [ID]?: string; [ROUTE]?: string };

/** A client's own id is kept when it is short and printable; anything else gets a new one. */
const USABLE_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * The request's id: the client's `X-Request-Id` when usable, else one made here. Made once per
 * request; the same id is logged, echoed in the response header and stored with the events.
 */
export function requestIdOf(req: IncomingMessage): string {
  const tagged: Tagged = req;
  let id = tagged[ID];
  if (id === undefined) {
    const sent = req.headers['x-request-id'];
    id = typeof sent === 'string' && USABLE_ID.test(sent) ? sent : randomUUID();
    tagged[ID] = id;
  }
  return id;
}

/** Records which route answers the request (its path as registered, `/users/:user_id`), for the request log and metrics. */
export function labelRoute(req: IncomingMessage, label: string): void {
  (req as Tagged)[ROUTE] = label;
}

/** The route label, or null when no route took the request (unknown path, pages, refusals in front). */
export function routeLabelOf(req: IncomingMessage): string | null {
  return (req as Tagged)[ROUTE] ?? null;
}
