import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ids = new WeakMap<IncomingMessage, string>();
const routes = new WeakMap<IncomingMessage, string>();

/** A client's own id is kept when it is short and printable; anything else gets a new one. */
const USABLE_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * The request's id: the client's `X-Request-Id` when usable, else one made here. Made once per
 * request; the same id is logged, echoed in the response header and stored with the events.
 */
export function requestIdOf(req: IncomingMessage): string {
  let id = ids.get(req);
  if (id === undefined) {
    const sent = req.headers['x-request-id'];
    id = typeof sent === 'string' && USABLE_ID.test(sent) ? sent : randomUUID();
    ids.set(req, id);
  }
  return id;
}

/** Records which route answers the request (its path as registered, `/users/:user_id`), for the request log and metrics. */
export function labelRoute(req: IncomingMessage, label: string): void {
  routes.set(req, label);
}

/** The route label, or null when no route took the request (unknown path, pages, refusals in front). */
export function routeLabelOf(req: IncomingMessage): string | null {
  return routes.get(req) ?? null;
}
